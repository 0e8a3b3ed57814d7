"""The shout windows: « Pas mou le caillou ! », « Grelotte ça picote ! » and the tie-breaks.

Who shouted first or last is decided by each click's own timestamp (``now_ms`` of the action), not by
the order the clicks arrived in; clicks within ``tie_tolerance_ms`` of each other are "at the same time".
"""

from __future__ import annotations

from games.core import Event, IllegalAction, PlayerId

from .events import (
    Cause,
    Last,
    PasMouNobody,
    PasMouTie,
    PasMouWon,
    Reason,
    Shouted,
    ShoutName,
    ShoutTie,
    Silent,
    TieBreakThrow,
)
from .flow import end_sequence, open_shouts
from .scoring import bevue, change
from .state import BEVUE, ClosedShouts, CulState

# action kind -> the window it answers
SHOUTS: dict[str, ShoutName] = {
    "pas_mou_le_caillou": "pas_mou",
    "grelotte_ca_picote": "grelotte",
    "sans_fin": "moisissure",
}
# The Bévue of a shout while its window is not open.
UNASKED: dict[ShoutName, Cause] = {
    "pas_mou": "pas_de_chouette_velute",
    "grelotte": "pas_de_suite",
    "moisissure": "sans_egalite",
}
# Why who never shouted in a window loses 10 (a Chouette-Velute's window requires no shout).
MUTE: dict[ShoutName, Reason] = {"grelotte": "grelotte_muet", "moisissure": "moisissure_muet"}


def shout(state: CulState, player: PlayerId, action_kind: str, now_ms: int) -> list[Event]:
    kind = SHOUTS[action_kind]
    window = state.shouts
    open_now = state.phase == "cris" and window is not None and window.kind == kind
    closed = state.closed_shouts
    if (
        not open_now
        and closed is not None
        and closed.kind == kind
        and player in closed.shouted
        and now_ms <= closed.until_ms
    ):
        raise IllegalAction("already_shouted")
    if window is None or not open_now:
        return bevue(state, player, UNASKED[kind])
    if player not in window.among:
        return bevue(state, player, "pas_a_egalite")
    if player in window.clicks:
        raise IllegalAction("already_shouted")
    window.clicks[player] = now_ms
    events: list[Event] = [Shouted(player=player, shout=kind, at=now_ms)]
    if all(p in window.clicks for p in window.among):
        events += close_shouts(state, now_ms)
    return events


def close_shouts(state: CulState, now_ms: int) -> list[Event]:
    window = state.shouts
    assert window is not None
    # Open until now when everyone has shouted, until just before its deadline when time ran out
    # (a click stamped at the deadline is late), and at least until the latest click it took
    # (clicks reach the game in any order).
    deadline = state.deadline_ms
    until = now_ms if deadline is None or now_ms < deadline else deadline - 1
    until = max([until, *window.clicks.values()])
    state.closed_shouts = ClosedShouts(kind=window.kind, shouted=list(window.clicks), until_ms=until)
    state.shouts = None
    state.deadline_ms = None
    tolerance = state.options.tie_tolerance_ms
    clicks = {p: t for p, t in window.clicks.items() if p in state.players}
    among = [p for p in window.among if p in state.players]
    events: list[Event] = []
    if window.kind == "pas_mou":
        if not clicks:
            events.append(PasMouNobody())
            return events + end_sequence(state)
        first = min(clicks.values())
        tied = sorted((p for p, t in clicks.items() if t <= first + tolerance), key=lambda p: clicks[p])
        if len(tied) == 1:
            events.append(PasMouWon(player=tied[0], points=window.points))
            events += change(state, tied[0], window.points, "pas_mou")
        else:
            events.append(PasMouTie(players=tied, points=window.points))
            for p in tied:
                events += change(state, p, -window.points, "pas_mou_egalite")
        return events + end_sequence(state)
    silent = [p for p in among if p not in clicks]
    if silent:
        events.append(Silent(players=silent, shout=window.kind))
        for p in silent:
            events += change(state, p, -BEVUE, MUTE[window.kind])
        return events + end_sequence(state)
    if not clicks:
        return events + end_sequence(state)
    last = max(clicks.values())
    tied = [p for p in among if clicks[p] >= last - tolerance]
    if len(tied) == 1:
        events.append(Last(player=tied[0], decided_by=window.kind))
        events += change(state, tied[0], -BEVUE, window.kind)
        return events + end_sequence(state)
    if window.kind == "grelotte":
        events.append(ShoutTie(players=tied))
        return events + open_shouts(state, "moisissure", BEVUE, now_ms, among=tied)
    return events + dice_tie_break(state, tied) + end_sequence(state)


def dice_tie_break(state: CulState, tied: list[PlayerId]) -> list[Event]:
    """Each throws a die; the highest loses 10, and a tie at the top throws again for 20, 30…"""
    events: list[Event] = []
    stake = BEVUE
    while True:
        rolls = {p: state.dice.roll() for p in tied}
        for p, value in rolls.items():
            events.append(TieBreakThrow(player=p, value=value, stake=stake))
        top = max(rolls.values())
        tied = [p for p in tied if rolls[p] == top]
        if len(tied) == 1:
            events.append(Last(player=tied[0], decided_by="des"))
            return events + change(state, tied[0], -stake, "departage")
        stake += BEVUE
