"""Robots through the session manager, on a hand-moved clock and a real SQLite file: their human
pace, before any turn timer, their moves stored as actions (a game replays exactly), and their
timer found again after a restart."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.sessions import Session, SessionManager
from bot.sessions.robots import PACE_MS, QUICK_MS
from games.cabane import GAME as CABANE
from games.core import Action, Game
from games.ludicitude import GAME as LUDICITUDE

from .conftest import Clock, MakeManager, until

GAMES: dict[str, Game[Any]] = {"cabane": CABANE, "ludicitude": LUDICITUDE}
Make = Callable[..., Any]


@pytest.fixture
def managers(make_manager: MakeManager) -> Make:
    """Managers of Cabane and Ludicitude tables on the test's SQLite file, timers on ``clock``."""

    def make(clock: Clock, **timers: int) -> Any:
        return make_manager(clock, games=GAMES, **timers)

    return make


async def robots_table(
    manager: SessionManager, game: str, options: dict[str, Any] | None = None, seed: int = 4
) -> Session:
    """Two robots, the host watching (stood up in the lobby), the game started with ``seed``."""
    session = await manager.open(
        guild_id=1, channel_id=10, game=game, host_id="1", host_name="Anne", options=options, robots=2
    )
    await manager.leave_lobby(session.id, "1")
    assert session.rec.host_id == "1" and list(session.rec.names) == ["robot-1", "robot-2"]
    outcome = await manager.start(session.id, "1", seed=seed)
    assert outcome.error is None
    return session


async def one_robot_move(manager: SessionManager, session: Session, clock: Clock) -> None:
    version = session.state.version if session.state is not None else -1
    due = manager.next_due(session)
    assert due.kind == "robot"
    clock.advance(due.at - clock())
    # Done once committed: the state changes in memory first, then the table's lock is let go.
    await until(
        lambda: manager.by_id(session.id) is not session
        or (session.state is not None and session.state.version != version and not session.lock.locked()),
        "the robot's move",
    )


async def test_a_robot_takes_a_human_pace_shorter_when_it_has_nothing_to_decide(managers: Make) -> None:
    clock = Clock()
    manager = await managers(clock)
    session = await robots_table(manager, "ludicitude", {"objectif": 60})
    seen = set()
    for _ in range(30):
        if manager.by_id(session.id) is not session:
            break
        assert session.state is not None and session.changed_ms is not None
        movers = [p for p in session.state.players if LUDICITUDE.legal_actions(session.state, p)]
        if session.state.over or not movers:
            break
        robot = movers[0]
        choices = len(LUDICITUDE.legal_actions(session.state, robot))
        due = manager.next_due(session)
        pause = due.at - session.changed_ms
        assert pause == (PACE_MS if choices > 1 else QUICK_MS)
        seen.add(pause)
        await one_robot_move(manager, session, clock)
    assert seen == {PACE_MS, QUICK_MS}


async def test_a_robot_plays_before_any_turn_timer(managers: Make) -> None:
    clock = Clock()
    # A turn timer shorter than the robots' pace: they still play first, at half of it.
    manager = await managers(clock, turn_timeout_ms=1_000)
    session = await robots_table(manager, "ludicitude", {"objectif": 60})
    for _ in range(10):
        due = manager.next_due(session)
        assert due.kind == "robot" and due.at <= session.rec.waiting_since_ms + 500
        await one_robot_move(manager, session, clock)
        assert not session.rec.warned


async def test_robot_moves_are_stored_as_actions_and_replay_the_game_exactly(managers: Make, db_path: Path) -> None:
    clock = Clock()
    manager = await managers(clock)
    session = await robots_table(manager, "cabane", seed=2)
    players, options, started = list(session.rec.names), dict(session.rec.options), session.rec.started_ms
    for _ in range(500):
        if manager.by_id(session.id) is not session:
            break
        await one_robot_move(manager, session, clock)
    assert manager.by_id(session.id) is None and session.state is not None and session.state.over
    moves = await manager.store.actions(session.id)
    assert {p for p, _, _ in moves} == {"robot-1", "robot-2"}
    state, _ = CABANE.start(players, options, seed=2, now_ms=started)
    for player, action, at in moves:
        state, _ = CABANE.apply(state, player, Action.model_validate_json(action), at)
    assert state.model_dump() == session.state.model_dump()


async def test_after_a_restart_the_robot_plays_again(managers: Make) -> None:
    clock = Clock()
    first = await managers(clock)
    session = await robots_table(first, "cabane")
    await first.close()
    clock.advance(60_000)  # the bot was down for a minute
    again = await managers(clock)
    restored = again.by_id(session.id)
    assert restored is not None and restored.state is not None
    due = again.next_due(restored)
    # The pace counts from the restart: the table is shown again before the robot plays.
    assert due.kind == "robot" and due.at == clock() + QUICK_MS
    await one_robot_move(again, restored, clock)
    assert restored.rec.seq == 1
