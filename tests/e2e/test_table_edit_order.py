"""The table message's edits land in the order they were drawn. A robot's move is shown by a held
edit through the channel while the next robot may already play, and a click's answer edits the
same message: an older drawing (its picture drawn slowly on a loaded machine) must never land
after a newer one — or the table keeps showing a turn long gone, its buttons stale, while the game
waits for the human (the robots' e2e game stuck showing turn 287 while it was at turn 290)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.app import TaverneBot
from bot.sessions import Session
from bot.ui import sending, timing
from emulator import User
from tests.e2e.robots import NEWS_HOLD_S, _drawn_for, add_robots, bot_waiting, human_move, table_of
from tests.e2e.table import open_table
from tests.e2e.tavern import Tavern


class SlowDrawing:
    """The first table drawn (from the real drawing) for a state where ``player`` is not awaited is
    held, as a picture drawn slowly, until ``go``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, player: User) -> None:
        self.player = str(player.id)
        self.turns: list[int] = []  # the turn of the drawing held
        self.go = asyncio.Event()
        self.draw_table = sending.draw_table
        monkeypatch.setattr(sending, "draw_table", self.drawn)

    async def drawn(self, session: Session, *args: Any, **kwargs: Any) -> Any:
        table = await self.draw_table(session, *args, **kwargs)
        if not self.turns and session.state is not None and self.player not in bot_waiting(session):
            self.turns.append(session.state.turn_no)
            await self.go.wait()
        return table


async def barricade_with_robots(tavern: Tavern, bot: TaverneBot) -> Session:
    emu, arthur = tavern.emu, tavern.arthur
    lobby = await open_table(emu, tavern.channel, arthur, "barricade", "graine=9")
    await add_robots(emu, lobby, arthur, "fort", 1)
    await add_robots(emu, lobby, arthur, "debutant", 1)
    await emu.click(lobby, arthur, label="Commencer")
    bot.clicks.news.held.delay_s = NEWS_HOLD_S
    session = table_of(bot, tavern.channel)
    assert session is not None and session.state is not None
    return session


async def arthurs_turn(tavern: Tavern, session: Session) -> None:
    """Arthur throws and moves until the robots are awaited."""
    rng = random.Random(1)
    while str(tavern.arthur.id) in bot_waiting(session):
        assert await human_move(tavern.emu, session, tavern.channel, tavern.arthur, rng)


async def robots_play_up_to_arthur(tavern: Tavern, bot: TaverneBot, session: Session, slow: SlowDrawing) -> int:
    """Time moves to each robot's move until Arthur is awaited again; returns the turn then."""
    emu = tavern.emu
    while str(tavern.arthur.id) not in bot_waiting(session):
        before, due = session.state, bot.manager.next_due(session)
        while emu.now_ms() < due.at:
            emu.advance((due.at - emu.now_ms() + 0.5) / 1000)
        await emu.wait_until(lambda b=before: session.state is not b, 10, f"the table to do {due.kind}")
        await emu.wait_until(lambda: slow.turns, 10, "the robots' turn drawn")
    assert session.state is not None and slow.turns[0] < session.state.turn_no
    return session.state.turn_no


async def shown_at_last(tavern: Tavern, bot: TaverneBot, session: Session, slow: SlowDrawing, turn: int) -> None:
    """The slow drawing let go once the later edit is out (drawn at once) or waits for it (to be
    drawn after it); then the channel shows the table as it is: Arthur's turn, his buttons live."""
    edits = bot.clicks.sender.edits
    await tavern.emu.wait_until(
        lambda: _drawn_for(tavern.channel, turn) or edits.waiting(session.id), 10, "the later edit"
    )
    slow.go.set()
    await bot.clicks.settle()
    await tavern.emu.wait_until(lambda: not edits.busy(session.id), 10, "the table's edits done")
    assert _drawn_for(tavern.channel, turn) is not None, tavern.channel.transcript()[-1500:]


async def test_a_robots_move_drawn_slowly_never_leaves_an_older_table_shown(
    tavern: Tavern, monkeypatch: pytest.MonkeyPatch
) -> None:
    tavern.at_test_speed()
    tavern.emu.freeze_clock()
    async with tavern.bot() as bot:
        session = await barricade_with_robots(tavern, bot)
        await arthurs_turn(tavern, session)
        # The first robot's move is drawn, then its picture takes long: the next robot plays meanwhile.
        slow = SlowDrawing(monkeypatch, tavern.arthur)
        turn = await robots_play_up_to_arthur(tavern, bot, session, slow)
        await shown_at_last(tavern, bot, session, slow, turn)
    tavern.emu.assert_no_violations()


async def test_a_click_answered_slowly_never_leaves_an_older_table_shown(
    tavern: Tavern, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every click deferred at once (a busy bot), so the robots may play while Arthur's last move of
    # his turn is still being drawn for his click's answer.
    monkeypatch.setattr(timing, "ANSWER_WITHIN_S", 0.0)
    tavern.at_test_speed()
    tavern.emu.freeze_clock()
    async with tavern.bot() as bot:
        session = await barricade_with_robots(tavern, bot)
        slow = SlowDrawing(monkeypatch, tavern.arthur)
        await arthurs_turn(tavern, session)
        turn = await robots_play_up_to_arthur(tavern, bot, session, slow)
        await shown_at_last(tavern, bot, session, slow, turn)
    tavern.emu.assert_no_violations()
