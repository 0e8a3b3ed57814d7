"""Tables per channel: lobby, actions applied once under a lock, state committed, timers.

Discord-free on purpose: the cogs translate clicks into calls here, and a ``Listener`` hears what
happens without a click (a window closing, a warning, an idle player removed, a table closed).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import random
import sqlite3
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import ValidationError

from games.core import REMOVE, SYSTEM, TICK, Action, BaseState, Event, Game, IllegalAction, PlayerId

from ..store import (
    ABANDONED,
    BROKEN,
    LOBBY,
    OVER,
    PLAYING,
    ChannelTaken,
    DuplicateInteraction,
    FinishedPlayer,
    SessionRecord,
    Store,
)
from . import journal
from .errors import TableError

log = logging.getLogger(__name__)

# A game's end not told before the bot died is told at the restart if it ended this recently.
UNTOLD_ENDS_MS = 24 * 3_600_000
LOG_LINES = 8  # public event lines kept with the table (shown in its embed, kept across restarts)
# The table's own event: it played the only move a player had (``Game.forced_action``).
FORCED = "coup_joue_pour_toi"
MAX_FORCED = 50  # a safety net: no game forces moves without end


def wall_ms() -> int:
    return time.time_ns() // 1_000_000


@dataclass
class Session:
    rec: SessionRecord
    game: Game[Any]
    state: BaseState | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task[None] | None = None
    # A deadline whose tick the game refused: not re-armed until the state moves on.
    stuck_deadline: int | None = None
    # Whom the table waits for, and the state it was computed for (``SessionManager.waiting``).
    waiting_memo: tuple[BaseState, int, int, list[PlayerId]] | None = field(default=None, repr=False)

    @property
    def id(self) -> int:
        return self.rec.id

    @property
    def players(self) -> list[PlayerId]:
        return list(self.state.players) if self.state is not None else list(self.rec.names)

    def name(self, player: PlayerId) -> str:
        return self.rec.names.get(player, player)


@dataclass
class Outcome:
    """What an accepted (or refused) action did; ``error`` is the game's refusal."""

    session: Session
    events: list[Event] = field(default_factory=list)
    error: IllegalAction | None = None
    ended: bool = False
    turn_changed: bool = False


@dataclass
class Notice:
    """Something that happened without a click. ``kind``: window_closed, warned, removed,
    idle_closed, resumed, ended (at the restart: a game found over, now closed, or closed just
    before the bot died; its end not told yet), closed_late (a won game whose closing failed on a
    storage error, closed by the next click), lobby_lost (a lobby stored without its message,
    to be shown again), lobby_restored (a lobby found at the restart, its message to be redrawn
    from what is stored). A table set aside as unreadable goes to the listener's ``table_broken``,
    when it has one."""

    kind: str
    players: list[PlayerId] = field(default_factory=list)
    deadline_ms: int | None = None


class Listener(Protocol):
    async def table_changed(self, session: Session, events: list[Event], notice: Notice) -> None: ...


