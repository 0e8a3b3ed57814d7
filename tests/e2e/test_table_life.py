"""A Taverne table's life beyond the rules: restarts, outsiders, stale buttons, many tables at once."""

from __future__ import annotations

import asyncio

import pytest

from emulator import Channel, User
from tests.e2e.dice import LoadedCulDeChouette
from tests.e2e.players import TimeKeeper, play_cul_de_chouette
from tests.e2e.table import act, open_table, scores, seat_and_start, table_message
from tests.e2e.tavern import Tavern

# Part of the representative end-to-end subset that also runs on PostgreSQL (docs/SCALING.md).
pytestmark = pytest.mark.both_databases

ARTHUR_STARTS = [1, 5, 6]
CHOUETTE_VELUTE = [2, 2, 4]


async def test_after_a_restart_the_game_goes_on_from_the_old_buttons(tavern: Tavern) -> None:
    emu = tavern.emu
    games = {"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + CHOUETTE_VELUTE)}
    async with tavern.bot(games):
        lobby = await open_table(emu, tavern.channel, tavern.arthur)
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval, tavern.karadoc])
        await act(emu, table_message(tavern.channel), tavern.arthur, "lancer")
        table = table_message(tavern.channel)
        assert "2 et 2" in table.text()
    assert not emu.connected
    async with tavern.bot(games):
        # The message and its buttons are the ones sent before the restart.
        assert table_message(tavern.channel) is table
        thrown = await act(emu, table, tavern.arthur, "lancer")
        assert thrown.response_type == 7 and not thrown.ephemeral
        assert "Chouette-Velute de 4" in table.text()
        t = emu.now_ms()
        for n, player in enumerate([tavern.karadoc, tavern.arthur, tavern.perceval]):
            await act(emu, table, player, "pas_mou_le_caillou", at_ms=t + 300 * (n + 1))
        assert scores(table) == {"Arthur": 0, "Perceval": 0, "Karadoc": 32}
    emu.assert_no_violations()


async def test_a_shout_window_that_ended_while_the_bot_was_down_is_settled_after_the_restart(
    tavern: Tavern,
) -> None:
    emu = tavern.emu
    games = {"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + CHOUETTE_VELUTE)}
    async with tavern.bot(games):
        lobby = await open_table(emu, tavern.channel, tavern.arthur)
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval, tavern.karadoc])
        for _ in range(2):
            await act(emu, table_message(tavern.channel), tavern.arthur, "lancer")
        table = table_message(tavern.channel)
        await act(emu, table, tavern.perceval, "pas_mou_le_caillou", at_ms=emu.now_ms() + 100)
        assert scores(table) == {"Arthur": 0, "Perceval": 0, "Karadoc": 0}
    # Down for half a minute: the five-second window ended meanwhile, with Perceval the only one to shout.
    emu.advance(30)
    async with tavern.bot(games):
        # The bot settles what happened while it was away once discord.py is ready (on_ready).
        await emu.wait_until(lambda: scores(table)["Perceval"] == 32, timeout=8, what="the window to close")
        assert scores(table) == {"Arthur": 0, "Perceval": 32, "Karadoc": 0}
        assert "Perceval gagne la Chouette-Velute : +32" in table.text()
    emu.assert_no_violations()


async def test_a_click_by_someone_not_at_the_table_is_refused_privately(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS)}):
        lobby = await open_table(emu, tavern.channel, tavern.arthur)
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval, tavern.karadoc])
        table = table_message(tavern.channel)
        before, edits = table.text(), table.edits
        refused = await act(emu, table, tavern.outsider, "lancer")
        assert refused.ephemeral and refused.message is not None
        assert refused.message.visible_to == tavern.outsider
        # « Tu n'es pas à cette table. » (the wording may change; the meaning may not)
        assert "pas à cette table" in refused.content
        assert table.text() == before and table.edits == edits
    emu.assert_no_violations()


async def test_a_click_on_a_button_from_an_earlier_turn_is_answered_and_changes_nothing(tavern: Tavern) -> None:
    """Arthur's screen lags behind: he clicks « lancer » again on the table as it was before his throw.
    Discord sends that old custom_id with the message as it is now; the bot must answer (privately),
    not leave the player with « Échec de l'interaction », and must not throw twice."""
    emu = tavern.emu
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + CHOUETTE_VELUTE)}):
        lobby = await open_table(emu, tavern.channel, tavern.arthur)
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval, tavern.karadoc])
        table = table_message(tavern.channel)
        on_arthurs_screen = table.snapshot()
        await act(emu, table, tavern.arthur, "lancer")
        after_throw = table.text()
        stale = await act(emu, on_arthurs_screen, tavern.arthur, "lancer")
        assert stale.acknowledged, "no answer: the player sees « Échec de l'interaction »"
        assert stale.ephemeral
        assert "tour précédent" in stale.content
        assert table.text() == after_throw
    emu.assert_no_violations()


async def test_twenty_tables_in_twenty_channels_play_at_once(tavern: Tavern) -> None:
    emu = tavern.emu
    tavern.at_test_speed()
    # The shout windows (1 s) close when the players have shouted and the test moves time on, not
    # while a loaded machine keeps the last shout from reaching the bot in time.
    emu.freeze_clock()
    tables: list[tuple[Channel, list[User]]] = []
    for n in range(20):
        channel = tavern.guild.add_channel(f"table-{n + 1}")
        players = [emu.add_user(f"{name} {n + 1}") for name in ("Arthur", "Perceval", "Karadoc")]
        for player in players:
            tavern.guild.add_member(player)
        tables.append((channel, players))
    time = TimeKeeper(emu, len(tables))
    async with tavern.bot() as bot:

        async def some_turns(channel: Channel, players: list[User]) -> int:
            try:
                lobby = await open_table(emu, channel, players[0], options="shout_window_ms=1000")
                await seat_and_start(emu, lobby, players[0], players[1:])
                return await play_cul_de_chouette(emu, bot, channel, players, stop_after=30, time=time)
            finally:
                time.done()

        clicks = await asyncio.gather(*(some_turns(channel, players) for channel, players in tables))
        assert min(clicks) >= 30
        for channel, players in tables:
            session = bot.manager.in_channel(channel.id)
            assert session is not None and session.state is not None
            names = {str(p.id): p.name for p in players}
            expected = {names[p]: points for p, points in session.game.scores(session.state).items()}
            table = table_message(channel)
            # Each table shows its own players and its own game's scores, nobody else's.
            assert scores(table) == expected
            assert set(names) == set(session.state.players)
    emu.assert_no_violations()
