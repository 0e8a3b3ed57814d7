"""« Revanche » through the session manager, on a hand-moved clock and a real SQLite file: the seats
a rematch keeps (a seat handed to a robot becomes a robot of its own), what is stored (a restart
finds the seats still waiting), the host's seat passed to a waiting player, and a rematch closed
when nobody human is left to confirm."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.sessions import Session, SessionManager, TableError
from bot.sessions.rematch import CONFIRM_MS, pending
from bot.store import ABANDONED, Store
from games.cabane import GAME as CABANE
from games.core import Game
from tests.databases import TestDatabase

from .conftest import Clock, Heard, MakeManager, until

# The rematch's column and its note in bot_state, on both stores.
pytestmark = pytest.mark.both_databases

GAMES: dict[str, Game[Any]] = {"cabane": CABANE}
CHANNEL = 10
Make = Callable[..., Any]


@pytest.fixture
def managers(make_manager: MakeManager) -> Make:
    """Managers of Cabane tables on the test's database (closed at the end by ``make_manager``)."""

    def make(clock: Clock, listener: Heard | None = None) -> Any:
        return make_manager(clock, listener, games=GAMES)

    return make


async def finished(manager: SessionManager, players: tuple[str, ...], robot: bool = False) -> Session:
    """A bataille in 3 points of ``players`` (and a beginner robot) started."""
    session = await manager.open(
        guild_id=1, channel_id=CHANNEL, game="cabane", host_id=players[0], host_name=f"J{players[0]}",
        options={"mode": "bataille", "cible": 3},
    )
    for player in players[1:]:
        await manager.join(session.id, player, f"J{player}")
    if robot:
        await manager.add_robot(session.id, players[0], "debutant")
    assert (await manager.start(session.id, players[0], seed=3)).error is None
    return session


async def play_out(manager: SessionManager, session: Session, clock: Clock) -> None:
    for _ in range(500):
        state = session.state
        if manager.by_id(session.id) is not session or state is None:
            return
        current = state.current  # type: ignore[attr-defined]
        if current in session.rec.robots:
            version = state.version
            clock.advance(max(0, manager.next_due(session).at - clock()))
            await until(lambda v=version: moved(manager, session, v), "a robot's move")
            continue
        await manager.act(session.id, current, CABANE.legal_actions(state, current)[0], clock())
    raise AssertionError("no end")


def moved(manager: SessionManager, session: Session, version: int) -> bool:
    return manager.by_id(session.id) is not session or (session.state is not None and session.state.version != version)


async def test_a_seat_handed_to_a_robot_is_a_robot_of_its_own_and_a_restart_keeps_the_waiting_seats(
    managers: Make,
) -> None:
    clock = Clock()
    manager = await managers(clock)
    old = await finished(manager, ("1", "2", "3"), robot=True)
    await manager.give_seat(old.id, "3", "fort")  # Karadoc leaves, a strong robot plays on
    await play_out(manager, old, clock)
    assert old.state is not None and old.state.over
    assert list(old.state.players) == ["1", "2", "3", "robot-1"]
    rematch, opened = await manager.ask_rematch(old.id, "2", "Perceval", CHANNEL)
    assert opened and rematch.rec.host_id == "2"
    # The same seats in order; the seat Karadoc handed over is a robot with its own id and level.
    assert list(rematch.rec.names) == ["1", "2", "robot-2", "robot-1"]
    assert rematch.rec.robots == {"robot-2": "fort", "robot-1": "debutant"}
    assert rematch.rec.names["2"] == "Perceval" and rematch.rec.names["robot-2"].startswith("🤖 ")
    assert pending(rematch.rec) == ["1"]
    assert rematch.rec.seed is not None and rematch.rec.seed != old.state.dice.seed
    due = manager.next_due(rematch)
    assert (due.kind, due.at) == ("rematch", clock() + CONFIRM_MS)
    # Restarted: the rematch and its waiting seat come back from the store, its timer with them.
    again = await managers(clock)
    back = again.in_channel(CHANNEL)
    assert back is not None and back.id == rematch.id and pending(back.rec) == ["1"]
    assert again.next_due(back) == due
    with pytest.raises(TableError) as refused:
        await again.ask_rematch(old.id, "2", "Perceval", CHANNEL)
    assert refused.value.code == "rematch_open"


