"""What timers say about a table, held a moment: several timer events close together become one
table edit and one channel message (Discord allows about five messages per five seconds in a
channel, and every edit counts against the same limits).

A click on that table before the moment is over takes what is held (``take``): the click's own
edit shows the table as it is now, and its message carries the held lines first, so the channel
still reads in order and hears one message for both.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field

from ..sessions import Session

log = logging.getLogger(__name__)

# Long enough to gather a window closing and the warning or removal right behind it, short
# enough that nobody waits for the table.
DELAY_S = 0.25


@dataclass
class Held:
    session: Session
    lines: list[str] = field(default_factory=list)
    task: asyncio.Task[None] | None = None


Flush = Callable[[Session, list[str]], Awaitable[None]]
Sleep = Callable[[float], Awaitable[None]]


class TimerNews:
    def __init__(self, flush: Flush, delay_s: float = DELAY_S, sleep: Sleep = asyncio.sleep) -> None:
        self.flush = flush
        self.delay_s = delay_s
        self.sleep = sleep  # a test's hand-moved clock holds the news until it moves
        self._held: dict[int, Held] = {}
        self._running: set[asyncio.Task[None]] = set()

    def add(self, session: Session, lines: list[str]) -> None:
        """Holds ``lines`` for the channel (worded now, in order) and an edit of ``session``'s table."""
        held = self._held.get(session.id)
        if held is None:
            held = self._held[session.id] = Held(session)
            held.task = asyncio.create_task(self._later(session.id))
            self._running.add(held.task)
            held.task.add_done_callback(self._running.discard)
        held.session = session
        held.lines += lines

    def take(self, session_id: int) -> list[str]:
        """The lines held for the table; nothing will flush them later any more."""
        held = self._held.pop(session_id, None)
        if held is None:
            return []
        if held.task is not None and held.task is not asyncio.current_task():
            held.task.cancel()
        return held.lines

    def holding(self, session_id: int) -> bool:
        return session_id in self._held

    async def _later(self, session_id: int) -> None:
        await self.sleep(self.delay_s)
        held = self._held.pop(session_id, None)
        if held is None:
            return
        try:
            await self.flush(held.session, held.lines)
        except Exception:
            log.exception("table %s : nouvelles des minuteurs impossibles à afficher", session_id)

    async def shown(self, session_ids: Iterable[int]) -> None:
        """Waits until what is held for these tables now has been shown (or taken by a click)."""
        tasks = [h.task for i in session_ids if (h := self._held.get(i)) is not None and h.task is not None]
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)

    async def settle(self) -> None:
        """Waits until everything held has been shown (tests; a clean shutdown)."""
        while self._running:
            await asyncio.gather(*list(self._running), return_exceptions=True)

    def close(self) -> None:
        for task in list(self._running):
            task.cancel()
        self._held.clear()
