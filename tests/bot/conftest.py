"""Fixtures: the toy game, a real SQLite file in tmp_path, managers that can be "restarted"."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot import tables
from bot.sessions import Notice, Session, SessionManager, wall_ms
from bot.store import Store
from games.core import Event, Game
from tests.databases import TestDatabase
from tests.games.core.toy import GAME as TOY

from .wide import GAME as WIDE

GAMES: dict[str, Game[Any]] = {"toy": TOY, "wide": WIDE}
# The test games have no table of their own: they are drawn by the generic presenter, on purpose.
for _game in GAMES.values():
    tables.register(_game)


class Clock:
    """A clock the test moves by hand (milliseconds). Given to a manager as ``sleep=clock.sleep``
    too, its timers wait on it: they fire when ``advance`` moves time past them, never by themselves."""

    def __init__(self, now: int = 1_000_000) -> None:
        self.now = now
        self._moved: asyncio.Event | None = None

    def __call__(self) -> int:
        return self.now

    async def sleep(self, seconds: float) -> None:
        until = self.now + seconds * 1000
        while self.now < until:
            if self._moved is None:
                self._moved = asyncio.Event()
            await self._moved.wait()

    def advance(self, ms: int) -> None:
        self.now += ms
        if self._moved is not None:
            self._moved.set()
            self._moved = None


async def until(predicate: Callable[[], object], what: str, timeout_s: float = 2.0) -> None:
    """Waits for what the test needs (a timer's work done on the event loop), not for a time; the
    timeout only turns a hang into a failure."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while not predicate():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.005)


class Heard:
    """A listener that keeps what the manager says without a click."""

    def __init__(self) -> None:
        self.notices: list[tuple[int, list[Event], Notice]] = []

    async def table_changed(self, session: Session, events: list[Event], notice: Notice) -> None:
        self.notices.append((session.id, events, notice))

    def kinds(self) -> list[str]:
        return [n.kind for _, _, n in self.notices]


MakeManager = Callable[..., Awaitable[SessionManager]]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "taverne.sqlite3"


@pytest.fixture
async def make_manager(database: TestDatabase) -> AsyncIterator[MakeManager]:
    """Builds managers on the same database; each is closed (timers stopped, store closed) at the end."""
    opened: list[tuple[SessionManager, Store]] = []

    async def make(
        clock: Callable[[], int] = wall_ms,
        listener: Heard | None = None,
        restore: bool = True,
        games: dict[str, Game[Any]] | None = None,
        **timers: Any,
    ) -> SessionManager:
        store = await Store.open(database.target)
        # A hand-moved clock: the timers sleep on it too.
        sleep = {"sleep": clock.sleep} if isinstance(clock, Clock) else {}
        manager = SessionManager(store, games or GAMES, clock=clock, listener=listener, **sleep, **timers)
        opened.append((manager, store))
        if restore:
            await manager.restore()
        return manager

    yield make
    for manager, store in opened:
        await manager.close()
        await store.close()


async def seated_game(
    manager: SessionManager,
    players: tuple[str, ...] = ("1", "2"),
    *,
    channel: int = 10,
    game: str = "toy",
    loaded: list[int] | None = None,
    **options: Any,
) -> Session:
    """A table of ``game`` in ``channel`` with ``players`` seated and the game started (seed fixed)."""
    session = await manager.open(
        guild_id=1,
        channel_id=channel,
        game=game,
        host_id=players[0],
        host_name=f"J{players[0]}",
        options=options,
    )
    for player in players[1:]:
        await manager.join(session.id, player, f"J{player}")
    outcome = await manager.start(session.id, players[0], seed=7, loaded=loaded)
    assert outcome.error is None
    return session
