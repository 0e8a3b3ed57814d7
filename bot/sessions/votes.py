"""The votes to remove a player, as the table's record keeps them (``SessionRecord.votes``:
target -> voters, in the order they voted), and who counts.

Who votes on removing a player: the other seated humans (robots do not vote, nor does the target).
A vote counts while its voter and its target are both seated humans. A player who left or was
removed never sits at that table again, so the votes on them, and theirs, count for nothing from
then on; every commit drops them from the record (``kept_votes``, from ``_after_change``). The
player is removed when strictly more than half of those who vote on them have voted, and never by
fewer than two (``needed``): two of two or three, three of four or five. With fewer than two to vote
(two humans at the table) there is no vote: one player alone could remove the other, the one about
to lose the one about to win; the host and the idle timer still remove.
"""

from __future__ import annotations

from games.core import PlayerId

from .errors import TableError
from .session import Session


def seated_humans(session: Session) -> list[PlayerId]:
    return [p for p in session.players if p not in session.rec.robots]


def hand_host_on(session: Session) -> None:
    """A host who is no longer a seated human (left, removed, seat given to a robot) hands the
    host's part to the first seated human, so that someone at the table may still remove a player
    or give a seat to a robot. At a table of robots alone the host stays the host, watching."""
    humans = seated_humans(session)
    if humans and session.rec.host_id not in humans:
        session.rec.host_id = humans[0]


def electorate(session: Session, target: PlayerId) -> list[PlayerId]:
    """Who votes on removing ``target``: the other seated humans."""
    return [p for p in seated_humans(session) if p != target]


# Never fewer votes than this: one player's wish is no vote.
MIN_VOTES = 2


def needed(session: Session, target: PlayerId) -> int:
    """Strictly more than half of those who vote on ``target``, at least ``MIN_VOTES``."""
    return max(MIN_VOTES, len(electorate(session, target)) // 2 + 1)


def may_vote(session: Session) -> bool:
    """Whether this table has enough seated humans for a vote (each target's electorate)."""
    return len(seated_humans(session)) > MIN_VOTES


def votes_on(session: Session, target: PlayerId) -> list[PlayerId]:
    """The votes that count against ``target`` (none when they are not a seated human)."""
    if target not in seated_humans(session):
        return []
    voters = set(electorate(session, target))
    return [v for v in session.rec.votes.get(target, []) if v in voters]


def kept_votes(session: Session) -> dict[PlayerId, list[PlayerId]]:
    """The stored votes that still count (targets and voters seated humans)."""
    kept = {target: votes_on(session, target) for target in session.rec.votes}
    return {target: voters for target, voters in kept.items() if voters}


def check_host_removal(session: Session, host: PlayerId, target: PlayerId) -> None:
    """Refuses (``TableError``) the host's removal of ``target`` when it may not happen: asked when
    the confirmation is offered, and again under the table's lock when it is played."""
    if host != session.rec.host_id:
        raise TableError("not_host", host=session.name(session.rec.host_id))
    if target == host:
        raise TableError("remove_self")
    if target not in session.players:
        raise TableError("target_not_seated")


def check_vote(session: Session, voter: PlayerId, target: PlayerId) -> None:
    """Refuses ``voter``'s vote on ``target`` when it may not be cast (nor withdrawn)."""
    if voter not in seated_humans(session):
        raise TableError("not_seated")
    if target == voter:
        raise TableError("vote_self")
    if target not in seated_humans(session):
        raise TableError("target_not_seated")
    if not may_vote(session):
        raise TableError("vote_too_few")
