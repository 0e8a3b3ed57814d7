"""Robots through the session manager: seated in the lobby by the host, handed a seat when a player
leaves, and playing by the table's one timer decision (``Due("robot", at)``), their moves applied,
committed and journaled like a click. A table whose humans are all gone ends (``NO_HUMAN``)."""

from __future__ import annotations

from games.core import Event, PlayerId

from ..store import LOBBY, PLAYING
from . import journal
from .errors import TableError
from .forced import play_forced
from .robots import humans, plan, seat_robot
from .session import Due, Notice, Session, rollback_copy
from .timers import TimedTables
from .votes import hand_host_on, kept_votes

# The tables' journal (bot.tables): a robot's refused move is told there too.
log = journal.log

# A table closed because no human is left at it (robots only): not counted as a game played.
NO_HUMAN = "no_human"


class RobotTables(TimedTables):
    # --- the lobby --------------------------------------------------------------------------------
    async def add_robot(self, session_id: int, player: PlayerId, level: str) -> Session:
        """The host seats a robot of ``level`` in the lobby."""
        session = self._open_session(session_id)
        async with session.lock:
            rec = session.rec
            self._check_host_lobby(session, player)
            if len(rec.names) >= session.game.max_players:
                raise TableError("table_full", maximum=session.game.max_players)
            try:
                seat_robot(rec, level)
            except ValueError:
                raise TableError("bad_level", level=level) from None
            rec.active_ms = self.clock()
            self.stamp(session)
            await self.store.save_session(rec)
        return session

    async def remove_robot(self, session_id: int, player: PlayerId, robot: PlayerId) -> Session:
        """The host takes a robot off the lobby."""
        session = self._open_session(session_id)
        async with session.lock:
            rec = session.rec
            self._check_host_lobby(session, player)
            if robot not in rec.robots:
                raise TableError("not_a_robot")
            del rec.robots[robot]
            rec.names.pop(robot, None)
            rec.active_ms = self.clock()
            self.stamp(session)
            await self.store.save_session(rec)
        return session

    def _check_host_lobby(self, session: Session, player: PlayerId) -> None:
        if session.rec.status != LOBBY:
            raise TableError("not_lobby")
        if player != session.rec.host_id:
            raise TableError("not_host", host=session.name(session.rec.host_id))

    # --- a seat handed over -------------------------------------------------------------------------
    async def give_seat(self, session_id: int, player: PlayerId, level: str) -> tuple[Session, bool]:
        """``player`` leaves and a robot of ``level`` plays their seat from now on; returns the
        session and whether the table ended for want of a human."""
        session = self._open_session(session_id)
        async with session.lock:
            rec, state = session.rec, session.state
            if rec.status != PLAYING or state is None:
                raise TableError("not_playing" if rec.status == LOBBY else "closed")
            if player not in state.players or player in rec.robots:
                raise TableError("not_seated")
            before = rollback_copy(rec)
            seat_robot(rec, level, player)
            rec.votes = kept_votes(session)  # robots do not vote, nor are they voted out
            hand_host_on(session)
            session.changed_ms = self.clock()  # the robot takes its pace from now: the table is read first
            try:
                self.stamp(session)
                await self.store.save_session(rec)
            except BaseException:
                session.rec = before
                raise
            ended = await self._end_if_over(session)
        log.info("table %d : la place de %s est confiée à un robot", session.id, player)
        if not ended:
            self._arm(session)
        return session, ended

    def refuse_robot_seat(self, session: Session, player: PlayerId) -> None:
        """A click for a seat a robot plays (its player handed it over) changes nothing."""
        if player in session.rec.robots:
            raise TableError("robot_seat")

    # --- the end --------------------------------------------------------------------------------------
    async def _end_if_over(self, session: Session) -> bool:
        """Over, or no human left at a table that had some (a table opened for robots alone, its
        host watching, plays to its end)."""
        if await super()._end_if_over(session):
            return True
        rec, state = session.rec, session.state
        if state is None or not rec.robots or rec.status != PLAYING:
            return False
        had_humans = bool(humans(rec, list(rec.names)))
        if had_humans and not humans(rec, list(state.players)):
            await self._finish(session, NO_HUMAN, self.clock())
            log.info("table %d (%s) fermée : plus aucun humain", session.id, session.game.name)
            return True
        return False

    # --- robots playing -------------------------------------------------------------------------------
    def next_due(self, session: Session) -> Due:
        due = super().next_due(session)
        move = plan(session, self.clock(), self.turn_timeout(session))
        if move is not None and move.at <= due.at:
            return Due("robot", move.at)
        return due

    async def _do(self, session: Session, due: Due, now: int) -> list[tuple[list[Event], Notice]]:
        if due.kind != "robot":
            return await super()._do(session, due, now)
        move = plan(session, now, self.turn_timeout(session))
        state = session.state
        if move is None or state is None or move.at > now:
            return []
        try:
            new, events = session.game.apply(state, move.player, move.action, move.at)
        except Exception as error:
            # Not played: the table's other timers (its window, its turn timer) go on.
            log.warning("table %s : coup du robot %s refusé : %r", session.id, move.player, error)
            session.robot_memo = (session.robot_memo[0] if session.robot_memo else None, None)
            return []
        before_rec = rollback_copy(session.rec)
        try:
            session.state = new
            session.rec.active_ms = max(session.rec.active_ms, now)
            self._after_change(session, events, now)
            await self._commit(session, move.player, move.action, move.at, None)
        except BaseException:
            session.state, session.rec = state, before_rec
            raise
        events += await play_forced(self, session, move.at)
        if await self._end_if_over(session):
            journal.log_end(session)
        return [(events, Notice("robot_played", players=[move.player]))]
