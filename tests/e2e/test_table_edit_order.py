"""The table message's edits land in the order they were drawn: a robot's move shown by a held edit
through the channel while the next robot plays, its picture drawn slowly (a loaded machine), must
not land after the edit showing the next move — or the table keeps showing a turn long gone, its
buttons stale, while the game waits for the human (the robots' e2e game stuck on turn 287 of 290)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.ui import sending
from tests.e2e.robots import NEWS_HOLD_S, _drawn_for, add_robots, bot_waiting, human_move, table_of
from tests.e2e.table import open_table
from tests.e2e.tavern import Tavern


async def test_a_robots_move_drawn_slowly_never_leaves_an_older_table_shown(
    tavern: Tavern, monkeypatch: pytest.MonkeyPatch
) -> None:
    emu = tavern.emu
    tavern.at_test_speed()
    emu.freeze_clock()
    arthur = tavern.arthur
    async with tavern.bot() as bot:
        lobby = await open_table(emu, tavern.channel, arthur, "barricade", "graine=9")
        await add_robots(emu, lobby, arthur, "fort", 1)
        await add_robots(emu, lobby, arthur, "debutant", 1)
        await emu.click(lobby, arthur, label="Commencer")
        bot.clicks.news.held.delay_s = NEWS_HOLD_S
        session = table_of(bot, tavern.channel)
        assert session is not None and session.state is not None
        rng = random.Random(1)
        while str(arthur.id) in bot_waiting(session):  # Arthur's turn: his throw and his move
            assert await human_move(emu, session, tavern.channel, arthur, rng)

        # The first robot's move is drawn, then its picture takes long: the next robot plays meanwhile.
        draw_table, slow = sending.draw_table, asyncio.Event()
        drawn: list[int] = []

        async def slowly(shown: Any, *args: Any, **kwargs: Any) -> Any:
            table = await draw_table(shown, *args, **kwargs)
            if not drawn:
                drawn.append(shown.state.turn_no)
                await slow.wait()
            return table

        monkeypatch.setattr(sending, "draw_table", slowly)
        while str(arthur.id) not in bot_waiting(session):  # the robots play up to Arthur's turn
            before, due = session.state, bot.manager.next_due(session)
            while emu.now_ms() < due.at:
                emu.advance((due.at - emu.now_ms() + 0.5) / 1000)
            await emu.wait_until(lambda b=before: session.state is not b, 10, f"the table to do {due.kind}")
            await emu.wait_until(lambda: drawn, 10, "the first robot's move drawn")
        turn = session.state.turn_no
        assert drawn[0] < turn
        edits = bot.clicks.sender.edits
        # The later edit is out (drawn at once) or waits for the slow one (to be drawn after it).
        await emu.wait_until(
            lambda: _drawn_for(tavern.channel, turn) or edits.waiting(session.id), 10, "the next edit"
        )
        slow.set()
        await bot.clicks.settle()
        await emu.wait_until(lambda: not edits.busy(session.id), 10, "the table's edits done")
        # What the channel shows at last is the table as it is: Arthur's turn, his buttons live.
        assert _drawn_for(tavern.channel, turn) is not None, tavern.channel.transcript()[-1500:]
    emu.assert_no_violations()
