"""Who may do what: /abandonner and /config without the right are refused; one server's tables are
out of reach from another server (its commands, its channels, buttons forged with a table's id)."""

from __future__ import annotations

import pytest

from bot.ui.ids import to36
from emulator import Emulator
from tests.databases import connect
from tests.e2e.dice import LoadedCulDeChouette
from tests.e2e.table import act, open_table, seat_and_start, table_message
from tests.e2e.tavern import Tavern

pytestmark = pytest.mark.both_databases

MANAGE_GUILD = 1 << 5
ARTHUR_STARTS = [1, 5, 6]


def open_tables(tavern: Tavern) -> list[tuple[int, str]]:
    with connect(tavern.database) as db:
        return list(
            db.execute("SELECT channel_id, status FROM sessions WHERE status IN ('lobby', 'playing') ORDER BY id")
        )


async def test_abandon_is_refused_to_a_player_who_is_neither_host_nor_manager(
    emu: Emulator, tavern: Tavern
) -> None:
    moderator = emu.add_user("Dame du Lac")
    tavern.guild.add_member(moderator, permissions=MANAGE_GUILD)
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS)}):
        lobby = await open_table(emu, tavern.channel, tavern.arthur)
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval, tavern.karadoc])
        table = table_message(tavern.channel)
        for someone in (tavern.perceval, tavern.outsider):
            refused = await emu.slash(tavern.channel, someone, "abandonner")
            assert refused.ephemeral and "Arthur" in refused.content, refused.content
        assert open_tables(tavern) == [(tavern.channel.id, "playing")]
        assert table.buttons, "the table was closed by a refused /abandonner"
        # Manage Server may end a game that is not theirs.
        done = await emu.slash(tavern.channel, moderator, "abandonner")
        assert not done.ephemeral and "abandonnée" in done.content
        assert open_tables(tavern) == []
    emu.assert_no_violations()


async def test_config_is_refused_without_manage_server_and_changes_nothing(
    emu: Emulator, tavern: Tavern
) -> None:
    admin = emu.add_user("Merlin")
    tavern.guild.add_member(admin, permissions=MANAGE_GUILD)
    async with tavern.bot():
        for someone in (tavern.arthur, tavern.outsider):
            for options in (
                {},
                {"langue": "en"},
                {"salons": "partout"},
                {"jeu": "cabane", "options": "mode=bataille"},
            ):
                refused = await emu.slash(tavern.channel, someone, "config", options)
                assert refused.ephemeral and "Gérer le serveur" in refused.content, refused.content
        with connect(tavern.database) as db:
            assert list(db.execute("SELECT * FROM guild_settings")) == []
        saved = await emu.slash(
            tavern.channel, admin, "config", {"jeu": "cabane", "options": "mode=bataille"}
        )
        assert saved.ephemeral and "enregistrés" in saved.content
        with connect(tavern.database) as db:
            assert len(list(db.execute("SELECT * FROM guild_settings"))) == 1
    emu.assert_no_violations()


async def test_another_servers_table_is_out_of_reach(emu: Emulator, tavern: Tavern) -> None:
    """Léodagan is on both servers; on the other one he tries /abandonner, /scores, and a button
    forged with Kaamelott's table id and turn, in a channel of his server."""
    other = emu.add_guild("Carmélide")
    elsewhere = other.add_channel("taverne")
    other.add_member(tavern.outsider, permissions=MANAGE_GUILD)
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS)}) as bot:
        lobby = await open_table(emu, tavern.channel, tavern.arthur)
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval, tavern.karadoc])
        table = table_message(tavern.channel)
        session = bot.manager.in_channel(tavern.channel.id)
        assert session is not None and session.state is not None
        before, edits = session.state, table.edits

        abandon = await emu.slash(elsewhere, tavern.outsider, "abandonner")
        assert abandon.ephemeral and "Aucune table" in abandon.content
        scores = await emu.slash(elsewhere, tavern.outsider, "scores")
        assert scores.ephemeral and "Arthur" not in scores.content

        # A message of his server carrying a button that names Kaamelott's table, this turn, « lancer ».
        own = await emu.slash(elsewhere, tavern.outsider, "jouer", {"jeu": "culdechouette"})
        assert own.message is not None
        forged = own.message.snapshot()
        forged_id = f"tv:{to36(session.id)}:{to36(session.state.turn_no)}:lancer"
        forged.components[0]["components"][0]["custom_id"] = forged_id
        # Even as the player whose turn it is, from the other server: nothing happens at Kaamelott.
        other.add_member(tavern.arthur)
        for user in (tavern.outsider, tavern.arthur):
            reply = await emu.click(forged, user, forged_id)
            assert reply.ephemeral and "rien n'a été fait" in reply.content, reply.content
        assert session.state is before and table.edits == edits
        assert [c for c, _ in open_tables(tavern)] == [tavern.channel.id, elsewhere.id]
        # The table goes on at home.
        thrown = await act(emu, table, tavern.arthur, "lancer")
        assert thrown.response_type == 7 and not thrown.ephemeral
    emu.assert_no_violations()
