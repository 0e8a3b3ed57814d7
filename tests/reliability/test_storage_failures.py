"""The database failing under the session manager: a write cut in the middle of its transaction, a
read-only database, the process dying between a game's last move and the table's closing. Nothing
half-written, memory as the database has it, and the table playable again once the disk is."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.sessions import SessionManager
from bot.store import SessionRecord
from bot.store.migrations import MIGRATIONS
from bot.store.store import SqliteStore
from games.cabane import GAME as CABANE
from games.cabane import CabaneState
from games.core import Action, registry

from .tables import NOW, manager_on, started_table, stored_moves, stored_state

PLAYERS = ["alice", "bob"]
BATAILLE = {"mode": "bataille", "cible": 3}
THROW = Action(kind="lancer")


def current(manager: SessionManager, channel: int = 10) -> str:
    session = manager.in_channel(channel)
    assert session is not None and session.state is not None
    return str(session.game.to_act(session.state)[0])


async def test_a_move_whose_transaction_fails_halfway_leaves_no_trace(tmp_path: Path) -> None:
    database = tmp_path / "taverne.sqlite3"
    async with manager_on(database) as manager:
        session = await started_table(manager, "cabane", PLAYERS, options=BATAILLE)
        await manager.act(session.id, current(manager), THROW, NOW)
        before = session.state
        assert before is not None
        # The action's row goes in, then the table's update fails (a full disk, say): one transaction.
        with sqlite3.connect(database) as db:
            db.execute(
                "CREATE TRIGGER disque_plein BEFORE UPDATE OF state ON sessions "
                "BEGIN SELECT RAISE(ABORT, 'disque plein'); END"
            )
        with pytest.raises(sqlite3.DatabaseError, match="disque plein"):
            await manager.act(session.id, current(manager), THROW, NOW + 1, interaction_id=77)
        assert session.state is before, "memory moved on although nothing was stored"
        assert len(stored_moves(database, session.id)) == 1
        assert stored_state(database, session.id) == ("playing", before.model_dump_json())
        # The disk is fine again: the same click (same interaction) goes through, once.
        with sqlite3.connect(database) as db:
            db.execute("DROP TRIGGER disque_plein")
        outcome = await manager.act(session.id, current(manager), THROW, NOW + 1, interaction_id=77)
        assert outcome.error is None
        assert [i for _, _, _, i in stored_moves(database, session.id)] == [None, 77]
    async with manager_on(database) as again:
        restored = again.in_channel(10)
        assert restored is not None and restored.state == session.state


async def test_a_read_only_database_refuses_the_move_and_keeps_the_table(tmp_path: Path) -> None:
    database = tmp_path / "taverne.sqlite3"
    async with manager_on(database) as manager:
        session = await started_table(manager, "cabane", PLAYERS, options=BATAILLE)
        player = current(manager)
        stored = stored_state(database, session.id)
    # The same file, as a read-only mount or a full disk would leave it.
    connection = await aiosqlite.connect(f"file:{database}?mode=ro", uri=True, isolation_level=None)
    connection.row_factory = sqlite3.Row
    store = SqliteStore(connection)
    manager = SessionManager(store, registry.available(), clock=lambda: NOW)
    try:
        [restored] = await manager.restore()
        before = restored.state
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            await manager.act(restored.id, player, THROW, NOW, interaction_id=5)
        assert restored.state is before and stored_state(database, session.id) == stored
        # Still up: the scores can be read, other refusals still explained.
        assert isinstance(before, CabaneState) and CABANE.scores(before) == dict.fromkeys(PLAYERS, 0)
    finally:
        await manager.close()
        await store.close()
    async with manager_on(database) as writable:
        back = writable.in_channel(10)
        assert back is not None
        assert (await writable.act(back.id, player, THROW, NOW, interaction_id=5)).error is None


async def test_a_game_won_just_before_the_bot_died_is_closed_and_counted_after_the_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = tmp_path / "taverne.sqlite3"
    async with manager_on(database) as manager:
        session = await started_table(manager, "cabane", PLAYERS, options=BATAILLE)

        async def dies(*_: object) -> None:
            raise SystemExit("le bot meurt entre le dernier coup et la fermeture de la table")

        monkeypatch.setattr(manager.store, "finish", dies)
        with pytest.raises(SystemExit):
            for at in range(NOW, NOW + 500):
                await manager.act(session.id, current(manager), THROW, at)
    status, raw = stored_state(database, session.id)
    assert raw is not None and CABANE.load(raw).over
    async with manager_on(database) as again:
        assert again.in_channel(10) is None, "the channel is still taken by a finished game"
        assert stored_state(database, session.id)[0] == "over"
        with sqlite3.connect(database) as db:
            assert db.execute("SELECT COUNT(*) FROM finished_games WHERE outcome = 'over'").fetchone() == (1,)
        assert status == "playing"


async def open_together(database: Path, processes: int = 3) -> list[SqliteStore]:
    return list(await asyncio.gather(*(SqliteStore.connect(database) for _ in range(processes))))


async def test_processes_opening_a_new_database_together_all_start_on_one_schema(tmp_path: Path) -> None:
    """The processes of several shards, started together by a supervisor on a file that does not
    exist yet: the schema is made once, by whichever comes first; none fails on a table the other
    just made, nor on the file « locked » while another turns its write-ahead log on. Twenty new
    files: the race was lost about one time in six."""
    for attempt in range(20):
        database = tmp_path / f"taverne-{attempt}.sqlite3"
        stores = await open_together(database)
        try:
            assert [await s.schema_version() for s in stores] == [len(MIGRATIONS)] * 3
            await stores[0].create_session(SessionRecord(channel_id=10, game="cabane", host_id="alice"))
            assert [r.channel_id for r in await stores[2].open_sessions()] == [10]
        finally:
            for store in stores:
                await store.close()
    assert not list(tmp_path.glob("*.avant-schema-*")), "a new database was backed up as if it were old"


async def test_processes_upgrading_an_old_database_together_back_it_up_once(tmp_path: Path) -> None:
    """An older database opened by several processes at once: one copy of it as it was, one schema
    made on top, the table in play still there for all."""
    database = tmp_path / "taverne.sqlite3"
    with sqlite3.connect(database) as db:
        db.executescript(MIGRATIONS[0] + "; PRAGMA user_version = 1;")
        db.execute(
            "INSERT INTO sessions (channel_id, game, host_id, status, created_ms, active_ms) "
            "VALUES (5, 'cabane', 'alice', 'lobby', 0, 0)"
        )
    stores = await open_together(database)
    try:
        assert [await s.schema_version() for s in stores] == [len(MIGRATIONS)] * 3
        assert [[r.channel_id for r in await s.open_sessions()] for s in stores] == [[5]] * 3
    finally:
        for store in stores:
            await store.close()
    [backup] = tmp_path.glob("*.avant-schema-*")
    assert backup.name == "taverne.sqlite3.avant-schema-2"
    with sqlite3.connect(backup) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (1,)
        assert db.execute("SELECT channel_id FROM sessions").fetchall() == [(5,)]
