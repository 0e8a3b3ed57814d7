"""Tables per channel: lobby, actions applied once under a lock, state committed, timers.

Discord-free on purpose: the cogs translate clicks into calls here, and a ``Listener`` hears what
happens without a click (a window closing, a warning, an idle player removed, a table closed).
The class is built in layers, one module each: ``core.py`` (tables in memory, commits, the end),
``timers.py`` (the one timer decision), ``robot_tables.py`` (computer players), ``memory.py`` (the
tables not in memory, loaded on their first click or when their timer is due), ``seating.py``
(lobby, start, abandon), ``rematch.py`` (« Revanche »), here (restore, ``act``, close, what was shown)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from pydantic import ValidationError

from games.core import Action, BaseState, Event, IllegalAction, PlayerId

from ..store import (
    LOBBY,
    PLAYING,
    STORE_ERRORS,
    DuplicateInteraction,
    SessionRecord,
)
from . import journal
from .errors import TableError
from .forced import play_forced
from .rematch import RematchTables
from .session import Notice, Outcome, Session, rollback_copy

log = logging.getLogger(__name__)

# A game's end not told before the bot died is told at the restart if it ended this recently.
UNTOLD_ENDS_MS = 24 * 3_600_000


class SessionManager(RematchTables):
    # --- start and stop -------------------------------------------------------------------------
    async def restore(self) -> list[Session]:
        """Loads the open tables played recently or due soon (the others are loaded on their first
        click or when their timer falls due: memory.py), closes the windows that expired while the
        bot was away, re-arms.

        A table that no longer reads is set aside (``broken``) and its channel told; a game found
        over is closed and its end told; a lobby whose message never went out is shown again, one whose
        message is there is redrawn (a click stored just before the bot died may not be on it)."""
        restored: list[Session] = []
        # Read first: the games closed below (found over) are told on their own.
        untold = await self.store.ends_not_shown(self.clock() - UNTOLD_ENDS_MS, self.shards)
        now = self.clock()
        horizon = now + self.lookahead_ms
        readable, broken = await self.store.open_tables(
            self.shards, active_since=now - self.keep_ms, due_before=horizon
        )
        for guild_id in sorted({rec.guild_id for rec in [*readable, *broken, *untold] if rec.guild_id is not None}):
            await self.languages.load(self.store, guild_id)
        for rec in readable:
            session = self._session_of(rec)
            if session is None:
                # One unreadable table must not keep the others from coming back.
                broken.append(rec)
                continue
            self._register(session)
            restored.append(session)
        for rec in broken:
            await self._set_aside(rec)
        for rec in untold:
            await self._tell_end(rec)
        for session in restored:
            await self._bring_back(session)
        back = [s for s in restored if self._by_id.get(s.id) is s]
        unknown = [s for s in back if s.rec.due_ms is None]
        for session in unknown:
            self.stamp(session)
        if unknown:
            await self.store.set_due([(s.id, s.rec.due_ms or 0) for s in unknown])
        self._start_index()  # beside the connection: a click before it is read asks the database
        self._start_watch(horizon)
        return back

    async def _bring_back(self, session: Session) -> None:
        if session.rec.status == PLAYING:
            await self._resume(session)
            return
        self._arm(session)
        if session.rec.message_id is None:
            # Stored, but the bot died before its message went out: nobody could sit down.
            await self._notify(session, [], Notice("lobby_lost"))
        else:
            # Its message may be behind: a seat taken or left and stored by a bot that died
            # before answering the click (« Commencer » still grey for a full table).
            await self._notify(session, [], Notice("lobby_restored"))

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
        session = Session(rec=rec, game=game, state=state, lang=self.languages.of(rec.guild_id))
        await self._notify(session, [], Notice("ended"))

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

    async def close(self) -> None:
        """Stops every timer (the bot is shutting down; the store stays the caller's)."""
        self._closing = True
        tasks = [s.timer for s in self._by_id.values() if s.timer is not None] + list(self._tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

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
        await self._close_if_won(session)
        refused: TableError | IllegalAction | None = None
        async with session.lock:
            if session.rec.status != PLAYING or session.state is None:
                raise TableError("not_playing" if session.rec.status == LOBBY else "closed")
            self.refuse_robot_seat(session, player)
            before = session.state.turn_no
            if turn is not None and turn != before:
                refused = TableError("stale")
            else:
                try:
                    state, events = session.game.apply(session.state, player, action, at_ms)
                except IllegalAction as error:
                    refused = error
                except Exception:
                    log.exception("table %s : le jeu a échoué sur %s de %s", session.id, action, player)
                    raise TableError("engine_error") from None
            if refused is None:
                ended = await self._store_and_end(session, state, events, (player, action, at_ms, interaction_id), name)
        if refused is not None:
            # A click delivered twice: its first copy's action is stored, and the unique index on
            # interaction ids refuses it at the commit. A refused click asks the database only to be
            # told « duplicate » rather than « stale », and asks it with the lock given back: a
            # hundred clicks on one button are refused together, not one query after the other.
            await self._refuse_duplicate(interaction_id)
            if isinstance(refused, TableError):
                raise refused
            return Outcome(session, error=refused)
        if ended:
            journal.log_end(session)
        else:
            self._arm(session)
        return Outcome(
            session,
            events=events,
            ended=ended,
            turn_changed=ended or session.state is None or session.state.turn_no != before,
            waiting=self.waiting(session),
        )

    async def _store_and_end(
        self,
        session: Session,
        state: BaseState,
        events: list[Event],
        move: tuple[PlayerId, Action, int, int | None],
        name: str | None,
    ) -> bool:
        """The accepted move committed, the moves it forces played; whether the game ended."""
        await self._store_move(session, state, events, move, name)
        events += await play_forced(self, session, move[2])
        try:
            return await self._end_if_over(session)
        except STORE_ERRORS as error:
            # The move is stored: it stands. The table is closed by the next click or restart.
            log.error("table %s : fermeture impossible pour l'instant : %s", session.id, error)
            return False

    async def _close_if_won(self, session: Session) -> None:
        """A game won whose closing failed after the last move was stored: closed now, and told;
        the click is refused as on any closed table."""
        if session.state is None or not session.state.over or session.rec.status != PLAYING:
            return
        async with session.lock:
            ended = self._by_id.get(session.id) is session and await self._end_if_over(session)
        if ended:
            await self._notify(session, [], Notice("closed_late"))
        raise TableError("closed")

    async def _store_move(
        self,
        session: Session,
        state: BaseState,
        events: list[Event],
        move: tuple[PlayerId, Action, int, int | None],
        name: str | None,
    ) -> None:
        """The new state in memory and committed (the caller holds the lock); if the commit fails,
        memory goes back to what the database holds: not stored, so not played."""
        player, action, at_ms, interaction_id = move
        before_state, before_rec = session.state, rollback_copy(session.rec)
        try:
            if name and player not in session.rec.names:
                session.rec.names[player] = name
            session.state = state
            session.rec.active_ms = max(session.rec.active_ms, self.clock())
            self._after_change(session, events, self.clock())
            await self._commit(session, player, action, at_ms, interaction_id)
        except BaseException as error:
            session.state, session.rec = before_state, before_rec
            if isinstance(error, DuplicateInteraction):
                raise TableError("duplicate") from None
            raise

    async def _refuse_duplicate(self, interaction_id: int | None) -> None:
        if interaction_id is not None and await self.store.interaction_seen(interaction_id):
            raise TableError("duplicate")

    # --- the table message -------------------------------------------------------------------------
    async def set_message(self, session: Session, message_id: int | None) -> None:
        async with session.lock:
            session.rec.message_id = message_id
            self.stamp(session)
            await self.store.save_session(session.rec)

    async def shown(self, session: Session, *, message_id: int | None = None, end: bool = False) -> None:
        """What the channel shows now, told once after sending: the table's message moved to
        ``message_id`` (a re-post), and/or its end went out (``end``: a restart will not tell it
        again). A closed table's message is not stored, only kept on its session: what still
        follows that re-post (the buttons taken off, the end drawn) must find it."""
        if message_id is not None and message_id != session.rec.message_id:
            if self._by_id.get(session.id) is session:
                await self.set_message(session, message_id)
            else:
                session.rec.message_id = message_id
        if end:
            await self.mark_end_shown(session)
