"""PostgreSQL's side of what the shards added to the store: the open tables found by the index (per
shard, by due time: ``index.py`` says what each query is for) and the shard leases (``leases.py``:
the same rules, ``taken_back``). A mixin of ``PostgresStore``: it reads and writes through its pool.

The takes of two processes must not interleave: SQLite gets that from ``BEGIN IMMEDIATE``, here the
taking transaction locks the leases' table first (reads of the healthcheck still go through)."""

from __future__ import annotations

from collections.abc import AsyncGenerator, Callable
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

import asyncpg

from ..shards import Shards
from .index import INDEX_PAGE, OPEN, SELECT, decoded, in_shards
from .leases import LIVE_LEASES, SET_LEASES, UPSERT_LEASE, Holder, lease_rows, pid_alive, taken_back
from .queries import numbered
from .record import OVER, SessionRecord


def _count(status: str) -> int:
    """The rows an UPDATE changed, from asyncpg's status line (``UPDATE 2``)."""
    return int(status.rsplit(" ", 1)[-1])


class PgOpenTables:
    if TYPE_CHECKING:

        async def _fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]: ...

        def _connection(self) -> AbstractAsyncContextManager[asyncpg.Connection]: ...

        def _transaction(self) -> AbstractAsyncContextManager[asyncpg.Connection]: ...

    async def open_tables(
        self, shards: Shards | None = None, *, active_since: int | None = None, due_before: int | None = None
    ) -> tuple[list[SessionRecord], list[SessionRecord]]:
        where = f"{OPEN} AND {in_shards(shards)}"
        if active_since is None or due_before is None:
            return decoded(await self._fetch(f"{SELECT} WHERE {where} ORDER BY id"))
        ids = [
            int(r["id"])
            for r in await self._fetch(
                f"SELECT id FROM sessions WHERE {where} AND (active_ms >= ? OR due_ms IS NULL OR due_ms <= ?)",
                active_since, due_before,
            )
        ]
        if not ids:
            return [], []
        return decoded(await self._fetch(f"{SELECT} WHERE id = ANY(?::bigint[]) ORDER BY id", ids))

    async def open_index_pages(self, shards: Shards | None = None) -> AsyncGenerator[list[tuple[int, int]], None]:
        # A cursor in a read-only transaction of one pooled connection: the others answer the clicks.
        async with self._connection() as con, con.transaction(readonly=True):
            cursor = await con.cursor(f"SELECT channel_id, id FROM sessions WHERE {OPEN} AND {in_shards(shards)}")
            while page := await cursor.fetch(INDEX_PAGE):
                yield [(int(r[0]), int(r[1])) for r in page]

    async def open_in_channel(self, channel_id: int, shards: Shards | None = None) -> int | None:
        rows = await self._fetch(
            f"SELECT id FROM sessions WHERE channel_id = ? AND {OPEN} AND {in_shards(shards)}", channel_id
        )
        return int(rows[0]["id"]) if rows else None

    async def due_between(self, after_ms: int, until_ms: int, shards: Shards | None = None) -> list[int]:
        rows = await self._fetch(
            f"SELECT id FROM sessions WHERE {OPEN} AND due_ms > ? AND due_ms <= ? AND {in_shards(shards)} ORDER BY due_ms",
            after_ms, until_ms,
        )
        return [int(r["id"]) for r in rows]

    async def open_table(self, session_id: int) -> tuple[SessionRecord | None, SessionRecord | None]:
        rows = await self._fetch(f"{SELECT} WHERE id = ? AND {OPEN}", session_id)
        readable, unreadable = decoded(rows)
        return (readable[0] if readable else None), (unreadable[0] if unreadable else None)

    async def ends_not_shown(self, since_ms: int, shards: Shards | None = None) -> list[SessionRecord]:
        rows = await self._fetch(
            f"{SELECT} WHERE status = ? AND end_shown = 0 AND active_ms >= ? AND {in_shards(shards)} ORDER BY id",
            OVER, since_ms,
        )
        return decoded(rows)[0]

    async def set_due(self, dues: list[tuple[int, int]]) -> None:
        async with self._transaction() as con:
            await con.executemany(numbered("UPDATE sessions SET due_ms = ? WHERE id = ?"), [(d, i) for i, d in dues])


class PgLeases:
    if TYPE_CHECKING:

        def _transaction(self) -> AbstractAsyncContextManager[asyncpg.Connection]: ...

    async def take_leases(
        self,
        keys: list[str],
        me: Holder,
        now_ms: int,
        ttl_ms: int,
        *,
        status: str,
        alive: Callable[[int], bool] = pid_alive,
    ) -> list[str]:
        async with self._transaction() as con:
            # EXCLUSIVE: another take waits for this one's commit; plain reads do not.
            await con.execute("LOCK TABLE shard_leases IN EXCLUSIVE MODE")
            back = taken_back(keys, await con.fetch(numbered(LIVE_LEASES), now_ms), me, now_ms, alive)
            if back:
                await con.execute("DELETE FROM shard_leases WHERE shard = ANY($1::text[])", back)
            await con.executemany(numbered(UPSERT_LEASE), lease_rows(keys, me, status, now_ms, ttl_ms))
        return back

    async def renew_leases(self, me: Holder, status: str, now_ms: int, ttl_ms: int) -> int:
        async with self._transaction() as con:
            return _count(await con.execute(numbered(SET_LEASES), status, now_ms, now_ms + ttl_ms, me.owner))

    async def release_leases(self, me: Holder, status: str, now_ms: int) -> None:
        async with self._transaction() as con:
            await con.execute(numbered(SET_LEASES), status, now_ms, now_ms, me.owner)

