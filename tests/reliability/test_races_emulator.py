"""Races through Discord (the emulator and the real bot): 100 clicks on one button in the same
millisecond, every player shouting « Pas mou le caillou ! » at once, several times each. Every click
is answered, exactly one effect per rule, and the table shows the state the bot holds."""

from __future__ import annotations

import asyncio

import pytest

from emulator import Emulator, InteractionRecord
from emulator.limits import EPHEMERAL_FLAG
from games.culdechouette.state import CulState
from tests.e2e.dice import LoadedCulDeChouette
from tests.e2e.table import act, button_for, open_table, scores, seat_and_start, table_message
from tests.e2e.tavern import Tavern

# On SQLite and on PostgreSQL: the refused clicks ask the database whether they were delivered twice
# together (bot/store/lookups.py), not one after the other under the table's lock — a hundred such
# trips in a row made the last refusals late enough to be deferred, on PostgreSQL first.
pytestmark = pytest.mark.both_databases

ARTHUR_STARTS = [1, 5, 6]
CHOUETTE_VELUTE = [2, 2, 4]
CLICKS = 100
UPDATE_MESSAGE = 7
DEFERRED_UPDATE = 6  # the bot answers so when it is slow (a loaded machine): the click still plays once
PRIVATE_MESSAGE = 4  # CHANNEL_MESSAGE_WITH_SOURCE, ephemeral: the refusal itself, not a defer


def told_privately(record: InteractionRecord) -> bool:
    """The clicker was answered in private: directly, or, when the bot had to defer (a machine so
    loaded that the answer would pass Discord's 3 s), by the private follow-up of its deferral."""
    return record.ephemeral or any(m.flags & EPHEMERAL_FLAG for m in record.followups)


async def all_answered(emu: Emulator, records: list[InteractionRecord]) -> None:
    await emu.wait_until(lambda: all(r.acknowledged for r in records), 10, "every click to be answered")


async def test_a_hundred_clicks_on_one_button_in_the_same_millisecond(emu: Emulator, tavern: Tavern) -> None:
    games = {"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + CHOUETTE_VELUTE)}
    async with tavern.bot(games) as bot:
        lobby = await open_table(emu, tavern.channel, tavern.arthur)
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval, tavern.karadoc])
        table = table_message(tavern.channel)
        session = bot.manager.in_channel(tavern.channel.id)
        assert session is not None and session.state is not None
        counter = session.state.dice.counter
        custom_id = button_for(table, "lancer").custom_id
        at = emu.now_ms()
        records = [
            await emu.click(table, tavern.arthur, custom_id, at_ms=at, wait=False) for _ in range(CLICKS)
        ]
        await all_answered(emu, records)
        # Every click but the one that threw is told privately; a deferred refusal's words follow it.
        await emu.wait_until(
            lambda: sum(not told_privately(r) for r in records) <= 1, 10, "every refusal to be told privately"
        )
        applied = [r for r in records if not told_privately(r)]
        assert len(applied) == 1 and applied[0].response_type in (UPDATE_MESSAGE, DEFERRED_UPDATE), applied
        refused = [r for r in records if r not in applied]
        # Each refusal says why, and is never a « le bot réfléchit… » left without its words.
        assert all(
            r.response_type == PRIVATE_MESSAGE or (r.response_type == DEFERRED_UPDATE and r.followups)
            for r in refused
        ), [r for r in refused if r.response_type != PRIVATE_MESSAGE][:3]
        assert session.state.dice.counter == counter + 2  # the two chouettes, thrown once
        assert "2 et 2" in table.text()
    emu.assert_no_violations()


async def test_every_player_shouting_pas_mou_at_once_through_discord(emu: Emulator, tavern: Tavern) -> None:
    games = {"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + CHOUETTE_VELUTE)}
    async with tavern.bot(games) as bot:
        lobby = await open_table(emu, tavern.channel, tavern.arthur)
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval, tavern.karadoc])
        for _ in range(2):
            await act(emu, table_message(tavern.channel), tavern.arthur, "lancer")
        table = table_message(tavern.channel)
        assert "Chouette-Velute de 4" in table.text()
        custom_id = button_for(table, "pas_mou_le_caillou").custom_id
        at = emu.now_ms() + 100
        clicks = [
            emu.click(table, player, custom_id, at_ms=at, wait=False)
            for _ in range(5)
            for player in tavern.players
        ]
        records = await asyncio.gather(*clicks)
        await all_answered(emu, records)
        session = bot.manager.in_channel(tavern.channel.id)
        assert session is not None and isinstance(session.state, CulState)
        # All three in the same millisecond: a tie, each loses the 32 points once; nobody's Bévue.
        assert scores(table) == {"Arthur": -32, "Perceval": -32, "Karadoc": -32}
        assert session.game.scores(session.state) == dict.fromkeys(session.state.players, -32)
        assert "Bévue" not in table.text()
        assert sum(not r.ephemeral for r in records) == 3
    emu.assert_no_violations()
