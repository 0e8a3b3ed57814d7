"""SQLite storage (aiosqlite, WAL), the default store: tables, their actions, finished games, guild
settings (the interface: ``base.py``; PostgreSQL: ``postgres.py``).

One connection, one transaction at a time (an asyncio lock), each committed before the caller
answers Discord, so an acknowledged move is never lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from .base import Rows, Store
from .errors import BUSY_MS, ChannelTaken, DuplicateInteraction, StoreUnavailable, explain
from .group_commit import ActionRows, GroupCommit, Outcomes, write_group
from .index import SELECT, OpenTables
from .leases import Leases
from .migrations import MIGRATIONS
from .queries import (
    INSERT_FINISHED,
    INSERT_FINISHED_PLAYER,
    INSERT_SESSION,
    LEADERBOARD,
    PLAYER_STATS,
    ROBOT_BOARD,
    STATS,
    UPDATE_SESSION,
    UPSERT_BEAT,
    UPSERT_BOT_STATE,
    UPSERT_SETTINGS,
)
from .record import (
    FinishedPlayer,
    GameStats,
    SessionRecord,
    _record,
    _values,
    finished_row,
    game_stats,
    player_rows,
)

log = logging.getLogger(__name__)


# Kept importable from here: the store's errors and the admin's explanation live in errors.py.
__all__ = [
    "BUSY_MS", "ChannelTaken", "DuplicateInteraction", "SqliteStore", "Store", "StoreUnavailable", "explain",
]


async def _enter_wal(db: aiosqlite.Connection, busy_ms: int) -> None:
    """Turns write-ahead logging on, trying again until ``busy_ms`` has passed: that switch needs
    the file to itself and SQLite does not wait for it as it waits for other locks, so processes
    opening a new file together found it « locked » at once."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + busy_ms / 1000
    while True:
        try:
            await db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or loop.time() >= deadline:
                raise
        await asyncio.sleep(0.01)


