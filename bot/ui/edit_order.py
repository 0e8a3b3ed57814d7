"""One edit of a table message at a time, each drawn once its turn to go out has come.

A robot's move is shown by a held edit through the channel (``TimerNews``) while the next robot
may already be playing, and a click's answer edits the same message: when two such edits overlapped,
the older drawing (its picture still being drawn in a worker thread, or its request overtaken on
the way) could land last and stay, the table showing a turn long gone with stale buttons while the
game went on. Here the edits of one table wait for each other in order, and each draws the table
only when it holds its turn, so the edit that lands last shows the table as it is.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator


class EditOrder:
    def __init__(self) -> None:
        self._locks: dict[int, asyncio.Lock] = {}
        self._users: dict[int, int] = {}  # per table: the edit going out and those waiting for it

    @contextlib.asynccontextmanager
    async def turn(self, table: int) -> AsyncIterator[None]:
        """Held while one edit of ``table``'s message is drawn and sent."""
        lock = self._locks.setdefault(table, asyncio.Lock())
        self._users[table] = self._users.get(table, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._users[table] -= 1
            if not self._users[table]:  # nobody left on it: forgotten, so that closed tables cost nothing
                del self._users[table]
                del self._locks[table]

    def busy(self, table: int) -> bool:
        """An edit of ``table``'s message is going out (a click answered now would wait for it)."""
        return table in self._users

    def waiting(self, table: int) -> int:
        """Edits of ``table``'s message waiting for the one going out."""
        return max(0, self._users.get(table, 0) - 1)
