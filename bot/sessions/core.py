"""The tables in memory and what every change goes through: lookup, the commit of a new state,
a SYSTEM action, whom the table waits for, the end of a game, telling the listener.

``SessionManager`` (manager.py) is built on it: ``TimedTables`` (timers.py), ``RobotTables``
(robot_tables.py), ``TablesInMemory`` (memory.py: which tables stay loaded), then ``Seating``
(seating.py), then the manager's own restore, ``act`` and close."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from games.core import SYSTEM, TICK, Action, Event, Game, PlayerId

from ..shards import Shards
from ..store import (
    OVER,
    PLAYING,
    FinishedPlayer,
    Store,
)
from .errors import TableError
from .languages import TableLanguages
from .legal import session_waiting_for
from .session import Listener, Notice, Session, wall_ms
from .votes import hand_host_on, kept_votes

log = logging.getLogger(__name__)


class ManagerCore:
    def __init__(
        self,
        store: Store,
        games: Mapping[str, Game[Any]],
        *,
        turn_timeout_ms: int = 300_000,
        idle_timeout_ms: int = 3_600_000,
        grace_ms: int = 1_500,
        clock: Callable[[], int] = wall_ms,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        listener: Listener | None = None,
        shards: Shards | None = None,
        keep_ms: int = 600_000,
        lookahead_ms: int = 60_000,
    ) -> None:
        self.store = store
        self.games = dict(games)
        self.turn_timeout_ms = turn_timeout_ms
        self.idle_timeout_ms = idle_timeout_ms
        self.grace_ms = grace_ms
        self.clock = clock
        # The timers wait with ``sleep`` (seconds, as ``asyncio.sleep``) on ``clock``'s time: a test
        # gives both from one clock it moves by hand (``Emulator.freeze_clock``).
        self.sleep = sleep
        self.listener = listener
        self._by_channel: dict[int, Session] = {}
        self._by_id: dict[int, Session] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._closing = False
        # Only the tables of these shards' guilds are restored and timed here (None: every table).
        self.shards = shards
        # Tables idle this long with nothing due soon leave memory (memory.py); the timers of those
        # not in memory are looked up this far ahead.
        self.keep_ms = keep_ms
        self.lookahead_ms = lookahead_ms
        self._cold: dict[int, int] = {}  # channel id → id of an open table not in memory
        self._indexed = False  # ``_cold`` holds every open table (read beside the start: memory.py)
        self._indexing: asyncio.Task[None] | None = None
        self._loading: dict[int, asyncio.Future[Session | None]] = {}
        self._watcher: asyncio.Task[None] | None = None
        self._horizon = 0  # the due times up to here are loaded
        # Each server's language, known without waiting (tables are drawn synchronously).
        self.languages = TableLanguages()


    # --- lookup -----------------------------------------------------------------------------
    def in_channel(self, channel_id: int) -> Session | None:
        return self._by_channel.get(channel_id)

    def by_id(self, session_id: int) -> Session | None:
        return self._by_id.get(session_id)

    def sessions(self) -> list[Session]:
        return list(self._by_id.values())

    def _need(self, channel_id: int) -> Session:
        session = self._by_channel.get(channel_id)
        if session is None:
            raise TableError("no_table")
        return session

    def set_language(self, guild_id: int, lang: str) -> None:
        """``/config langue`` changed a server's language: its open tables speak it from now on."""
        self.languages.set(guild_id, lang)
        for session in self._by_id.values():
            if session.rec.guild_id == guild_id:
                session.lang = self.languages.of(guild_id)

    def _register(self, session: Session) -> None:
        session.lang = self.languages.of(session.rec.guild_id)
        self._by_channel[session.rec.channel_id] = session
        self._by_id[session.id] = session

    def _forget(self, session: Session) -> None:
        self._by_channel.pop(session.rec.channel_id, None)
        self._by_id.pop(session.id, None)
        if session.timer is not None and session.timer is not asyncio.current_task():
            session.timer.cancel()
        session.timer = None

    def _open_session(self, session_id: int) -> Session:
        session = self._by_id.get(session_id)
        if session is None:
            raise TableError("closed")
        return session

    async def _system(self, session: Session, action: Action, now: int) -> list[Event]:
        """A SYSTEM action (tick, removal) applied and committed; the caller holds the lock."""
        assert session.state is not None
        try:
            state, events = session.game.apply(session.state, SYSTEM, action, now)
        except Exception as error:
            log.warning("table %s : action système %s refusée : %r", session.id, action, error)
            if action.kind == TICK:
                # Do not fire again and again at a window the game cannot close; a move may unstick it.
                session.stuck_deadline = session.game.deadline(session.state)
            return []
        session.state = state
        self._after_change(session, events, now)
        await self._commit(session, SYSTEM, action, now, None)
        await self._end_if_over(session)
        return events

    async def _commit(
        self, session: Session, player: PlayerId, action: Action, at_ms: int, interaction_id: int | None
    ) -> None:
        assert session.state is not None
        session.rec.state = session.state.model_dump_json()
        await self.store.save_action(session.rec, player, action.model_dump_json(), at_ms, interaction_id)

    def _after_change(self, session: Session, events: list[Event], now: int) -> None:
        """Keeps the last public events (their words are made when the table is drawn) and resets
        the turn timer when the table waits for others."""
        rec, state = session.rec, session.state
        assert state is not None
        session.changed_ms = now
        rec.keep_news(events)
        if rec.votes:  # a player left or was removed: the votes on them and theirs go
            rec.votes = kept_votes(session)
        hand_host_on(session)
        key = f"{state.turn_no}:{','.join(sorted(self.waiting(session)))}"
        if key != rec.waiting_key:
            rec.waiting_key, rec.waiting_since_ms, rec.warned = key, now, False

    def waiting(self, session: Session) -> list[PlayerId]:
        """``waiting_for``, computed once per state: an action asks it two or three times (the
        turn's key, the timer), and each asks ``legal_actions`` of every player."""
        if session.state is None:
            return []
        try:
            return session_waiting_for(session)
        except Exception:
            log.exception("to_act a échoué (table %s)", session.id)
            return []

    def _deadline(self, session: Session) -> int | None:
        if session.state is None or session.rec.status != PLAYING:
            return None
        return session.game.deadline(session.state)

    async def _end_if_over(self, session: Session) -> bool:
        if session.state is not None and session.state.over:
            await self._finish(session, OVER, self.clock())
            return True
        return False

    async def _finish(self, session: Session, outcome: str, now: int) -> None:
        rec, state = session.rec, session.state
        before = rec.status, rec.end_shown
        rec.status = outcome
        # Told by the listener, which then marks it shown; until then a restart tells it.
        rec.end_shown = outcome != OVER or self.listener is None
        players: list[FinishedPlayer] = []
        if state is not None:
            scores = session.game.scores(state)
            seated = list(dict.fromkeys([*state.players, *scores]))
            winners = set(state.winners) if outcome == OVER else set()
            players = [
                FinishedPlayer(_stats_id(rec, p), session.name(p), scores.get(p), p in winners) for p in seated
            ]
            rec.state = state.model_dump_json()
        try:
            await self.store.finish(rec, outcome, players, now)
        except BaseException:
            # Not stored, so not closed: the table stays as the database has it.
            rec.status, rec.end_shown = before
            raise
        self._forget(session)

    async def _catch_up(self, session: Session) -> list[Event]:
        """Passes time in for windows whose deadline is already behind us (caller holds the lock)."""
        events: list[Event] = []
        for _ in range(100):  # a window closing may open another: follow the chain, but not forever
            deadline = self._deadline(session)
            now = self.clock()
            if deadline is None or deadline > now or session.state is None or session.rec.status != PLAYING:
                break
            version = session.state.version
            events += await self._system(session, Action(kind=TICK), now)
            if session.state.version == version:  # the engine refused the tick: do not spin on it
                break
        return events

    async def mark_end_shown(self, session: Session) -> None:
        """The 🏆 message of ``session`` went out: a restart will not tell it again."""
        if session.rec.end_shown:
            return
        session.rec.end_shown = True
        await self.store.set_end_shown(session.id)

    async def _notify(self, session: Session, events: list[Event], notice: Notice) -> None:
        if self.listener is None:
            return
        try:
            await self.listener.table_changed(session, events, notice)
        except Exception:  # Discord being down must not stop the game's clock
            log.exception("table %s : annonce « %s » impossible", session.id, notice.kind)

    def turn_timeout(self, session: Session) -> int:
        """The table's own turn timer when its host chose one, else the bot's setting."""
        return session.rec.turn_timeout_ms or self.turn_timeout_ms



def _stats_id(rec: Any, player: PlayerId) -> str:
    """A robot's row in the finished games: ``robot:<level>:<id>``, kept out of human rankings."""
    level = rec.robots.get(player)
    return f"robot:{level}:{player}" if level is not None else player
