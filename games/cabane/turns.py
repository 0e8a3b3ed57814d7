"""Seats, turns and points: who throws next, with how many throws, and who has won."""

from __future__ import annotations

from games.core import Event, PlayerId

from .events import BatailleBegins, Point, PointReason, SeriesBegins, Turn, Won
from .state import LEAD_FIRST_PHASE, LEAD_LATER, SERIES_LENGTH, CabaneState


def next_player(players: list[PlayerId], player: PlayerId) -> PlayerId:
    """The neighbour who gets the die after ``player`` (seat order, as the players joined)."""
    return players[(players.index(player) + 1) % len(players)]


def seats_from(players: list[PlayerId], first: PlayerId) -> list[PlayerId]:
    """Every player once, in seat order, starting with ``first``."""
    start = players.index(first)
    return players[start:] + players[:start]


def give_turn(state: CabaneState, player: PlayerId, throws: int | None, after_cabane: bool) -> list[Event]:
    """The die goes to ``player``: ``throws`` throws at the bataille, None while clearing the ground."""
    state.current = player
    state.throws_left = throws
    state.after_cabane = after_cabane
    state.facade = False
    return [Turn(player=player, throws=throws, phase=state.phase)]


def start_series(state: CabaneState, player: PlayerId) -> list[Event]:
    """``player`` starts his ten coups, counting from 0."""
    state.current = player
    state.count = 0
    state.count_said = "0"
    state.throws_left = SERIES_LENGTH
    state.after_cabane = False
    state.facade = False
    return [SeriesBegins(player=player)]


def next_series_or_bataille(state: CabaneState, bataille_first: PlayerId) -> list[Event]:
    """After a series without T: the next player's ten coups, or the bataille when all have played."""
    if state.series_queue:
        return start_series(state, state.series_queue.pop(0))
    state.phase = "bataille"
    state.count = 0
    state.count_said = ""
    return [BatailleBegins(), *give_turn(state, bataille_first, 1, False)]


def leader_by(scores: dict[PlayerId, int], lead: int) -> PlayerId | None:
    """The player ahead of every other by at least ``lead`` points, if any."""
    if len(scores) < 2:
        return None
    ranked = sorted(scores.items(), key=lambda item: item[1], reverse=True)
    (best, top), (_, second) = ranked[0], ranked[1]
    return best if top - second >= lead else None


def winner(state: CabaneState) -> PlayerId | None:
    if state.options.mode == "bataille":
        reached = [p for p in state.players if state.scores[p] >= state.options.cible]
        return reached[0] if reached else None
    lead = LEAD_FIRST_PHASE if state.phase == "debroussaillage" else LEAD_LATER
    return leader_by(state.scores, lead)


def end_if_won(state: CabaneState) -> list[Event]:
    found = winner(state)
    if found is None:
        return []
    state.over = True
    state.winners = [found]
    return [Won(player=found, scores=dict(state.scores))]


def score(
    state: CabaneState, player: PlayerId, points: int, reason: PointReason, throw_number: int | None = None
) -> list[Event]:
    """``player`` wins (or loses) ``points``; the game ends when that makes a winner."""
    state.scores[player] += points
    total = state.scores[player]
    point = Point(player=player, points=points, score=total, reason=reason, throw_number=throw_number)
    return [point, *end_if_won(state)]
