"""Accepted actions written in groups: one transaction, one sync to the disk, for every action that
arrived while the previous transaction was being committed.

With many tables playing, a commit per action spent most of its time in trips between the event
loop and the database thread (BEGIN, INSERT, UPDATE, COMMIT each awaited) and in one ``fsync``
each: 25 % of what plain sqlite3 commits per second (docs/PERFORMANCE.md, section 3). Here a whole
group goes to the database thread in one call. Each caller still returns only once the transaction
holding its action is committed, so a click is never answered before its move is on disk; a row
that fails (a click delivered twice, a refused update) is rolled back to its savepoint and fails
alone, its neighbours committed.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from typing import Any

from .queries import INSERT_ACTION

ActionRows = tuple[tuple[Any, ...], tuple[Any, ...]]
Outcomes = list[BaseException | None]



def write_group(db: sqlite3.Connection, update_session: str, group: list[ActionRows]) -> Outcomes:
    """On the database thread: the actions and their tables' rows in one transaction; for each,
    the error that kept it out, or None."""
    outcomes: Outcomes = []
    db.execute("BEGIN IMMEDIATE")
    try:
        for action_row, session_row in group:
            if len(group) == 1:
                # Alone: no savepoint needed, its failure is the transaction's.
                db.execute(INSERT_ACTION, action_row)
                db.execute(update_session, session_row)
                outcomes.append(None)
                continue
            db.execute("SAVEPOINT one_action")
            try:
                db.execute(INSERT_ACTION, action_row)
                db.execute(update_session, session_row)
            except sqlite3.Error as error:
                db.execute("ROLLBACK TO one_action")
                outcomes.append(error)
            else:
                outcomes.append(None)
            db.execute("RELEASE one_action")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return outcomes


class GroupCommit:
    """Queues the actions to write and writes them, a group per transaction, in one task."""

    def __init__(self, run: Callable[[list[ActionRows]], Awaitable[Outcomes]]) -> None:
        self._run = run
        self._waiting: list[tuple[ActionRows, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def write(self, rows: ActionRows) -> None:
        """Returns once ``rows`` are committed; raises what kept them out."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((rows, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_waiting(), name="taverne-group-commit")
        await asyncio.shield(done)

    async def drain(self) -> None:
        """Waits until every action queued so far is written (or refused)."""
        while self._writer is not None and not self._writer.done():
            await asyncio.wait({self._writer})

    async def _write_waiting(self) -> None:
        while self._waiting:
            group, self._waiting = self._waiting, []
            try:
                outcomes = await self._run([rows for rows, _ in group])
            except BaseException as error:
                for _, done in group:
                    if done.done():
                        continue
                    if isinstance(error, asyncio.CancelledError):
                        done.cancel()
                    else:
                        done.set_exception(error)
                if not isinstance(error, Exception):
                    raise
                continue
            for (_, done), outcome in zip(group, outcomes, strict=True):
                if done.done():
                    continue
                if outcome is None:
                    done.set_result(None)
                else:
                    done.set_exception(outcome)
