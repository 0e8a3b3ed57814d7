"""A start does not wait for the index of the open tables not in memory (100 000 of them: a second
on a small machine): it is read beside the connection. Until it is read, a click in a channel asks
the database for the channel's table, so that no click is answered wrongly: its table comes back
as it was, a channel holding a table is still refused a second one, a channel without one is told
so. Timers of tables not in memory fire from their stored due time, index or not."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, cast

import pytest

from bot.sessions import Session, SessionManager, TableError
from bot.shards import Shards
from bot.store import Store, StoreFailure
from games.core import Action
from tests.databases import TestDatabase

from .conftest import GAMES, Clock, Heard, MakeManager, seated_game, until

pytestmark = pytest.mark.both_databases

THROW = Action(kind="lancer")
KEEP = {"keep_ms": 1_000, "lookahead_ms": 10_000}


class HeldIndex:
    """The bot's store, whose index of open tables is read (its snapshot taken) when asked but
    handed over only when the test lets it go: a start whose index is still being read. Every
    other call is the store's own."""

    def __init__(self, store: Store, *, fails: int = 0) -> None:
        self.store = store
        self.taken = asyncio.Event()
        self.released = asyncio.Event()
        self.fails = fails

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    async def open_index_pages(self, shards: Shards | None = None) -> AsyncIterator[list[tuple[int, int]]]:
        pages = [page async for page in self.store.open_index_pages(shards)]
        self.taken.set()
        await self.released.wait()
        if self.fails:
            self.fails -= 1
            raise StoreFailure("the database went away")
        for page in pages:
            yield page


Restart = Callable[..., Awaitable[tuple[SessionManager, HeldIndex]]]


@pytest.fixture
async def restart(database: TestDatabase) -> AsyncIterator[Restart]:
    """A manager started on the database with its index held (``HeldIndex``)."""
    opened: list[tuple[SessionManager, HeldIndex, Store]] = []

    async def start(clock: Clock, fails: int = 0, **options: Any) -> tuple[SessionManager, HeldIndex]:
        store = await Store.open(database.target)
        held = HeldIndex(store, fails=fails)
        manager = SessionManager(cast(Store, held), GAMES, clock=clock, sleep=clock.sleep, **options)
        opened.append((manager, held, store))
        await manager.restore()
        await held.taken.wait()
        return manager, held

    yield start
    for manager, held, store in opened:
        held.released.set()
        await manager.close()
        await store.close()


async def test_a_click_before_the_index_is_read_plays_on_its_table_as_it_was(
    make_manager: MakeManager, restart: Restart, database: TestDatabase
) -> None:
    clock = Clock()
    first = await make_manager(clock=clock)
    played = await seated_game(first, loaded=[3, 4])
    await first.act(played.id, "1", THROW, clock.now)
    waiting = await manager_table(first, guild=1, channel=11)  # a lobby nobody clicked since
    await first.close()

    clock.now += 60_000  # longer than the new manager keeps tables
    second, held = await restart(clock, **KEEP)
    assert second.in_memory() == 0 and second.cold() == 0  # the index not handed over yet

    back = await second.warm(10)
    assert back is not None and back.id == played.id and back.state is not None
    assert back.game.scores(back.state) == {"1": 3, "2": 0}
    outcome = await second.act(back.id, "2", THROW, clock.now, turn=back.state.turn_no)
    assert outcome.error is None and back.game.scores(back.state) == {"1": 3, "2": 4}
    assert database.query("SELECT COUNT(*) FROM actions WHERE session_id = ?", played.id) == [(2,)]
    # The lobby's channel is still taken; a channel without a table is told it has none.
    with pytest.raises(TableError) as taken:
        await second.open(guild_id=1, channel_id=11, game="toy", host_id="3", host_name="C")
    assert taken.value.code == "channel_taken"
    assert await second.warm(12) is None
    with pytest.raises(TableError) as none:
        await second.abandon(12, "1")
    assert none.value.code == "no_table"

    held.released.set()
    assert await second.index_read()
    lobby = second.in_channel(11)  # loaded when /jouer asked for its channel
    assert second.cold() == 0 and second.in_channel(10) is back and lobby is not None and lobby.id == waiting.id


async def test_a_table_closed_while_the_index_was_read_is_not_brought_back(
    make_manager: MakeManager, restart: Restart
) -> None:
    clock = Clock()
    first = await make_manager(clock=clock)
    old = await seated_game(first)
    await first.close()

    clock.now += 60_000
    second, held = await restart(clock, **KEEP)  # the index's snapshot holds the table
    assert await second.warm(10) is not None
    await second.abandon(10, "1")  # closed after the snapshot, before the index is handed over
    held.released.set()
    assert await second.index_read()

    assert await second.warm(10) is None
    fresh = await second.open(guild_id=1, channel_id=10, game="toy", host_id="2", host_name="B")
    assert fresh.id != old.id and await second.warm(10) is fresh


async def test_the_timer_of_a_table_not_in_memory_fires_before_the_index_is_read(
    make_manager: MakeManager, restart: Restart, database: TestDatabase
) -> None:
    clock = Clock()
    first = await make_manager(clock=clock, turn_timeout_ms=150_000)
    session = await seated_game(first, ("1", "2", "3"))
    await first.close()

    clock.now += 5_000
    heard = Heard()
    second, _ = await restart(clock, listener=heard, turn_timeout_ms=150_000, **KEEP)
    assert second.in_memory() == 0
    clock.advance(150_000)
    await until(lambda: heard.kinds(), "the warning of a table not in memory, its index held")
    assert heard.kinds() == ["warned"] and heard.notices[0][2].players == ["1"]
    assert database.query("SELECT warned FROM sessions WHERE id = ?", session.id) == [(1,)]


@pytest.mark.bot_errors("index des tables hors mémoire non lu")
async def test_an_index_that_could_not_be_read_is_read_again_and_clicks_go_on_meanwhile(
    make_manager: MakeManager, restart: Restart
) -> None:
    clock = Clock()
    first = await make_manager(clock=clock)
    played = await seated_game(first)
    await manager_table(first, guild=1, channel=11)
    await first.close()

    clock.now += 60_000
    second, held = await restart(clock, fails=1, **KEEP)
    held.released.set()
    assert not await second.index_read()  # the database went away while it was read
    back = await second.warm(10)
    assert back is not None and back.id == played.id

    clock.advance(10_000)  # the watch's next round reads it again (and lets go of the table in 10)
    await until(lambda: second.cold() == 2, "the index read again by the watch")  # 10, and the lobby in 11
    assert await second.index_read() and await second.warm(12) is None
    lobby = await second.warm(11)
    assert lobby is not None and lobby.rec.status == "lobby" and second.cold() == 1


async def manager_table(manager: SessionManager, *, guild: int, channel: int) -> Session:
    """A lobby of two in ``channel``."""
    session = await manager.open(guild_id=guild, channel_id=channel, game="toy", host_id="1", host_name="A")
    await manager.join(session.id, "2", "B")
    return session
