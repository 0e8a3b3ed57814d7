"""The table as players see it on Discord: one layout message (the flag, no embed beside it) in the
game's colour, its header, scoreboard, picture with words for screen readers, news and buttons in
that order; /scores shows the same without buttons; an abandoned table keeps its words and
picture and loses its buttons."""

from __future__ import annotations

from emulator import Emulator
from emulator.limits import COMPONENTS_V2_FLAG
from games.barricade import GAME
from tests import layout
from tests.e2e.table import open_table, seat_and_start, table_message
from tests.e2e.tavern import Tavern

CONTAINER, TEXT, GALLERY, ROW = 17, 10, 12, 1


async def test_a_barricade_table_is_one_layout_message_in_reading_order(emu: Emulator, tavern: Tavern) -> None:
    arthur, perceval = tavern.arthur, tavern.perceval
    async with tavern.bot({"barricade": GAME}):
        lobby = await open_table(emu, tavern.channel, arthur, "barricade", "graine=11")
        await seat_and_start(emu, lobby, arthur, [perceval])
        table = table_message(tavern.channel)
        assert table.flags & COMPONENTS_V2_FLAG and table.embeds == [] and table.content == ""
        [container] = table.components
        assert container["type"] == CONTAINER and container["accent_color"]
        kinds = [c["type"] for c in container["components"]]
        # header, scoreboard, the board, the news, then (after a separator) the buttons.
        assert kinds[:4] == [TEXT, TEXT, GALLERY, TEXT] and kinds[-1] == ROW
        assert layout.header(table.components) == "⛏️ Barricade / Ruée vers l'or"
        assert "À jouer" in layout.fields(table.components)
        [picture] = table.gallery()
        assert picture["media"]["url"] == "attachment://plateau.png" and picture["description"]
        assert [a.filename for a in table.attachments] == ["plateau.png"]
        assert "Quitter" in table.button_labels

        scores = await emu.slash(tavern.channel, perceval, "scores")
        shown = scores.message
        assert scores.ephemeral and shown is not None and shown.flags & COMPONENTS_V2_FLAG
        assert shown.buttons == [] and "graine=11" in shown.text()
        assert layout.fields(shown.components) == layout.fields(table.components)
        assert [a.filename for a in shown.attachments] == ["plateau.png"]

        done = await emu.slash(tavern.channel, arthur, "abandonner")
        assert not done.ephemeral
        await emu.wait_until(lambda: table.buttons == [] and table.selects == [], 5, "the table's buttons taken off")
        assert layout.header(table.components) == "⛏️ Barricade / Ruée vers l'or"
        assert len(table.gallery()) == 1 and [a.filename for a in table.attachments] == ["plateau.png"]
    emu.assert_no_violations()
