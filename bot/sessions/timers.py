"""Timers: one decision (``next_due``: a ``Due(kind, at)``) of what a table does next by itself —
close a timed window, warn or remove the players it waits for, close for idleness — and the task
that sleeps until then and does it (``_do``)."""

from __future__ import annotations

import asyncio
import logging

from games.core import REMOVE, Action, Event, PlayerId

from ..store import (
    ABANDONED,
    PLAYING,
)
from .core import ManagerCore
from .session import Due, Notice, Session, _at

log = logging.getLogger(__name__)


class TimedTables(ManagerCore):
    # --- timers -------------------------------------------------------------------------------------
    def next_due(self, session: Session) -> Due:
        """What the table must next do by itself, and when: the one timer decision (``Due``)."""
        rec = session.rec
        idle = Due("idle", rec.active_ms + self.idle_timeout_ms)
        deadline = self._deadline(session)
        if deadline is not None and deadline != session.stuck_deadline:
            return min(idle, Due("window", deadline + self.grace_ms), key=_at)
        if rec.status == PLAYING and self.waiting(session):
            timeout = self.turn_timeout(session)
            turn = (
                Due("remove", rec.waiting_since_ms + 2 * timeout)
                if rec.warned
                else Due("warn", rec.waiting_since_ms + timeout)
            )
            return min(idle, turn, key=_at)
        return idle

    def stamp(self, session: Session) -> None:
        """The next due time written with the table at its save: the index that finds the timers
        of the tables not in memory (memory.py)."""
        session.rec.due_ms = self.next_due(session).at

    async def _commit(
        self, session: Session, player: PlayerId, action: Action, at_ms: int, interaction_id: int | None
    ) -> None:
        self.stamp(session)
        await super()._commit(session, player, action, at_ms, interaction_id)

    def _arm(self, session: Session) -> None:
        if self._closing or session.timer is asyncio.current_task():
            return
        if session.timer is not None:
            session.timer.cancel()
        due = self.next_due(session)
        session.timer = asyncio.create_task(self._sleep_then_fire(session, due.at))

    async def _sleep_then_fire(self, session: Session, due: int) -> None:
        await self.sleep(max(0, due - self.clock()) / 1000)
        # Handled in its own task, so a re-arm (which cancels this one) never cuts it in half.
        task = asyncio.create_task(self._fire(session))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _fire(self, session: Session) -> None:
        try:
            await self._due(session)
        except Exception:
            log.exception("minuteur de la table %s", session.id)

    async def _due(self, session: Session) -> None:
        notices: list[tuple[list[Event], Notice]] = []
        async with session.lock:
            if self._by_id.get(session.id) is not session:
                return
            now = self.clock()
            due = self.next_due(session)
            if now >= due.at:
                notices = await self._do(session, due, now)
        if self._by_id.get(session.id) is session:
            self._arm(session)
        for events, notice in notices:
            await self._notify(session, events, notice)

    async def _do(self, session: Session, due: Due, now: int) -> list[tuple[list[Event], Notice]]:
        """What ``due`` says the table does by itself now (the caller holds the lock)."""
        rec = session.rec
        if due.kind == "idle":
            await self._finish(session, ABANDONED, now)
            return [([], Notice("idle_closed"))]
        if due.kind == "window":
            version = session.state.version if session.state is not None else 0
            closed = await self._catch_up(session)
            if session.state is not None and session.state.version != version:
                return [(closed, Notice("window_closed", deadline_ms=self._deadline(session)))]
            return []
        waiting = self.waiting(session)
        if due.kind == "warn":
            rec.warned = True
            self.stamp(session)
            await self.store.save_session(rec)
            limit = rec.waiting_since_ms + 2 * self.turn_timeout(session)
            return [([], Notice("warned", players=waiting, deadline_ms=limit))]
        events: list[Event] = []
        for player in waiting:
            if session.rec.status != PLAYING:
                break
            events += await self._system(session, Action(kind=REMOVE, args={"joueur": player}), now)
        return [(events, Notice("removed", players=waiting))]