class SessionManager:
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

    def _register(self, session: Session) -> None:
        self._by_channel[session.rec.channel_id] = session
        self._by_id[session.id] = session

    def _forget(self, session: Session) -> None:
        self._by_channel.pop(session.rec.channel_id, None)
        self._by_id.pop(session.id, None)
        if session.timer is not None and session.timer is not asyncio.current_task():
            session.timer.cancel()
        session.timer = None

    # --- start and stop -------------------------------------------------------------------------
    async def restore(self) -> list[Session]:
        """Loads the open tables, closes the windows that expired while the bot was away, re-arms.

        A table that no longer reads is set aside (``broken``) and its channel told; a game found
        over is closed and its end told; a lobby whose message never went out is shown again."""
        restored: list[Session] = []
        # Read first: the games closed below (found over) are told on their own.
        untold = await self.store.ends_not_shown(self.clock() - UNTOLD_ENDS_MS)
        readable, unreadable = await self.store.open_tables()
        broken = list(unreadable)
        for rec in readable:
            game = self.games.get(rec.game)
            try:
                if game is None:
                    raise KeyError(rec.game)
                state = game.load(rec.state) if rec.state is not None else None
                if rec.status == PLAYING and state is None:
                    raise ValueError("a game without a state")
            except (KeyError, ValueError, ValidationError) as error:
                # One unreadable table must not keep the others from coming back.
                log.error("table %s (salon %s) illisible, mise de côté : %s", rec.id, rec.channel_id, error)
                broken.append(rec)
                continue
            session = Session(rec=rec, game=game, state=state)
            self._register(session)
            restored.append(session)
        for rec in broken:
            rec.status = BROKEN
            await self.store.set_status(rec.id, BROKEN)
            await self._notify_broken(rec)
        for rec in untold:
            await self._tell_end(rec)
        for session in restored:
            if session.rec.status == PLAYING:
                await self._resume(session)
            else:
                self._arm(session)
                if session.rec.message_id is None:
                    # Stored, but the bot died before its message went out: nobody could sit down.
                    await self._notify(session, [], Notice("lobby_lost"))
                else:
                    # Its message may be behind: a seat taken or left and stored by a bot that died
                    # before answering the click (« Commencer » still grey for a full table).
                    await self._notify(session, [], Notice("lobby_restored"))
        return [s for s in restored if self._by_id.get(s.id) is s]

    async def _tell_end(self, rec: SessionRecord) -> None:
        """A game closed just before the bot died, its end not told yet: told now."""
        game = self.games.get(rec.game)
        try:
            state = game.load(rec.state) if game is not None and rec.state is not None else None
        except (ValueError, ValidationError):
            state = None
        if game is None or state is None or self.listener is None:
            # Nothing that could tell it, or nothing to tell.
            await self.store.set_end_shown(rec.id)
            return
        await self._notify(Session(rec=rec, game=game, state=state), [], Notice("ended"))

    async def mark_end_shown(self, session: Session) -> None:
        """The 🏆 message of ``session`` went out: a restart will not tell it again."""
        if session.rec.end_shown:
            return
        session.rec.end_shown = True
        await self.store.set_end_shown(session.id)

    async def _notify_broken(self, rec: SessionRecord) -> None:
        """Tells the listener (when it listens for that) about a table set aside as unreadable."""
        hear = getattr(self.listener, "table_broken", None)
        if hear is None:
            return
        try:
            await hear(rec)
        except Exception:
            log.exception("table %s : annonce de la mise de côté impossible", rec.id)

    async def _resume(self, session: Session) -> None:
        async with session.lock:
            events = await self._catch_up(session)
            # The last move was committed but the bot died before the table was closed: close it
            # now, so the game is counted and its channel free, and let its end be announced.
            ended = self._by_id.get(session.id) is not session or await self._end_if_over(session)
        if ended:
            await self._notify(session, events, Notice("ended"))
            return
        self._arm(session)
        await self._notify(session, events, Notice("resumed", deadline_ms=self._deadline(session)))

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

    async def close(self) -> None:
        """Stops every timer (the bot is shutting down; the store stays the caller's)."""
        self._closing = True
        tasks = [s.timer for s in self._by_id.values() if s.timer is not None] + list(self._tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # --- lobby ------------------------------------------------------------------------------------
    async def open(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        host_id: PlayerId,
        host_name: str,
        options: dict[str, Any] | None = None,
        turn_timeout_ms: int | None = None,
        seed: int | None = None,
    ) -> Session:
        """A lobby; ``seed`` (``graine=``) is kept with it for the start."""
        engine = self.games.get(game)
        if engine is None:
            raise TableError("unknown_game", game=game, games=", ".join(sorted(self.games)))
        existing = self._by_channel.get(channel_id)
        if existing is not None:
            raise TableError("channel_taken", game=existing.game.title)
        try:
            validated = engine.options(options or {})
        except ValidationError as error:
            raise TableError("bad_options", game=engine.title, detail=_option_errors(error)) from None
        now = self.clock()
        rec = SessionRecord(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            host_id=host_id,
            names={host_id: host_name},
            options=validated.model_dump(mode="json"),
            status=LOBBY,
            created_ms=now,
            active_ms=now,
            turn_timeout_ms=turn_timeout_ms,
            seed=seed,
        )
        try:
            await self.store.create_session(rec)
        except ChannelTaken:
            raise TableError("channel_taken", game=engine.title) from None
        session = Session(rec=rec, game=engine)
        self._register(session)
        self._arm(session)
        journal.log.info(
            "table %d ouverte : %s, salon %s, serveur %s, hôte %s, options %s%s",
            session.id,
            engine.name,
            channel_id,
            guild_id,
            journal.named(session, [host_id]),
            rec.options,
            f", graine {seed}" if seed is not None else "",
        )
        return session

    async def join(self, session_id: int, player: PlayerId, name: str) -> Session:
        session = self._open_session(session_id)
        async with session.lock:
            rec = session.rec
            if rec.status != LOBBY:
                raise TableError("not_lobby")
            if player in rec.names:
                raise TableError("already_seated")
            if len(rec.names) >= session.game.max_players:
                raise TableError("table_full", maximum=session.game.max_players)
            rec.names[player] = name
            rec.active_ms = self.clock()
            await self.store.save_session(rec)
        return session

    async def leave_lobby(self, session_id: int, player: PlayerId) -> Session:
        """A player stands up before the start; the host's seat passes on; an empty table closes."""
        session = self._open_session(session_id)
        async with session.lock:
            rec = session.rec
            if rec.status != LOBBY:
                raise TableError("not_lobby")
            if player not in rec.names:
                raise TableError("not_seated")
            del rec.names[player]
            rec.active_ms = self.clock()
            if not rec.names:
                rec.status = ABANDONED
                await self.store.finish(rec, ABANDONED, [], rec.active_ms)
                self._forget(session)
                journal.log.info("table %d fermée avant de commencer : plus personne n'y est assis", session.id)
                return session
            if rec.host_id == player:
                rec.host_id = next(iter(rec.names))
            await self.store.save_session(rec)
        return session

    async def start(
        self, session_id: int, player: PlayerId, *, seed: int | None = None, loaded: list[int] | None = None
    ) -> Outcome:
        """The host starts the game; ``seed`` (else the one the table was opened with) and ``loaded``
        dice replay a known game (tests, bug reports)."""
        session = self._open_session(session_id)
        async with session.lock:
            rec = session.rec
            if rec.status != LOBBY:
                raise TableError("not_lobby")
            if player != rec.host_id:
                raise TableError("not_host", host=session.name(rec.host_id))
            now = self.clock()
            if seed is None:
                seed = rec.seed
            if seed is None:
                seed = random.SystemRandom().randrange(2**31)
            try:
                state, events = session.game.start(
                    list(rec.names), rec.options, seed=seed, loaded=loaded, now_ms=now
                )
            except IllegalAction as error:
                return Outcome(session, error=error)
            session.state = state
            rec.status, rec.started_ms, rec.active_ms = PLAYING, now, now
            self._after_change(session, events, now)
            rec.state = state.model_dump_json()
            await self.store.save_session(rec)
        self._arm(session)
        journal.log.info(
            "table %d : partie de %s commencée avec %s (graine %s)",
            session.id,
            session.game.name,
            journal.named(session, session.players),
            journal.seed_of(session),
        )
        return Outcome(session, events=events, turn_changed=True)

    async def abandon(self, channel_id: int, player: PlayerId, *, is_admin: bool = False) -> Session:
        session = self._need(channel_id)
        async with session.lock:
            if player != session.rec.host_id and not is_admin:
                raise TableError("not_host_or_admin", host=session.name(session.rec.host_id))
            await self._finish(session, ABANDONED, self.clock())
        journal.log.info(
            "table %d abandonnée par %s%s (graine %s)",
            session.id,
            journal.named(session, [player]),
            " (Gérer le serveur)" if is_admin and player != session.rec.host_id else "",
            journal.seed_of(session),
        )
        return session

    def _open_session(self, session_id: int) -> Session:
        session = self._by_id.get(session_id)
        if session is None:
            raise TableError("closed")
        return session

    # --- playing ------------------------------------------------------------------------------------
    async def act(
        self,
        session_id: int,
        player: PlayerId,
        action: Action,
        at_ms: int,
        *,
        turn: int | None = None,
        interaction_id: int | None = None,
        name: str | None = None,
    ) -> Outcome:
        """Applies one player's action, at the time Discord stamped it, exactly once.

        ``turn`` is the turn the button was drawn for: a click from another turn changes nothing.
        The new state is committed before this returns, so the caller may then answer the player.
        """
        session = self._open_session(session_id)
        if session.state is not None and session.state.over and session.rec.status == PLAYING:
            # Won, but its closing failed after the last move was stored: closed now, and told.
            async with session.lock:
                ended = self._by_id.get(session.id) is session and await self._end_if_over(session)
            if ended:
                await self._notify(session, [], Notice("closed_late"))
            raise TableError("closed")
        async with session.lock:
            if session.rec.status != PLAYING or session.state is None:
                raise TableError("not_playing" if session.rec.status == LOBBY else "closed")
            # A re-delivered click: its first copy's action is stored. The unique index on
            # interaction ids refuses it at the commit; the database is only asked before that
            # when the click is refused anyway, so that it is told « duplicate », not « stale ».
            if turn is not None and turn != session.state.turn_no:
                await self._refuse_duplicate(interaction_id)
                raise TableError("stale")
            before = session.state.turn_no
            try:
                state, events = session.game.apply(session.state, player, action, at_ms)
            except IllegalAction as error:
                await self._refuse_duplicate(interaction_id)
                return Outcome(session, error=error)
            except Exception:
                log.exception("table %s : le jeu a échoué sur %s de %s", session.id, action, player)
                raise TableError("engine_error") from None
            before_state, before_rec = session.state, copy.deepcopy(session.rec)
            try:
                if name and player not in session.rec.names:
                    session.rec.names[player] = name
                session.state = state
                session.rec.active_ms = max(session.rec.active_ms, self.clock())
                self._after_change(session, events, self.clock())
                await self._commit(session, player, action, at_ms, interaction_id)
            except BaseException as error:
                # Not stored, so not played: memory goes back to what the database holds.
                session.state, session.rec = before_state, before_rec
                if isinstance(error, DuplicateInteraction):
                    raise TableError("duplicate") from None
                raise
            events += await self._play_forced(session, at_ms)
            try:
                ended = await self._end_if_over(session)
            except sqlite3.Error as error:
                # The move is stored: it stands. The table is closed by the next click or restart.
                log.error("table %s : fermeture impossible pour l'instant : %s", session.id, error)
                ended = False
        if ended:
            journal.log_end(session)
        else:
            self._arm(session)
        turn_changed = ended or session.state is None or session.state.turn_no != before
        return Outcome(session, events=events, ended=ended, turn_changed=turn_changed)

    async def _play_forced(self, session: Session, at_ms: int) -> list[Event]:
        """While the game leaves its player a single move, plays it for them: applied, committed and
        journaled as that player's action (replays stay action by action), told on the table as
        « coup joué pour toi : … ». The caller holds the lock and has committed the click before."""
        played: list[Event] = []
        for _ in range(MAX_FORCED):
            state = session.state
            forced = session.game.forced_action(state) if state is not None and not state.over else None
            if state is None or forced is None:
                break
            player, action = forced
            try:
                new, events = session.game.apply(state, player, action, at_ms)
            except Exception:
                log.exception("table %s : le coup forcé %s de %s a échoué", session.id, action, player)
                break
            what = self.describe(session, events[0]) if events else str(action)
            text = f"🤖 {session.name(player)}, coup joué pour toi : {what} (seul coup possible)"
            note = Event(kind=FORCED, data={"joueur": player, "texte": text})
            before_rec = copy.deepcopy(session.rec)
            try:
                session.state = new
                self._after_change(session, [note, *events[1:]], self.clock())
                await self._commit(session, player, action, at_ms, None)
            except BaseException as error:
                # The click is stored; this move is not: the table offers it as a button instead.
                session.state, session.rec = state, before_rec
                if not isinstance(error, Exception):
                    raise
                log.error("table %s : coup forcé non enregistré : %s", session.id, error)
                break
            played += [note, *events]
        return played

    async def _refuse_duplicate(self, interaction_id: int | None) -> None:
        if interaction_id is not None and await self.store.interaction_seen(interaction_id):
            raise TableError("duplicate")

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
        """Keeps the last public lines and resets the turn timer when the table waits for others."""
        rec, state = session.rec, session.state
        assert state is not None
        lines = [self.describe(session, e) for e in events if e.to is None]
        rec.log = (rec.log + [line for line in lines if line])[-LOG_LINES:]
        key = f"{state.turn_no}:{','.join(sorted(self.waiting(session)))}"
        if key != rec.waiting_key:
            rec.waiting_key, rec.waiting_since_ms, rec.warned = key, now, False

    def describe(self, session: Session, event: Event) -> str:
        if event.kind == FORCED:
            return str(event.data.get("texte", ""))
        try:
            return session.game.describe(event, session.rec.names)
        except Exception:  # an engine's wording bug must not lose the move
            log.exception("describe(%s) a échoué", event.kind)
            return event.kind

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
            players = [FinishedPlayer(p, session.name(p), scores.get(p), p in winners) for p in seated]
            rec.state = state.model_dump_json()
        try:
            await self.store.finish(rec, outcome, players, now)
        except BaseException:
            # Not stored, so not closed: the table stays as the database has it.
            rec.status, rec.end_shown = before
            raise
        self._forget(session)

    # --- timers -------------------------------------------------------------------------------------
    def turn_timeout(self, session: Session) -> int:
        """The table's own turn timer when its host chose one, else the bot's setting."""
        return session.rec.turn_timeout_ms or self.turn_timeout_ms

    def next_due(self, session: Session) -> int | None:
        """When the table must next act by itself: a window, a turn warning or removal, idleness."""
        rec = session.rec
        times = [rec.active_ms + self.idle_timeout_ms]
        deadline = self._deadline(session)
        if deadline is not None and deadline == session.stuck_deadline:
            deadline = None
        if deadline is not None:
            times.append(deadline + self.grace_ms)
        elif rec.status == PLAYING and self.waiting(session):
            factor = 2 if rec.warned else 1
            times.append(rec.waiting_since_ms + factor * self.turn_timeout(session))
        return min(times)

    def _arm(self, session: Session) -> None:
        if self._closing or session.timer is asyncio.current_task():
            return
        if session.timer is not None:
            session.timer.cancel()
        due = self.next_due(session)
        session.timer = None if due is None else asyncio.create_task(self._sleep_then_fire(session, due))

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
            rec, now = session.rec, self.clock()
            if now >= rec.active_ms + self.idle_timeout_ms:
                await self._finish(session, ABANDONED, now)
                notices.append(([], Notice("idle_closed")))
            elif (deadline := self._deadline(session)) is not None and deadline != session.stuck_deadline:
                if now >= deadline + self.grace_ms:
                    version = session.state.version if session.state is not None else 0
                    closed = await self._catch_up(session)
                    if session.state is not None and session.state.version != version:
                        notices.append((closed, Notice("window_closed", deadline_ms=self._deadline(session))))
            elif rec.status == PLAYING and (waiting := self.waiting(session)):
                timeout = self.turn_timeout(session)
                if not rec.warned and now >= rec.waiting_since_ms + timeout:
                    rec.warned = True
                    await self.store.save_session(rec)
                    limit = rec.waiting_since_ms + 2 * timeout
                    notices.append(([], Notice("warned", players=waiting, deadline_ms=limit)))
                elif rec.warned and now >= rec.waiting_since_ms + 2 * timeout:
                    events: list[Event] = []
                    for player in waiting:
                        if session.rec.status != PLAYING:
                            break
                        events += await self._system(
                            session, Action(kind=REMOVE, args={"joueur": player}), now
                        )
                    notices.append((events, Notice("removed", players=waiting)))
        if self._by_id.get(session.id) is session:
            self._arm(session)
        for events, notice in notices:
            await self._notify(session, events, notice)

    async def _notify(self, session: Session, events: list[Event], notice: Notice) -> None:
        if self.listener is None:
            return
        try:
            await self.listener.table_changed(session, events, notice)
        except Exception:  # Discord being down must not stop the game's clock
            log.exception("table %s : annonce « %s » impossible", session.id, notice.kind)

    # --- the table message -------------------------------------------------------------------------
    async def set_message(self, session: Session, message_id: int | None) -> None:
        async with session.lock:
            session.rec.message_id = message_id
            await self.store.save_session(session.rec)


def session_waiting_for(session: Session) -> list[PlayerId]:
    """``waiting_for`` of the session's state, computed once per state (the manager's key and
    timer and the table's embed all ask it at each action)."""
    state = session.state
    if state is None:
        return []
    memo = session.waiting_memo
    if memo is not None and memo[0] is state and memo[1] == state.version and memo[2] == state.turn_no:
        return list(memo[3])
    waiting = waiting_for(session.game, state)
    session.waiting_memo = (state, state.version, state.turn_no, waiting)
    return list(waiting)


def waiting_for(game: Game[Any], state: BaseState) -> list[PlayerId]:
    """Whom the table waits for (pings, turn timers): when any seated player has a turn action
    (``who="turn"``), exactly those players; otherwise the game's ``to_act``.

    Holding an optional move (a Civet to announce, a Grelottine to call: ``who="any"``) never makes
    a player someone the table waits for, whatever the engine's ``to_act`` says: they are neither
    pinged nor removed for an idle turn while someone else has the dice.
    """
    if state.over:
        return []
    turn_kinds = {s.kind for s in game.vocabulary() if s.who == "turn"}
    on_turn: list[PlayerId] = []
    for player in state.players:
        try:
            actions = game.legal_actions(state, player)
        except Exception:  # one player's listing failing must not stop the table's clock for all
            log.exception("legal_actions a échoué (%s, joueur %s)", game.name, player)
            continue
        if any(a.kind in turn_kinds for a in actions):
            on_turn.append(player)
    return on_turn or list(game.to_act(state))


def _option_errors(error: ValidationError) -> str:
    parts = []
    for item in error.errors():
        where = ".".join(str(x) for x in item.get("loc", ())) or "options"
        parts.append(f"{where} : {item.get('msg', 'valeur invalide')}")
    return " ; ".join(parts)