class SqliteStore(OpenTables, Leases, Store):
    def __init__(self, db: aiosqlite.Connection, path: Path | None = None) -> None:
        self._db = db
        self._path = path  # the file (None: in memory), for the index read beside (index.py)
        self._lock = asyncio.Lock()
        self.closed = False
        self._actions = GroupCommit(self._write_actions)

    @classmethod
    async def connect(
        cls, path: Path | str, *, busy_ms: int = BUSY_MS, backup_before_migrating: bool = True
    ) -> SqliteStore:
        """Opens (and creates, migrates) the database. Any failure closes the connection before it
        is raised as ``StoreUnavailable`` with a sentence for the admin: aiosqlite's worker thread
        would otherwise keep a failed process alive."""
        path = Path(path)
        memory = str(path) == ":memory:"
        db: aiosqlite.Connection | None = None
        try:
            if not memory:
                path.parent.mkdir(parents=True, exist_ok=True)
                if path.exists() and not path.is_file():
                    raise StoreUnavailable(f"{path} n'est pas un fichier : TAVERNE_DATABASE doit nommer un fichier")
            pending = aiosqlite.connect(str(path), isolation_level=None)
            try:
                db = await pending
            except BaseException:
                # aiosqlite stopped its worker thread but does not wait for it: waiting here lets it
                # end while the event loop can still take its last answer.
                await asyncio.to_thread(pending._thread.join, 5)
                raise
            db.row_factory = sqlite3.Row
            # First, so that the statements below wait for a lock held elsewhere too.
            await db.execute(f"PRAGMA busy_timeout={busy_ms}")
            await _enter_wal(db, busy_ms)
            await db.execute("PRAGMA synchronous=FULL")
            await db.execute("PRAGMA foreign_keys=ON")
            store = cls(db, None if memory else path)
            version = await store.schema_version()
            if version > len(MIGRATIONS):
                raise StoreUnavailable(
                    f"{path} vient d'une version plus récente de Taverne (schéma {version}, celle-ci "
                    f"connaît {len(MIGRATIONS)}) : mettez Taverne à jour, ou restaurez une sauvegarde "
                    "faite avec cette version"
                )
            await store.migrate(backup=backup_before_migrating)
            # A database others may write but this process may not: said now, not at the first move.
            await store.check_writable()
            return store
        except BaseException as error:
            if db is not None:
                with contextlib.suppress(Exception):
                    await db.close()
                await asyncio.to_thread(db._thread.join, 5)
            if isinstance(error, sqlite3.Error | OSError):
                raise StoreUnavailable(explain(path, error, busy_ms)) from error
            raise

    async def _backup_before_migrating(self, path: Path, version: int) -> None:
        """A copy of the database as it was, beside it, before a new schema step changes it."""
        target = path.with_name(f"{path.name}.avant-schema-{version + 1}")

        # Read through a connection of its own: this one holds the migration's write lock, and a
        # backup through it would wait for that lock forever. Under write-ahead logging the other
        # reads what was committed, which is the schema the version was read from.
        def copy() -> None:
            with contextlib.closing(sqlite3.connect(path)) as source, contextlib.closing(sqlite3.connect(target)) as out:
                source.backup(out)
                out.execute("PRAGMA journal_mode=DELETE")

        await asyncio.to_thread(copy)
        log.warning(
            "base au schéma %d, mise à jour vers %d : copie de sécurité écrite dans %s",
            version, len(MIGRATIONS), target,
        )

    async def check_writable(self) -> None:
        """A write that changes nothing, to learn now whether this process may write the file."""
        async with self._transaction() as db:
            await db.execute("PRAGMA user_version = " + str(len(MIGRATIONS)))

    async def close(self) -> None:
        """Waits for the transaction in progress, then closes (a second call does nothing)."""
        await self._actions.drain()
        async with self._lock:
            if not self.closed:
                await self._db.close()
                self.closed = True

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self, *, backup: bool = False) -> int:
        """Applies the steps not applied yet in one transaction, and returns the version. The
        version is read under that transaction's lock: processes starting together (a shard each)
        take turns, the later ones find the schema done, and none sees it half made, so none backs
        up a database another is migrating. With ``backup``, a file of an older schema is copied
        beside it first."""
        async with self._transaction() as db:
            version = await self.schema_version()
            if backup and self._path is not None and 0 < version < len(MIGRATIONS):
                await self._backup_before_migrating(self._path, version)
            for script in MIGRATIONS[version:]:
                for statement in (s.strip() for s in script.split(";")):
                    if statement:
                        await db.execute(statement)
            if version < len(MIGRATIONS):
                await db.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
        return await self.schema_version()

    # --- tables -----------------------------------------------------------------------------
    async def create_session(self, rec: SessionRecord) -> SessionRecord:
        try:
            async with self._transaction() as db:
                cursor = await db.execute(INSERT_SESSION, _values(rec))
                rec.id = int(cursor.lastrowid or 0)
        except sqlite3.IntegrityError as error:
            raise ChannelTaken(rec.channel_id) from error
        return rec

    async def _update(self, db: aiosqlite.Connection, rec: SessionRecord) -> None:
        await db.execute(UPDATE_SESSION, (*_values(rec), rec.id))

    async def save_session(self, rec: SessionRecord) -> None:
        async with self._transaction() as db:
            await self._update(db, rec)

    async def save_action(
        self, rec: SessionRecord, player: str, action: str, at_ms: int, interaction_id: int | None
    ) -> None:
        """The accepted action and the table's new state, in one transaction (shared with other
        tables' actions that arrived meanwhile: ``group_commit``), committed when this returns.
        Raises ``DuplicateInteraction`` when this interaction's action is stored already: the
        unique index on interaction ids says so, no query before each action."""
        rows = ((rec.id, rec.seq + 1, player, action, at_ms, interaction_id), (*_values(rec), rec.id))
        try:
            await self._actions.write(rows)
        except sqlite3.IntegrityError as error:
            if interaction_id is not None and "actions.interaction_id" in str(error):
                raise DuplicateInteraction(interaction_id) from error
            raise
        rec.seq += 1

    async def _write_actions(self, group: list[ActionRows]) -> Outcomes:
        """The whole group's transaction in one trip to the database thread (aiosqlite's worker
        runs the function with its connection: a trip per statement cost more than the disk)."""
        async with self._lock:
            run: Any = self._db._execute
            outcomes: Outcomes = await run(write_group, self._db._conn, UPDATE_SESSION, group)
            return outcomes

    async def interactions_seen(self, interaction_ids: list[int]) -> set[int]:
        # json_each: one parameter for any number of ids (SQLite caps a statement's parameters).
        async with self._db.execute(
            "SELECT interaction_id FROM actions WHERE interaction_id IN (SELECT value FROM json_each(?))",
            (json.dumps(interaction_ids),),
        ) as cursor:
            return {int(r[0]) for r in await cursor.fetchall()}

    async def actions(self, session_id: int) -> list[tuple[str, str, int]]:
        async with self._db.execute(
            "SELECT player, action, at_ms FROM actions WHERE session_id = ? ORDER BY seq", (session_id,)
        ) as cursor:
            return [(r["player"], r["action"], r["at_ms"]) for r in await cursor.fetchall()]

    async def set_end_shown(self, session_id: int) -> None:
        async with self._transaction() as db:
            await db.execute("UPDATE sessions SET end_shown = 1 WHERE id = ?", (session_id,))

    async def set_due(self, dues: list[tuple[int, int]]) -> None:
        """(id, due_ms) of tables whose due time was not stored yet (from before schema step 8)."""
        async with self._transaction() as db:
            await db.executemany("UPDATE sessions SET due_ms = ? WHERE id = ?", [(d, i) for i, d in dues])

    async def set_status(self, session_id: int, status: str) -> None:
        """Changes only the status: a table set aside keeps its other columns as they were found."""
        async with self._transaction() as db:
            await db.execute("UPDATE sessions SET status = ? WHERE id = ?", (status, session_id))

    async def session(self, session_id: int) -> SessionRecord | None:
        async with self._db.execute(f"{SELECT} WHERE id = ?", (session_id,)) as cursor:
            row = await cursor.fetchone()
        return _record(row) if row else None

    async def finish(
        self, rec: SessionRecord, outcome: str, players: list[FinishedPlayer], ended_ms: int
    ) -> None:
        """Closes the table and, for a game that was played, keeps who played, scored and won."""
        async with self._transaction() as db:
            await self._update(db, rec)
            if rec.started_ms is None:
                return
            cursor = await db.execute(INSERT_FINISHED, finished_row(rec, outcome, ended_ms))
            await db.executemany(INSERT_FINISHED_PLAYER, player_rows(int(cursor.lastrowid or 0), players))

    async def stats(self, guild_id: int | None, player_id: str | None = None) -> list[GameStats]:
        """Finished games per game in a guild: all of them, or those ``player_id`` played."""
        query, params = (STATS, (guild_id, guild_id)) if player_id is None else (PLAYER_STATS, (guild_id, player_id))
        async with self._db.execute(query, params) as cursor:
            return [game_stats(r) for r in await cursor.fetchall()]

    async def leaderboard(self, guild_id: int | None, game: str | None = None) -> list[tuple[str, int, int]]:
        """(name, games played, games won) per player in a guild, most wins first."""
        async with self._db.execute(LEADERBOARD, (guild_id, game)) as cursor:
            rows = await cursor.fetchall()
        return [(r["name"], int(r["played"]), int(r["won"] or 0)) for r in rows]

    async def robot_board(self, guild_id: int | None) -> list[tuple[str, int, int]]:
        """(level, games played, games won) of the robots in a guild, apart from the humans: their
        rows are ``robot:<level>:<seat>`` (bot/sessions/core.py)."""
        async with self._db.execute(ROBOT_BOARD.format(find="instr"), (guild_id,)) as cursor:
            rows = await cursor.fetchall()
        return [(r["level"], int(r["played"]), int(r["won"] or 0)) for r in rows]

    # --- guild settings (for /config) -------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        async with self._db.execute(
            "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return dict(json.loads(row["settings"])) if row else {}

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        async with self._transaction() as db:
            await db.execute(UPSERT_SETTINGS, (guild_id, json.dumps(settings, ensure_ascii=False)))

    # --- heartbeat (for the Docker HEALTHCHECK) -------------------------------------------------
    async def beat(self, status: str, at_ms: int, pid: int) -> None:
        """``starting``, ``connected`` or ``stopped``, and when: see ``bot/health.py``."""
        async with self._transaction() as db:
            await db.execute(UPSERT_BEAT, (status, at_ms, pid))

    async def heartbeat(self) -> tuple[str, int, int] | None:
        async with self._db.execute("SELECT status, at_ms, pid FROM heartbeat WHERE id = 1") as cursor:
            row = await cursor.fetchone()
        return (str(row[0]), int(row[1]), int(row[2])) if row else None

    # --- the bot's own memory between starts ----------------------------------------------------
    async def bot_state(self, key: str) -> str | None:
        async with self._db.execute("SELECT value FROM bot_state WHERE key = ?", (key,)) as cursor:
            row = await cursor.fetchone()
        return str(row["value"]) if row else None

    async def set_bot_state(self, key: str, value: str) -> None:
        async with self._transaction() as db:
            await db.execute(UPSERT_BOT_STATE, (key, value))

    # --- whole tables, for ``python -m bot migrate-db`` -----------------------------------------
    async def columns(self, table: str) -> list[str]:
        async with self._db.execute(f"PRAGMA table_info({table})") as cursor:
            return [str(r[1]) for r in await cursor.fetchall()]

    async def rows(self, table: str, columns: list[str]) -> Rows:
        async with self._db.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY rowid") as cursor:
            return [tuple(r) for r in await cursor.fetchall()]

    async def count(self, table: str) -> int:
        async with self._db.execute(f"SELECT COUNT(*) FROM {table}") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def load(self, tables: dict[str, tuple[list[str], Rows]]) -> dict[str, int]:
        counts: dict[str, int] = {}
        async with self._transaction() as db:
            for table, (columns, rows) in tables.items():
                marks = ", ".join("?" * len(columns))
                await db.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)
                async with db.execute(f"SELECT COUNT(*) FROM {table}") as cursor:
                    row = await cursor.fetchone()
                counts[table] = int(row[0]) if row else 0
                if counts[table] != len(rows):
                    raise StoreUnavailable(
                        f"copie de {table} incomplète : {counts[table]} ligne(s) écrite(s) sur {len(rows)} ; rien n'est gardé"
                    )
        return counts
