"""A player removed during a game: by the host, or by a vote of the other seated humans.

Either way the game's SYSTEM action ``expulser`` is played for them, committed like any move; what
happens to their place is the game's own leaving rule (docs/rules/<game>.md).

The votes are stored with the table (``SessionRecord.votes``: target -> voters, in the order they
voted), so that a restart keeps them. Who votes on removing a player: the other seated humans
(robots do not vote, nor does the target); a vote counts while its voter and its target are both
seated humans (votes.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core import REMOVE, SYSTEM, Action, Event, IllegalAction, PlayerId

from ..store import LOBBY, PLAYING, STORE_ERRORS
from . import journal
from .errors import TableError
from .forced import play_forced
from .seating import Seating
from .session import Session, rollback_copy
from .votes import check_host_removal, check_vote, kept_votes, needed, votes_on


@dataclass
class Removal:
    """What a removal or a vote did: the game's events when ``target`` was removed; the votes on
    them (``votes`` of the ``needed``) when it was a vote."""

    session: Session
    target: PlayerId
    events: list[Event] = field(default_factory=list)
    votes: int = 0
    needed: int = 0
    removed: bool = False
    ended: bool = False
    waiting: list[PlayerId] = field(default_factory=list)


class RemovalTables(Seating):
    async def remove_by_host(self, session_id: int, host: PlayerId, target: PlayerId) -> Removal:
        """The host removes ``target`` (a seated player, human or robot, not themselves)."""
        session = self._open_session(session_id)
        async with session.lock:
            self._check_playing(session)
            check_host_removal(session, host, target)
            removal = await self._remove(session, target)
        journal.log.info(
            "table %d : %s exclu·e par l'hôte %s",
            session.id,
            journal.named(session, [target]),
            journal.named(session, [host]),
        )
        self._after_removal(session, removal)
        return removal

    async def vote_removal(
        self, session_id: int, voter: PlayerId, target: PlayerId, *, withdraw: bool = False
    ) -> Removal:
        """``voter`` votes to remove ``target`` (or ``withdraw``s that vote); ``target`` is removed
        once ``needed`` votes are in."""
        session = self._open_session(session_id)
        async with session.lock:
            self._check_playing(session)
            check_vote(session, voter, target)
            votes = votes_on(session, target)
            if withdraw and voter not in votes:
                raise TableError("no_vote", player=session.name(target))
            if not withdraw and voter in votes:
                raise TableError("already_voted", player=session.name(target))
            votes = [v for v in votes if v != voter] if withdraw else [*votes, voter]
            need = needed(session, target)
            if len(votes) >= need:
                removal = await self._remove(session, target)
            else:
                await self._store_votes(session, target, votes)
                removal = Removal(session, target, waiting=self.waiting(session))
            removal.votes, removal.needed = len(votes), need
        if removal.removed:
            journal.log.info(
                "table %d : %s exclu·e par un vote (%d/%d)", session.id, journal.named(session, [target]), len(votes), need
            )
            self._after_removal(session, removal)
        return removal

    def _check_playing(self, session: Session) -> None:
        if session.rec.status != PLAYING or session.state is None:
            raise TableError("not_playing" if session.rec.status == LOBBY else "closed")

    async def _store_votes(self, session: Session, target: PlayerId, votes: list[PlayerId]) -> None:
        rec = session.rec
        before = rollback_copy(rec)
        rec.votes = {**kept_votes(session), target: votes}
        if not votes:
            del rec.votes[target]
        self.stamp(session)
        try:
            await self.store.save_session(rec)
        except BaseException:
            session.rec = before
            raise

    async def _remove(self, session: Session, target: PlayerId) -> Removal:
        """``expulser`` played for ``target`` and committed (the caller holds the lock); the moves
        it forces follow, and the end when it ends the game."""
        state, now = session.state, self.clock()
        assert state is not None
        action = Action(kind=REMOVE, args={"joueur": target})
        try:
            new, events = session.game.apply(state, SYSTEM, action, now)
        except IllegalAction:
            raise TableError("target_not_seated") from None
        before = rollback_copy(session.rec)
        try:
            session.state = new
            session.rec.active_ms = max(session.rec.active_ms, now)
            self._after_change(session, events, now)
            await self._commit(session, SYSTEM, action, now, None)
        except BaseException:
            session.state, session.rec = state, before
            raise
        events += await play_forced(self, session, now)
        try:
            ended = await self._end_if_over(session)
        except STORE_ERRORS as error:
            # The removal is stored: it stands. The table is closed by the next click or restart.
            journal.log.error("table %s : fermeture impossible pour l'instant : %s", session.id, error)
            ended = False
        return Removal(session, target, events, removed=True, ended=ended, waiting=self.waiting(session))

    def _after_removal(self, session: Session, removal: Removal) -> None:
        if removal.ended:
            journal.log_end(session)
        else:
            self._arm(session)