async def test_the_waiting_seat_the_host_passed_on_is_confirmed_by_its_start(managers: Make) -> None:
    clock = Clock()
    manager = await managers(clock)
    old = await finished(manager, ("1", "2", "3"))
    await play_out(manager, old, clock)
    rematch, _ = await manager.ask_rematch(old.id, "1", "Arthur", CHANNEL)
    await manager.leave_lobby(rematch.id, "1")  # Arthur asked, then stood up: Perceval hosts
    assert rematch.rec.host_id == "2" and pending(rematch.rec) == ["2", "3"]
    with pytest.raises(TableError) as refused:
        await manager.start(rematch.id, "2")
    # His own click on « Commencer » says he is there; Karadoc has not confirmed yet.
    assert refused.value.code == "rematch_waiting" and refused.value.params == {"players": "J3"}
    assert pending(rematch.rec) == ["3"]
    with pytest.raises(TableError) as stranger:
        await manager.confirm_rematch(rematch.id, "9")
    assert stranger.value.code == "rematch_not_pending"
    await manager.confirm_rematch(rematch.id, "3")
    outcome = await manager.start(rematch.id, "2")
    assert outcome.error is None and rematch.state is not None and list(rematch.state.players) == ["2", "3"]


async def test_a_rematch_nobody_confirms_whose_host_stood_up_closes(managers: Make, database: TestDatabase) -> None:
    clock = Clock()
    heard = Heard()
    manager = await managers(clock, heard)
    old = await finished(manager, ("1", "2"))
    await play_out(manager, old, clock)
    rematch, _ = await manager.ask_rematch(old.id, "1", "Arthur", CHANNEL)
    await manager.leave_lobby(rematch.id, "1")
    clock.advance(CONFIRM_MS)
    await until(lambda: "rematch_closed" in heard.kinds(), "the rematch closed")
    assert manager.in_channel(CHANNEL) is None
    store = await Store.open(database.target)
    try:
        stored = await store.session(rematch.id)
        assert stored is not None and stored.status == ABANDONED
    finally:
        await store.close()
    # Its finished game had its rematch: the old button opens no other.
    with pytest.raises(TableError) as refused:
        await manager.ask_rematch(old.id, "2", "Perceval", CHANNEL)
    assert refused.value.code == "rematch_done"


async def test_a_host_whose_waiting_seat_is_freed_passes_the_rematch_to_who_confirmed(managers: Make) -> None:
    clock = Clock()
    heard = Heard()
    manager = await managers(clock, heard)
    old = await finished(manager, ("1", "2", "3"))
    await play_out(manager, old, clock)
    rematch, _ = await manager.ask_rematch(old.id, "1", "Arthur", CHANNEL)
    await manager.leave_lobby(rematch.id, "1")
    await manager.confirm_rematch(rematch.id, "3")
    assert rematch.rec.host_id == "2" and pending(rematch.rec) == ["2"]
    clock.advance(CONFIRM_MS)
    await until(lambda: "rematch_freed" in heard.kinds(), "the waiting seat freed")
    [freed] = [n for _, _, n in heard.notices if n.kind == "rematch_freed"]
    assert freed.players == ["2"] and list(rematch.rec.names) == ["3"] and rematch.rec.host_id == "3"
    assert manager.next_due(rematch).kind == "idle"  # nothing waits any more


async def test_robots_alone_are_seated_again_for_their_watching_host_and_nobody_else_may_ask(
    managers: Make,
) -> None:
    clock = Clock()
    manager = await managers(clock)
    old = await manager.open(
        guild_id=1, channel_id=CHANNEL, game="cabane", host_id="1", host_name="J1",
        options={"mode": "bataille", "cible": 3}, robots=2, robot_level="debutant",
    )
    await manager.leave_lobby(old.id, "1")  # the host watches
    assert (await manager.start(old.id, "1", seed=5)).error is None
    await play_out(manager, old, clock)
    assert old.rec.status == "over"
    with pytest.raises(TableError) as refused:
        await manager.ask_rematch(old.id, "2", "Perceval", CHANNEL)
    assert refused.value.code == "rematch_not_player"
    rematch, _ = await manager.ask_rematch(old.id, "1", "Anne", CHANNEL)
    assert list(rematch.rec.names) == ["robot-1", "robot-2"] and pending(rematch.rec) == []
    assert rematch.rec.robots == {"robot-1": "debutant", "robot-2": "debutant"}
    outcome = await manager.start(rematch.id, "1")
    assert outcome.error is None and rematch.state is not None
    assert list(rematch.state.players) == ["robot-1", "robot-2"]
