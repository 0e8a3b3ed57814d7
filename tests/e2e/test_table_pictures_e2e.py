"""The dice as pictures on the channel's table, through Discord as the emulator plays it: after a
throw the table message carries the dice as a PNG attachment whose description (the alt text a
screen reader speaks) names the dice and what they make, in the server's language, and it stays
until the next throw changes it."""

from __future__ import annotations

from emulator import Message
from tests.e2e.dice import LoadedCulDeChouette
from tests.e2e.table import act, open_table, seat_and_start, table_message
from tests.e2e.tavern import Tavern

ARTHUR_STARTS = [1, 5, 6]  # the order dice: Arthur throws first
VELUTE = [2, 3, 5]
DICE = "des.png"
PNG = b"\x89PNG\r\n\x1a\n"


def dice_picture(table: Message) -> tuple[int, bytes, str | None]:
    picture = table.attachment(DICE)
    assert picture.data.startswith(PNG)
    return picture.id, picture.data, picture.description


async def test_the_table_shows_the_thrown_dice_as_a_picture_named_in_words(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + VELUTE)}):
        lobby = await open_table(emu, tavern.channel, tavern.arthur)
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval, tavern.karadoc])
        table = table_message(tavern.channel)
        assert [a.filename for a in table.attachments] == []  # nothing thrown yet: no picture
        await act(emu, table, tavern.arthur, "lancer")
        chouettes = dice_picture(table)
        assert chouettes[2] == "Chouettes : 2 et 3 · le cul reste à lancer"
        await act(emu, table, tavern.arthur, "lancer")
        velute = dice_picture(table)
        assert velute[2] == "Chouettes : 2 et 3 · cul : 5 — Velute de 5 : 50 points"
        assert velute[1] != chouettes[1] and velute[0] != chouettes[0]
        # The turn has passed to Perceval: the table still shows what Arthur's throw made, until
        # Perceval's own chouettes fall.
        assert "Perceval" in table.text()
        await act(emu, table, tavern.perceval, "lancer")
        his = dice_picture(table)
        assert his[2] is not None and his[2].startswith("Chouettes : ") and "le cul reste à lancer" in his[2]
        assert his[0] != velute[0]
    emu.assert_no_violations()


async def test_on_an_english_server_the_picture_is_described_in_english(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + VELUTE)}):
        await emu.slash(tavern.channel, emu.owner, "config", {"langue": "en"})
        lobby = await open_table(emu, tavern.channel, tavern.arthur)
        joined = [await emu.click(lobby, user, label="Join") for user in (tavern.perceval, tavern.karadoc)]
        assert not any(j.errors for j in joined)
        started = await emu.click(lobby, tavern.arthur, label="Start")
        assert not started.errors
        table = table_message(tavern.channel)
        await act(emu, table, tavern.arthur, "lancer")
        await act(emu, table, tavern.arthur, "lancer")
        assert dice_picture(table)[2] == "Chouettes: 2 and 3 · cul: 5 — Velute of 5: 50 points"
    emu.assert_no_violations()
