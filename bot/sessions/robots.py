"""Computer players at a table: who they are (ids, names, levels) and what a robot plays next and
when (``plan``), from ``games.robots``' decisions and the table's human pace.

A robot is a seat of ``SessionRecord.robots`` (player id → level). Robots added in the lobby get ids
that are not Discord ids (``robot-1``…), so nobody can click for them and no mention pings anyone;
a seat handed to a robot when its player left keeps that player's id, and its name, like every
robot's, starts with ``ROBOT_MARK``: mentions of it are its name, never a ping
(``bot/tables/base.py``'s ``mention``).

The robot's decision comes from its view only (``games.robots.decide``), its generator from the
table's seed apart from the dice's; what it plays is stored as its action, so a table with robots
replays exactly. The bot adds the pace: an action is played ``PACE_MS`` after the state it answers
(``QUICK_MS`` when the robot has a single choice), never after the window's deadline nor after half
the turn timer (a robot never holds a table); a shout is played at the window's opening plus the
robot's reaction time (``Shout``), stamped at that time, as a human's click is stamped by Discord.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.core import Action, PlayerId
from games.robots import Shout, decide, level_name, window_opened
from games.robots.base import at_ms

from ..store import PLAYING, SessionRecord
from .legal import legal_actions

if TYPE_CHECKING:
    from .session import Session

log = logging.getLogger(__name__)

# Every robot's name starts with it: the robot is marked on the table, the scores, private answers.
ROBOT_MARK = "🤖 "
# Friendly names (proper names: the same in every language), one per robot at a table, in this order.
ROBOT_NAMES = (
    "Gaston",
    "Huguette",
    "Marcel",
    "Simone",
    "Raymond",
    "Germaine",
    "Lucien",
    "Odette",
    "Firmin",
    "Yvette",
    "Hector",
    "Josette",
)
ROBOT_ID_PREFIX = "robot-"
DEFAULT_LEVEL = "fort"
# The human pace: how long after the state it answers a robot plays (ms). Long enough to read the
# table; shorter when the robot has nothing to decide (a single legal action: throw the dice).
PACE_MS = 2_000
QUICK_MS = 1_000


def is_robot(rec: SessionRecord, player: PlayerId) -> bool:
    return player in rec.robots


def humans(rec: SessionRecord, players: list[PlayerId]) -> list[PlayerId]:
    return [p for p in players if p not in rec.robots]


def robot_name(rec: SessionRecord) -> str:
    """A name no robot at this table has yet (then numbered, past the list)."""
    taken = set(rec.names.values())
    for n in range(1, 100):
        base = ROBOT_NAMES[(n - 1) % len(ROBOT_NAMES)]
        name = f"{ROBOT_MARK}{base}" if n <= len(ROBOT_NAMES) else f"{ROBOT_MARK}{base} {n // len(ROBOT_NAMES) + 1}"
        if name not in taken:
            return name
    return f"{ROBOT_MARK}{len(rec.robots) + 1}"


def new_robot_id(rec: SessionRecord) -> PlayerId:
    n = 1
    while f"{ROBOT_ID_PREFIX}{n}" in rec.names or f"{ROBOT_ID_PREFIX}{n}" in rec.robots:
        n += 1
    return f"{ROBOT_ID_PREFIX}{n}"


def seat_robot(rec: SessionRecord, level: str, player: PlayerId | None = None) -> PlayerId:
    """A robot of ``level`` seated (``player``: a seat handed over; else a new robot's id)."""
    chosen = level_name(level)  # ValueError for an unknown level
    robot = player or new_robot_id(rec)
    rec.names[robot] = robot_name(rec)
    rec.robots[robot] = chosen
    return robot


@dataclass(frozen=True)
class RobotMove:
    """What a robot plays (``action``) and when: ``at`` is both its timer and its stamp."""

    player: PlayerId
    action: Action
    at: int


def plan(session: Session, now: int, turn_timeout_ms: int) -> RobotMove | None:
    """The robot move due first in the session's current state, or None (kept per state)."""
    state, rec = session.state, session.rec
    if state is None or state.over or rec.status != PLAYING or not rec.robots:
        return None
    key = (id(state), state.version, tuple(sorted(rec.robots.items())))
    memo = session.robot_memo
    if memo is not None and memo[0] == key:
        return memo[1]
    if session.changed_ms is None:  # restored: the table is shown from now on
        session.changed_ms = now
    found = _earliest(session, session.changed_ms, turn_timeout_ms)
    session.robot_memo = (key, found)
    return found


def _earliest(session: Session, base: int, turn_timeout_ms: int) -> RobotMove | None:
    state, rec = session.state, session.rec
    legal = legal_actions(session)
    assert state is not None and legal is not None
    deadline = session.game.deadline(state)
    seed = int(state.dice.seed)
    best: RobotMove | None = None
    for player in state.players:
        level = rec.robots.get(player)
        actions = legal.of_player(player) if level is not None else []
        if level is None or not actions:
            continue
        try:
            decision = decide(session.game, state, player, level, seed)
        except Exception:
            log.exception("table %s : le robot %s n'a pas su choisir", session.id, player)
            decision = None
        if decision is None and player in legal.waiting:
            decision = actions[0]  # awaited, it must not hold the table
        if decision is None:
            continue
        if isinstance(decision, Shout):
            opened = window_opened(session.game.name, session.game.view(state, player))
            at = at_ms(decision, base, opened)
            if deadline is not None and at >= deadline:
                continue  # its window closes first: never played
            move = RobotMove(player, decision.action, at)
        else:
            at = base + (PACE_MS if len(actions) > 1 else QUICK_MS)
            at = min(at, rec.waiting_since_ms + turn_timeout_ms // 2)
            if deadline is not None:
                at = min(at, deadline - 1)
            move = RobotMove(player, decision, max(at, base))
        if best is None or move.at < best.at:
            best = move
    return best
