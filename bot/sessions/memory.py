"""Memory that does not grow with the number of open tables.

Kept in memory: the tables played in the last ``keep_ms``, those due soon (a window closing, a
player to warn) and those being played. The others are known only by their channel (``_cold``, a
few dozen bytes each; that index is read beside the start, a click before it is read asking the
database) and loaded on their first click or command (``warm``), or when their timer
falls due: every save stamps the table's next due time in an indexed column (``due_ms``), and one
task (``_watch``) loads the tables due within ``lookahead_ms`` from it, so that their timers fire
as if they had stayed; it also lets go of the tables idle for ``keep_ms`` with nothing due soon.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from pydantic import ValidationError

from ..startup import START
from ..store import BROKEN, SessionRecord
from .robot_tables import RobotTables
from .session import Session

log = logging.getLogger(__name__)

INDEX_PAUSE_S = 0.02  # between two pages of the index read beside the start


class TablesInMemory(RobotTables):
    async def warm(self, channel_id: int | None) -> Session | None:
        """The table open in ``channel_id``, loaded first if it was not in memory."""
        if channel_id is None:
            return None
        session = self._by_channel.get(channel_id)
        if session is not None or (self._indexed and channel_id not in self._cold):
            return session
        loading = self._loading.get(channel_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load_in(channel_id))
            self._loading[channel_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(channel_id, None))
        return await asyncio.shield(loading)

    async def _load_in(self, channel_id: int) -> Session | None:
        """The channel's table by the index; before the index is read (the first seconds of a start),
        asked of the database, so that no click waits for the index nor is told « no table »."""
        session_id = self._cold.get(channel_id)
        if session_id is None:
            session_id = await self.store.open_in_channel(channel_id, self.shards)
        session = await self._load(session_id) if session_id is not None else None
        if session is None and self._cold.get(channel_id) == session_id:
            self._cold.pop(channel_id, None)  # closed since the index was read
        # A table opened in the channel meanwhile (a /jouer beside the click) is the channel's.
        return session if session is not None else self._by_channel.get(channel_id)

    async def _load(self, session_id: int) -> Session | None:
        """Reads one table back into memory and arms its timer; a row that no longer reads is set
        aside (``broken``) and its channel told, as at a restart."""
        known = self._by_id.get(session_id)
        if known is not None:
            return known
        rec, plain = await self.store.open_table(session_id)
        channel = rec.channel_id if rec is not None else plain.channel_id if plain is not None else None
        if channel is not None and self._cold.get(channel) == session_id:
            del self._cold[channel]
        found = rec if rec is not None else plain
        if found is not None:
            # Its server's language, known before it is drawn (as at a restart).
            await self.languages.load(self.store, found.guild_id)
        if rec is None:
            if plain is not None:
                await self._set_aside(plain)
            return None
        session = self._session_of(rec)
        if session is None:
            await self._set_aside(rec)
            return None
        self._register(session)
        self._arm(session)
        return session

    def _session_of(self, rec: SessionRecord) -> Session | None:
        game = self.games.get(rec.game)
        try:
            if game is None:
                raise KeyError(rec.game)
            state = game.load(rec.state) if rec.state is not None else None
            if rec.status == "playing" and state is None:
                raise ValueError("a game without a state")
        except (KeyError, ValueError, ValidationError) as error:
            log.error("table %s (salon %s) illisible, mise de côté : %s", rec.id, rec.channel_id, error)
            return None
        return Session(rec=rec, game=game, state=state)

    async def _set_aside(self, rec: SessionRecord) -> None:
        rec.status = BROKEN
        await self.store.set_status(rec.id, BROKEN)
        await self._notify_broken(rec)

    async def _notify_broken(self, rec: SessionRecord) -> None:
        """Tells the listener (when it listens for that) about a table set aside as unreadable."""
        hear = getattr(self.listener, "table_broken", None)
        if hear is None:
            return
        try:
            await hear(rec)
        except Exception:
            log.exception("table %s : annonce de la mise de côté impossible", rec.id)

    # --- the index of the tables not in memory ------------------------------------------------------
    def _start_index(self) -> None:
        """Reads the index of every open table beside the start (a second for 100 000 tables on a
        small machine), so that the bot connects without waiting for it; until it is read, a click in
        a channel not in it asks the database (``_load_in``). A failed read is tried again by the
        watch."""
        if self._indexed or self._closing or (self._indexing is not None and not self._indexing.done()):
            return
        self._indexing = asyncio.create_task(self._read_index(), name="taverne-index")
        self._tasks.add(self._indexing)

    async def _read_index(self) -> None:
        started = time.perf_counter()
        try:
            # Closed here, not when collected: the bot stopping mid-read closes the index's own
            # connection while the loop still runs (else its thread calls back into a closed loop).
            async with contextlib.aclosing(self.store.open_index_pages(self.shards)) as pages:
                async for page in pages:
                    self._remember_cold(page)
                    # The clicks of the first seconds come first: a table loading for one is waited
                    # for, and each page leaves the process's CPU to them for a moment (100 000
                    # tables: 20 pages, 0.4 s more for the index, which only spares a query per
                    # message in a channel without a table).
                    while self._loading:
                        await asyncio.wait(list(self._loading.values()))
                    await asyncio.sleep(INDEX_PAUSE_S)
        except Exception as error:  # the database away: each channel asked until the index is read
            log.error("index des tables hors mémoire non lu (chaque salon demandé à la base) : %s", error)
            return
        self._indexed = True
        log.info(
            "%d table(s) hors mémoire, chargée(s) à leur premier clic (index lu en %.2f s, %.2f s après le lancement)",
            self.cold(), time.perf_counter() - started, START.since_start(),
        )

    async def index_read(self) -> bool:
        """Waits for the index read in progress; whether the index is read."""
        if self._indexing is not None:
            await asyncio.shield(self._indexing)
        return self._indexed

    def _remember_cold(self, page: list[tuple[int, int]]) -> None:
        """A page of the index, (channel, id) pairs, added to ``_cold`` (in C: dict and set
        operations, not a Python loop per table, for the clicks served meanwhile). What memory knows
        is newer than the index's snapshot: a channel whose table is loaded (or loading), or was let
        go since, is left as it is."""
        fresh = dict(page)
        for known in (self._by_channel, self._loading, self._cold):
            for channel_id in fresh.keys() & known.keys():
                del fresh[channel_id]
        self._cold.update(fresh)

    def in_memory(self) -> int:
        return len(self._by_id)

    def cold(self) -> int:
        return len(self._cold)

    # --- the timers of the tables not in memory ----------------------------------------------------
    def _start_watch(self, horizon_ms: int) -> None:
        self._horizon = horizon_ms
        if self._watcher is None and not self._closing:
            self._watcher = asyncio.create_task(self._watch(), name="taverne-due-tables")
            self._tasks.add(self._watcher)

    async def _watch(self) -> None:
        while not self._closing:
            # Half-way to the horizon (from the time it was set, not from when this task first ran).
            await self.sleep(max(0, self._horizon - self.lookahead_ms // 2 - self.clock()) / 1000)
            try:
                self._start_index()
                await self.load_due()
                await self.let_go()
            except Exception as error:  # the database away: the next round tries again
                log.error("tables à échéance non lues : %s", error)

    async def load_due(self) -> int:
        """Loads the tables not in memory whose timers fall due before ``lookahead_ms`` from now."""
        until = self.clock() + self.lookahead_ms
        loaded = 0
        for session_id in await self.store.due_between(self._horizon, until, self.shards):
            if session_id not in self._by_id and await self._load(session_id) is not None:
                loaded += 1
        self._horizon = until
        return loaded

    def _idle(self, session: Session, now: int) -> bool:
        return (
            session.rec.active_ms < now - self.keep_ms
            and not session.lock.locked()
            and self._deadline(session) is None
            and self.next_due(session).at > self._horizon
        )

    async def let_go(self) -> int:
        """Lets go of the tables idle for ``keep_ms`` with nothing due before the watch's horizon;
        their due time is written first when it was not stored (settings changed since)."""
        now = self.clock()
        idle = [s for s in list(self._by_id.values()) if self._idle(s, now)]
        stale = [(s.id, self.next_due(s).at) for s in idle if s.rec.due_ms != self.next_due(s).at]
        if stale:
            await self.store.set_due(stale)
        for session in idle:
            # Asked again: a click may have come while the due times were written.
            if self._by_id.get(session.id) is session and self._idle(session, self.clock()):
                session.rec.due_ms = self.next_due(session).at
                self._forget(session)
                self._cold[session.rec.channel_id] = session.id
        return sum(self._by_id.get(s.id) is not s for s in idle)
