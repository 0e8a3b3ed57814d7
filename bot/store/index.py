"""The open tables as the session manager finds them without holding them all in memory: the
index of every open table (channel, id), the rows to load at the start (played recently, due soon,
or from before ``due_ms``), the tables whose timers fall due, one table by id; each limited to the
guilds of the shards a process runs. A mixin of SQLite's store (PostgreSQL's: ``pg_tables.py``, the
same conditions): it reads through its connection."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncGenerator, Sequence
from pathlib import Path
from typing import Any, cast

import aiosqlite

from ..shards import Shards
from .queries import SELECT_SESSIONS
from .record import OPEN_STATUSES, OVER, Row, SessionRecord, _plain_record, _record

log = logging.getLogger(__name__)

CHUNK = 500  # ids per query (SQLite's limit of parameters is far above)
INDEX_PAGE = 5_000  # (channel, id) pairs handed over at a time: the event loop runs between pages
SELECT = SELECT_SESSIONS


# The open tables, written out rather than bound: SQLite (and PostgreSQL's generic plans) use an
# index built ``WHERE status IN ('lobby', 'playing')`` only for a query that says so in its text; with
# ``status IN (?, ?)`` each of these queries read every row of the table (0.5 s at 100 000 tables).
OPEN = "status IN ({})".format(", ".join(f"'{status}'" for status in OPEN_STATUSES))


def in_shards(shards: Shards | None) -> str:
    """A condition on ``guild_id``: the guilds of ``shards`` (integers only, so written in the SQL;
    the same text in PostgreSQL, on BIGINT)."""
    if shards is None:
        return "1 = 1"
    ids = ", ".join(str(int(i)) for i in shards.ids)
    return f"((COALESCE(guild_id, 0) >> 22) % {int(shards.count)}) IN ({ids})"


def decoded(rows: Sequence[Row]) -> tuple[list[SessionRecord], list[SessionRecord]]:
    """Each row decoded on its own, so one bad row never keeps the others from starting: those that
    read, and those with a column that does not (their plain columns only, to be set aside)."""
    readable: list[SessionRecord] = []
    unreadable: list[SessionRecord] = []
    for row in rows:
        try:
            readable.append(_record(row))
        except (ValueError, TypeError, AttributeError) as error:
            log.error("table %s : colonne illisible (%s)", row["id"], error)
            unreadable.append(_plain_record(row))
    return readable, unreadable


class OpenTables:
    _db: aiosqlite.Connection
    _path: Path | None  # None: a database in memory

    async def _rows(self, query: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        async with self._db.execute(query, params) as cursor:
            return list(await cursor.fetchall())

    async def open_tables(
        self, shards: Shards | None = None, *, active_since: int | None = None, due_before: int | None = None
    ) -> tuple[list[SessionRecord], list[SessionRecord]]:
        """The open tables of ``shards`` (all by default): those that read, and those that do not.
        With ``active_since``/``due_before``: only those played since then, due before then, or
        whose due time is not known yet (the tables to keep in memory at the start), found in the
        index first, so that the others' rows are not read."""
        where = f"{OPEN} AND {in_shards(shards)}"
        if active_since is None or due_before is None:
            return decoded(await self._rows(f"{SELECT} WHERE {where} ORDER BY id"))
        ids = [
            int(r["id"])
            for r in await self._rows(
                f"SELECT id FROM sessions WHERE {where} AND (active_ms >= ? OR due_ms IS NULL OR due_ms <= ?)",
                (active_since, due_before),
            )
        ]
        rows: list[sqlite3.Row] = []
        for start in range(0, len(ids), CHUNK):
            chunk = sorted(ids)[start : start + CHUNK]
            rows += await self._rows(f"{SELECT} WHERE id IN ({', '.join('?' * len(chunk))}) ORDER BY id", tuple(chunk))
        return decoded(rows)

    async def open_sessions(self) -> list[SessionRecord]:
        """The open tables that can be read (see ``open_tables`` for the others)."""
        readable, _ = await self.open_tables()
        return readable

    async def open_index_pages(self, shards: Shards | None = None) -> AsyncGenerator[list[tuple[int, int]], None]:
        """(channel id, id) of every open table of ``shards``, a page at a time: what is not loaded is
        found by it. Read on a connection of its own (a read-only one, WAL's snapshot): the store's
        connection, whose one thread runs every query in turn, stays free for the clicks meanwhile."""
        query = f"SELECT channel_id, id FROM sessions WHERE {OPEN} AND {in_shards(shards)}"
        if self._path is None:  # in memory: no other connection sees it (a test's small database)
            yield await self._index_here(query)
            return
        try:
            reader = await self._open_reader(f"{self._path.resolve().as_uri()}?mode=ro")
        except sqlite3.Error as error:
            log.warning("index des tables lu sur la connexion principale (%s)", error)
            yield await self._index_here(query)
            return
        try:
            async with reader.execute(query) as cursor:
                while page := await cursor.fetchmany(INDEX_PAGE):
                    yield cast(list[tuple[int, int]], page)  # plain (channel, id) tuples: no row factory here
        finally:
            await reader.close()

    @staticmethod
    async def _open_reader(uri: str) -> aiosqlite.Connection:
        """The index's read-only connection. The bot stopping while it opens waits for it to open,
        then closes it while the loop still runs: else its thread, once the connection is made,
        calls back into a closed loop and is never stopped."""
        opening = asyncio.ensure_future(aiosqlite.connect(uri, uri=True))
        try:
            return await asyncio.shield(opening)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await (await opening).close()
            raise

    async def _index_here(self, query: str) -> list[tuple[int, int]]:
        def read(db: sqlite3.Connection) -> list[tuple[int, int]]:
            # Plain tuples, on the database thread: a row object each costs more than the query.
            cursor = db.cursor()
            cursor.row_factory = None
            return list(cursor.execute(query).fetchall())

        run: Any = self._db._execute
        index: list[tuple[int, int]] = await run(read, self._db._conn)
        return index

    async def open_in_channel(self, channel_id: int, shards: Shards | None = None) -> int | None:
        """The id of the table open in ``channel_id`` (if its guild is one of ``shards``'), by the
        index of one open table per channel: a click that comes before the index is read."""
        rows = await self._rows(
            f"SELECT id FROM sessions WHERE channel_id = ? AND {OPEN} AND {in_shards(shards)}", (channel_id,)
        )
        return int(rows[0]["id"]) if rows else None

    async def due_between(self, after_ms: int, until_ms: int, shards: Shards | None = None) -> list[int]:
        """The open tables of ``shards`` whose timers fall due in (after_ms, until_ms], by the index."""
        rows = await self._rows(
            f"SELECT id FROM sessions WHERE {OPEN} AND due_ms > ? AND due_ms <= ? AND {in_shards(shards)} ORDER BY due_ms",
            (after_ms, until_ms),
        )
        return [int(r["id"]) for r in rows]

    async def open_table(self, session_id: int) -> tuple[SessionRecord | None, SessionRecord | None]:
        """One table if it is still open: (the record, None), or (None, its plain columns) when it
        does not read, or (None, None)."""
        rows = await self._rows(f"{SELECT} WHERE id = ? AND {OPEN}", (session_id,))
        readable, unreadable = decoded(rows)
        return (readable[0] if readable else None), (unreadable[0] if unreadable else None)

    async def ends_not_shown(self, since_ms: int, shards: Shards | None = None) -> list[SessionRecord]:
        """Games finished since ``since_ms`` whose end was not told in their channel (the bot died
        between the finish and the 🏆 message); rows that do not read are left out."""
        # Sorted here: with ORDER BY id, SQLite walks every row in id order (reading each table's
        # state) instead of the few the index of ends to tell holds.
        rows = await self._rows(
            f"{SELECT} WHERE status = ? AND end_shown = 0 AND active_ms >= ? AND {in_shards(shards)}",
            (OVER, since_ms),
        )
        return sorted(decoded(rows)[0], key=lambda rec: rec.id)
