"""Changes proposed for ``bot/store`` (not the bench's to make), measured here next to the real
store so docs/PERFORMANCE.md can give their effect in figures.

``GroupCommitStore`` goes further: the actions of the tables that wait while a commit is on the
disk are written together in the next transaction, one sync for all of them. Each caller still
returns only once its own action is committed, so an answered click is never lost; a row that
fails (a click delivered twice) fails alone, thanks to a savepoint per row.

``OneHopStore`` writes an accepted action in one trip to the database thread instead of four
(BEGIN, INSERT, UPDATE, COMMIT each awaited). Every trip is a wake-up of the event loop, and while
the transaction waits for its turn on a busy loop it holds the store's lock, so the other tables'
commits queue behind it. It reaches into aiosqlite's worker (``_execute``, ``_conn``): the real change
would give the store a thread and a plain ``sqlite3`` connection of its own.
"""

from __future__ import annotations

import asyncio
import sqlite3

import aiosqlite

from bot.store import SessionRecord, Store
from bot.store.store import _COLUMNS, _values

_INSERT_ACTION = (
    "INSERT INTO actions (session_id, seq, player, action, at_ms, interaction_id) VALUES (?, ?, ?, ?, ?, ?)"
)
_UPDATE_SESSION = "UPDATE sessions SET {} WHERE id = ?".format(
    ", ".join(f"{c.strip()} = ?" for c in _COLUMNS.split(","))
)


def _write_action(
    db: sqlite3.Connection, action_row: tuple[object, ...], session_row: tuple[object, ...]
) -> None:
    """The whole transaction, run on the database thread."""
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute(_INSERT_ACTION, action_row)
        db.execute(_UPDATE_SESSION, session_row)
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


class OneHopStore(Store):
    async def save_action(
        self, rec: SessionRecord, player: str, action: str, at_ms: int, interaction_id: int | None
    ) -> None:
        action_row = (rec.id, rec.seq + 1, player, action, at_ms, interaction_id)
        session_row = (*_values(rec), rec.id)
        async with self._lock:
            await self._db._execute(_write_action, self._db._conn, action_row, session_row)
        rec.seq += 1


Rows = tuple[tuple[object, ...], tuple[object, ...]]


def _write_actions(db: sqlite3.Connection, batch: list[Rows]) -> list[BaseException | None]:
    """Several tables' actions in one transaction; what went wrong for each row, if anything."""
    outcomes: list[BaseException | None] = []
    db.execute("BEGIN IMMEDIATE")
    try:
        for action_row, session_row in batch:
            db.execute("SAVEPOINT one_action")
            try:
                db.execute(_INSERT_ACTION, action_row)
                db.execute(_UPDATE_SESSION, session_row)
            except sqlite3.Error as error:
                db.execute("ROLLBACK TO one_action")
                outcomes.append(error)
            else:
                outcomes.append(None)
            db.execute("RELEASE one_action")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    return outcomes


class GroupCommitStore(Store):
    def __init__(self, db: aiosqlite.Connection) -> None:
        super().__init__(db)
        self._waiting: list[tuple[Rows, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def save_action(
        self, rec: SessionRecord, player: str, action: str, at_ms: int, interaction_id: int | None
    ) -> None:
        rows = ((rec.id, rec.seq + 1, player, action, at_ms, interaction_id), (*_values(rec), rec.id))
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((rows, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_waiting())
        await done
        rec.seq += 1

    async def _write_waiting(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                async with self._lock:
                    outcomes = await self._db._execute(
                        _write_actions, self._db._conn, [rows for rows, _ in batch]
                    )
            except BaseException as error:
                for _, done in batch:
                    if not done.done():
                        done.set_exception(error)
                if not isinstance(error, Exception):
                    raise
                continue
            for (_, done), outcome in zip(batch, outcomes, strict=True):
                if done.done():
                    continue
                if outcome is None:
                    done.set_result(None)
                else:
                    done.set_exception(outcome)
