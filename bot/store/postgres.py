"""PostgreSQL storage (asyncpg): the same tables, schema steps and promises as the SQLite store,
on a server several bot processes can share.

Each accepted action is ONE statement (the action inserted and the table's row updated, by a
data-modifying WITH), committed before the call returns. Actions of many tables that arrive while
one is being written go together: one transaction, their statements pipelined (``executemany``),
one commit, one round trip; when one of them is refused (a click delivered twice), the group is written again one
statement at a time, so that it fails alone. A server that goes away is the storage refusal for
every call until it is back: the pool connects again at the next call, the bot is not restarted.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from .base import Rows, Store
from .errors import ChannelTaken, DuplicateInteraction, StoreFailure, StoreUnavailable
from .group_commit import ActionRows, GroupCommit, Outcomes
from .migrations import MIGRATIONS_PG
from .pg_errors import DRIVER_ERRORS, OPEN_ERRORS, explain_pg
from .pg_tables import PgLeases, PgOpenTables
from .queries import (
    INSERT_FINISHED,
    INSERT_FINISHED_PLAYER,
    INSERT_SESSION,
    LEADERBOARD,
    PLAYER_STATS,
    ROBOT_BOARD,
    SELECT_SESSIONS,
    STATS,
    UPSERT_BEAT,
    UPSERT_BOT_STATE,
    UPSERT_SETTINGS,
    numbered,
)
from .record import (
    _COLUMNS,
    FinishedPlayer,
    GameStats,
    SessionRecord,
    _record,
    _values,
    finished_row,
    game_stats,
    player_rows,
)
from .target import shown, without_secret

log = logging.getLogger(__name__)

# Which step of MIGRATIONS_PG (migrations.py) the database is at (SQLite keeps it in PRAGMA user_version).
SCHEMA_TABLE = "CREATE TABLE IF NOT EXISTS taverne_schema (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)"
# Held while a process applies schema steps, so that two processes starting together take turns.
MIGRATION_LOCK = 0x7461_7665  # "tave"
# The action and its table's new row in one statement: $1..$6 the action, then the row, then the id.
_ASSIGN = ", ".join(f"{c.strip()} = ${i}" for i, c in enumerate(_COLUMNS.split(","), start=7))
WRITE_ACTION = (
    "WITH new_action AS (INSERT INTO actions (session_id, seq, player, action, at_ms, interaction_id) "
    f"VALUES ($1, $2, $3, $4, $5, $6)) UPDATE sessions SET {_ASSIGN} WHERE id = ${7 + len(_COLUMNS.split(','))}"
)
_UPDATE = numbered("UPDATE sessions SET {} WHERE id = ?".format(", ".join(f"{c.strip()} = ?" for c in _COLUMNS.split(","))))


async def _keep_session(con: asyncpg.Connection) -> None:
    """What a connection given back to the pool needs reset, beyond the open transaction asyncpg
    rolls back itself: nothing. The store sets no session setting, listens to nothing and takes only
    transaction-scoped locks, so asyncpg's default reset query (a round trip at every release, one
    per action) has nothing to undo."""


class PostgresStore(PgOpenTables, PgLeases, Store):
    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self._url = url
        self.closed = False
        # Several groups in flight at once (the pool less two connections kept for reads): unlike SQLite's one
        # writer, the server commits transactions of several connections together. A table's
        # actions always take the same writer (its id), so they stay in order.
        self._writers = [GroupCommit(self._write_actions) for _ in range(max(1, pool.get_max_size() - 2))]

    @classmethod
    async def connect(cls, url: str, *, connect_timeout_s: float = 10.0, pool_size: int = 6) -> PostgresStore:
        """Connects (a small pool), applies the schema steps not applied yet, checks it may write.
        Any failure is ``StoreUnavailable`` saying what to do, the password masked."""
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=pool_size, timeout=connect_timeout_s, command_timeout=30,
                reset=_keep_session,
            )
        except OPEN_ERRORS as error:
            raise explain_pg(url, error) from None
        store = cls(pool, url)
        try:
            await store.migrate()
            await store.check_writable()
        except BaseException as error:
            await store._close_pool()
            if isinstance(error, StoreFailure) and error.__cause__ is not None:
                raise explain_pg(url, error.__cause__) from None
            raise
        return store

    def __repr__(self) -> str:
        return f"PostgresStore({shown(self._url)})"

    async def _close_pool(self) -> None:
        try:
            await asyncio.wait_for(self._pool.close(), 10)
        except DRIVER_ERRORS:
            self._pool.terminate()

    async def close(self) -> None:
        for writer in self._writers:
            await writer.drain()
        if not self.closed:
            self.closed = True
            await self._close_pool()

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        """A connection from the pool; the server gone (or refusing) is ``StoreFailure``, whose
        message never holds the password. Constraint violations go through for the caller to read."""
        try:
            async with self._pool.acquire(timeout=10) as con:
                yield con
        except asyncpg.IntegrityConstraintViolationError:
            raise
        except DRIVER_ERRORS as error:
            raise StoreFailure(without_secret(f"{type(error).__name__}: {error}", self._url)) from error

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[asyncpg.Connection]:
        async with self._connection() as con, con.transaction():
            yield con

    async def _fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        async with self._connection() as con:
            rows: list[asyncpg.Record] = await con.fetch(numbered(sql), *args)
            return rows

    # --- schema -----------------------------------------------------------------------------
    async def schema_version(self) -> int:
        async with self._connection() as con:
            present = await con.fetchval("SELECT to_regclass('taverne_schema') IS NOT NULL")
            if not present:
                return 0
            return int(await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM taverne_schema"))

    async def migrate(self) -> int:
        """The steps not applied yet, all in ONE transaction (PostgreSQL's DDL is transactional: an
        upgrade that fails leaves the database as it was), under a lock that makes two processes
        starting together take turns (the second finds the steps done)."""
        async with self._transaction() as con:
            await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await con.execute(SCHEMA_TABLE)
            version = int(await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM taverne_schema"))
            if version > len(MIGRATIONS_PG):
                raise StoreUnavailable(
                    f"{shown(self._url)} vient d'une version plus récente de Taverne (schéma {version}, "
                    f"celle-ci connaît {len(MIGRATIONS_PG)}) : mettez Taverne à jour"
                )
            if 0 < version < len(MIGRATIONS_PG):
                log.warning("base au schéma %d, mise à jour vers %d", version, len(MIGRATIONS_PG))
            for script in MIGRATIONS_PG[version:]:
                await con.execute(script)
            await con.execute(
                "INSERT INTO taverne_schema (id, version) VALUES (1, $1) "
                "ON CONFLICT (id) DO UPDATE SET version = excluded.version",
                len(MIGRATIONS_PG),
            )
        return await self.schema_version()

    async def check_writable(self) -> None:
        async with self._transaction() as con:
            await con.execute("UPDATE taverne_schema SET version = version")

    # --- tables -----------------------------------------------------------------------------
    async def create_session(self, rec: SessionRecord) -> SessionRecord:
        try:
            async with self._connection() as con:
                rec.id = int(await con.fetchval(numbered(INSERT_SESSION) + " RETURNING id", *_values(rec)))
        except asyncpg.UniqueViolationError as error:
            raise ChannelTaken(rec.channel_id) from error
        return rec

    async def save_session(self, rec: SessionRecord) -> None:
        async with self._connection() as con:
            await con.execute(_UPDATE, *_values(rec), rec.id)

    async def save_action(
        self, rec: SessionRecord, player: str, action: str, at_ms: int, interaction_id: int | None
    ) -> None:
        rows = ((rec.id, rec.seq + 1, player, action, at_ms, interaction_id), (*_values(rec), rec.id))
        try:
            await self._writers[rec.id % len(self._writers)].write(rows)
        except asyncpg.IntegrityConstraintViolationError as error:
            if interaction_id is not None and getattr(error, "constraint_name", "") == "actions_once_per_interaction":
                raise DuplicateInteraction(interaction_id) from error
            raise StoreFailure(f"{type(error).__name__}: {error}") from error
        rec.seq += 1

    async def _write_actions(self, group: list[ActionRows]) -> Outcomes:
        statements = [(*action_row, *session_row) for action_row, session_row in group]
        async with self._connection() as con:
            if len(statements) > 1:
                try:
                    # One round trip: asyncpg's executemany pipelines the statements and commits
                    # them as one transaction (all or none) — no BEGIN and COMMIT trips around it.
                    await con.executemany(WRITE_ACTION, statements)
                    return [None] * len(statements)
                except asyncpg.IntegrityConstraintViolationError:
                    pass  # rolled back: each one alone below, so that only the refused one fails
            outcomes: Outcomes = []
            for statement in statements:
                try:
                    await con.execute(WRITE_ACTION, *statement)
                except asyncpg.IntegrityConstraintViolationError as error:
                    outcomes.append(error)
                else:
                    outcomes.append(None)
            return outcomes

    async def interactions_seen(self, interaction_ids: list[int]) -> set[int]:
        rows = await self._fetch(
            "SELECT interaction_id FROM actions WHERE interaction_id = ANY(?::bigint[])", interaction_ids
        )
        return {int(r[0]) for r in rows}

    async def actions(self, session_id: int) -> list[tuple[str, str, int]]:
        rows = await self._fetch("SELECT player, action, at_ms FROM actions WHERE session_id = ? ORDER BY seq", session_id)
        return [(r["player"], r["action"], r["at_ms"]) for r in rows]

    async def set_end_shown(self, session_id: int) -> None:
        await self._fetch("UPDATE sessions SET end_shown = 1 WHERE id = ?", session_id)

    async def set_status(self, session_id: int, status: str) -> None:
        await self._fetch("UPDATE sessions SET status = ? WHERE id = ?", status, session_id)

    async def session(self, session_id: int) -> SessionRecord | None:
        rows = await self._fetch(f"{SELECT_SESSIONS} WHERE id = ?", session_id)
        return _record(rows[0]) if rows else None

    async def finish(self, rec: SessionRecord, outcome: str, players: list[FinishedPlayer], ended_ms: int) -> None:
        async with self._transaction() as con:
            await con.execute(_UPDATE, *_values(rec), rec.id)
            if rec.started_ms is None:
                return
            finished_id = await con.fetchval(
                numbered(INSERT_FINISHED) + " RETURNING id", *finished_row(rec, outcome, ended_ms)
            )
            await con.executemany(numbered(INSERT_FINISHED_PLAYER), player_rows(int(finished_id), players))

    async def stats(self, guild_id: int | None, player_id: str | None = None) -> list[GameStats]:
        rows = await (
            self._fetch(STATS, guild_id, guild_id) if player_id is None else self._fetch(PLAYER_STATS, guild_id, player_id)
        )
        return [game_stats(r) for r in rows]

    async def leaderboard(self, guild_id: int | None, game: str | None = None) -> list[tuple[str, int, int]]:
        rows = await self._fetch(LEADERBOARD, guild_id, game)
        return [(r["name"], int(r["played"]), int(r["won"] or 0)) for r in rows]

    async def robot_board(self, guild_id: int | None) -> list[tuple[str, int, int]]:
        rows = await self._fetch(ROBOT_BOARD.format(find="strpos"), guild_id)
        return [(r["level"], int(r["played"]), int(r["won"] or 0)) for r in rows]

    # --- guild settings, heartbeat, the bot's memory -------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        rows = await self._fetch("SELECT settings FROM guild_settings WHERE guild_id = ?", guild_id)
        return dict(json.loads(rows[0]["settings"])) if rows else {}

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self._fetch(UPSERT_SETTINGS, guild_id, json.dumps(settings, ensure_ascii=False))

    async def beat(self, status: str, at_ms: int, pid: int) -> None:
        await self._fetch(UPSERT_BEAT, status, at_ms, pid)

    async def heartbeat(self) -> tuple[str, int, int] | None:
        rows = await self._fetch("SELECT status, at_ms, pid FROM heartbeat WHERE id = 1")
        return (str(rows[0][0]), int(rows[0][1]), int(rows[0][2])) if rows else None

    async def bot_state(self, key: str) -> str | None:
        rows = await self._fetch("SELECT value FROM bot_state WHERE key = ?", key)
        return str(rows[0]["value"]) if rows else None

    async def set_bot_state(self, key: str, value: str) -> None:
        await self._fetch(UPSERT_BOT_STATE, key, value)

    # --- whole tables, for ``python -m bot migrate-db`` -----------------------------------------
    async def columns(self, table: str) -> list[str]:
        rows = await self._fetch(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
            "AND table_name = ? ORDER BY ordinal_position",
            table,
        )
        return [str(r[0]) for r in rows]

    async def rows(self, table: str, columns: list[str]) -> Rows:
        return [tuple(r) for r in await self._fetch(f"SELECT {', '.join(columns)} FROM {table} ORDER BY 1")]

    async def count(self, table: str) -> int:
        return int((await self._fetch(f"SELECT COUNT(*) FROM {table}"))[0][0])

    async def load(self, tables: dict[str, tuple[list[str], Rows]]) -> dict[str, int]:
        counts: dict[str, int] = {}
        async with self._transaction() as con:
            for table, (columns, rows) in tables.items():
                if rows:
                    await con.copy_records_to_table(table, records=rows, columns=columns)
                counts[table] = int(await con.fetchval(f"SELECT COUNT(*) FROM {table}"))
                if counts[table] != len(rows):
                    raise StoreUnavailable(
                        f"copie de {table} incomplète : {counts[table]} ligne(s) écrite(s) sur {len(rows)} ; rien n'est gardé"
                    )
            # The ids numbered by the server go on after the copied ones.
            for table in ("sessions", "finished_games"):
                await con.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM {table}"
                )
        return counts


