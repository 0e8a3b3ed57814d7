"""Memory that does not grow with the open tables: a table idle for a while leaves memory and comes
back on its first click, its timers fire from the stored due time, and each process holds only the
tables of its shards' guilds."""

from __future__ import annotations

import dataclasses
import sqlite3
from pathlib import Path

from bot.sessions import Session, SessionManager
from bot.shards import Shards
from games.core import Action

from .conftest import Clock, Heard, MakeManager, seated_game, until

THROW = Action(kind="lancer")
KEEP = {"keep_ms": 1_000, "lookahead_ms": 10_000}


async def test_a_table_not_loaded_at_a_restart_answers_its_first_click_as_if_it_had_stayed(
    make_manager: MakeManager, db_path: Path
) -> None:
    clock = Clock()
    first = await make_manager(clock=clock)
    session = await seated_game(first, loaded=[3, 4])
    await first.act(session.id, "1", THROW, clock.now)
    await first.close()

    clock.now += 60_000  # played a minute ago: longer than this manager keeps tables
    second = await make_manager(clock=clock, **KEEP)
    assert await second.index_read()
    assert second.in_channel(10) is None and (second.in_memory(), second.cold()) == (0, 1)
    back = await second.warm(10)
    assert back is not None and back.state is not None and back.timer is not None
    assert back.game.scores(back.state) == {"1": 3, "2": 0}
    outcome = await second.act(back.id, "2", THROW, clock.now, turn=back.state.turn_no)
    assert outcome.error is None and back.game.scores(back.state) == {"1": 3, "2": 4}
    assert second.in_channel(10) is back and second.cold() == 0
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT COUNT(*) FROM actions WHERE session_id = ?", (back.id,)).fetchone() == (2,)


async def test_the_timers_of_a_table_not_in_memory_fire_from_the_stored_due_time(
    make_manager: MakeManager, db_path: Path
) -> None:
    clock = Clock()
    first = await make_manager(clock=clock, turn_timeout_ms=150_000)
    session = await seated_game(first, ("1", "2", "3"))
    await first.close()
    with sqlite3.connect(db_path) as db:
        [(due,)] = db.execute("SELECT due_ms FROM sessions WHERE id = ?", (session.id,)).fetchall()
    assert due == clock.now + 150_000  # the warning of the player the table waits for

    clock.now += 5_000
    heard = Heard()
    second = await make_manager(clock=clock, listener=heard, turn_timeout_ms=150_000, **KEEP)
    assert second.in_memory() == 0
    clock.advance(150_000)
    await until(lambda: heard.kinds(), "the warning of a table that was not in memory")
    assert heard.kinds() == ["warned"] and heard.notices[0][2].players == ["1"]
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT warned, due_ms FROM sessions WHERE id = ?", (session.id,)).fetchone() == (
            1,
            due + 150_000,  # now the removal
        )


async def test_a_table_let_go_comes_back_identical(make_manager: MakeManager) -> None:
    clock = Clock()
    manager = await make_manager(clock=clock, **KEEP)
    session = await seated_game(manager, loaded=[2, 5, 1])
    for player in ("1", "2", "1"):
        assert session.state is not None
        await manager.act(session.id, player, THROW, clock.now, turn=session.state.turn_no)
    assert session.state is not None
    before = (dataclasses.asdict(session.rec), session.state.model_dump_json())

    clock.now += 5_000
    assert await manager.let_go() == 1
    assert manager.in_channel(10) is None and manager.by_id(session.id) is None and manager.cold() == 1
    back = await manager.warm(10)
    assert back is not None and back is not session and back.state is not None
    assert (dataclasses.asdict(back.rec), back.state.model_dump_json()) == before
    # The next throw is the one the table would have dealt had it stayed (same dice counter).
    stayed, _ = session.game.apply(session.state, "2", THROW, clock.now)
    outcome = await manager.act(back.id, "2", THROW, clock.now, turn=back.state.turn_no)
    assert outcome.error is None and back.state == stayed and back.game.scores(back.state)["1"] == 3


async def test_a_table_with_a_window_open_stays_in_memory(make_manager: MakeManager) -> None:
    clock = Clock()
    manager = await make_manager(clock=clock, **KEEP)
    session = await seated_game(manager, loaded=[6], window_ms=60_000)
    await manager.act(session.id, "1", THROW, clock.now)
    clock.now += 5_000
    assert await manager.let_go() == 0 and manager.in_channel(10) is session


async def test_each_process_restores_only_its_shards_tables(make_manager: MakeManager) -> None:
    first = await make_manager()
    ours = await manager_table(first, guild=1, channel=10)  # shard 0 of 2
    theirs = await manager_table(first, guild=1 << 22, channel=11)  # shard 1 of 2
    await first.close()

    zero = await make_manager(shards=Shards((0,), 2))
    one = await make_manager(shards=Shards((1,), 2), keep_ms=1)
    assert await zero.index_read() and await one.index_read()
    assert [s.id for s in zero.sessions()] == [ours.id] and zero.cold() == 0
    assert one.sessions() == [] and one.cold() == 1  # not played lately: loaded at its first click
    back = await one.warm(11)
    assert back is not None and back.id == theirs.id
    assert await zero.warm(11) is None


async def manager_table(manager: SessionManager, *, guild: int, channel: int) -> Session:
    session = await manager.open(guild_id=guild, channel_id=channel, game="toy", host_id="1", host_name="A")
    await manager.join(session.id, "2", "B")
    return session
