"""The Grelottine challenge: the call (simultaneous calls settled), the stake, the two throws."""

from __future__ import annotations

from games.core import Event, IllegalAction, PlayerId

from .combos import CHALLENGES, stake_limit
from .events import (
    CallTieBreakThrow,
    Cause,
    ChallengeCalled,
    ChallengeSet,
    ChallengeThrow,
    GrelottineCall,
    SimultaneousCalls,
)
from .flow import after_throw, start_turn
from .scoring import bevue, grelottine_minimum, set_phase
from .state import Challenge, CulState


def call(state: CulState, player: PlayerId, target: str, now_ms: int) -> list[Event]:
    """« Grelottine ! » pointing at ``target``. Between turns only (no throw in progress)."""
    if state.phase not in ("chouettes", "appel"):
        raise IllegalAction("challenge_not_now")
    if target == player or target not in state.players:
        raise IllegalAction("bad_target", player=target)
    if player in state.calls:
        raise IllegalAction("already_called")
    tolerance = state.options.tie_tolerance_ms
    if state.calls and now_ms > min(int(c[1]) for c in state.calls.values()) + tolerance:
        raise IllegalAction("challenge_not_now")
    minimum = grelottine_minimum(state)
    cause: Cause | None = None
    if player not in state.grelottines:
        cause = "sans_grelottine"
    elif target not in state.grelottines:
        cause = "cible_sans_grelottine"
    elif state.scores[player] < minimum:
        cause = "score_trop_bas"
    elif state.scores[target] < minimum:
        cause = "cible_trop_basse"
    if cause is not None:
        return bevue(state, player, cause)
    state.calls[player] = [target, now_ms]
    if state.phase == "chouettes":
        set_phase(state, "appel", now_ms + tolerance + 1)
    return [GrelottineCall(player=player, target=target, at=now_ms)]


def close_calls(state: CulState) -> list[Event]:
    """The calls made at the same time: the lower score becomes grelottin, then a die (lowest wins)."""
    calls = {p: c for p, c in state.calls.items() if p in state.players and str(c[0]) in state.players}
    state.calls = {}
    state.deadline_ms = None
    if not calls:
        return start_turn(state)
    first = min(int(c[1]) for c in calls.values())
    together = [p for p, c in calls.items() if int(c[1]) <= first + state.options.tie_tolerance_ms]
    events: list[Event] = []
    if len(together) > 1:
        lowest = min(state.scores[p] for p in together)
        contenders = [p for p in together if state.scores[p] == lowest]
        events.append(SimultaneousCalls(players=together, lowest=contenders))
        while len(contenders) > 1:
            rolls = {p: state.dice.roll() for p in contenders}
            events += [CallTieBreakThrow(player=p, value=v) for p, v in rolls.items()]
            low = min(rolls.values())
            contenders = [p for p in contenders if rolls[p] == low]
        together = contenders
    grelottin = together[0]
    target = str(calls[grelottin][0])
    for p in (grelottin, target):
        if p in state.grelottines:
            state.grelottines.remove(p)
    lowest = min(state.scores[grelottin], state.scores[target])
    state.challenge = Challenge(grelottin=grelottin, target=target, lowest=lowest)
    set_phase(state, "mise")
    events.append(ChallengeCalled(grelottin=grelottin, target=target))
    return events


def stake(state: CulState, player: PlayerId, combination: str, amount: int | None) -> list[Event]:
    """The grelottin names the combination and the stake (``None``: « Max ! »)."""
    ch = state.challenge
    if state.phase != "mise" or ch is None or player != ch.grelottin:
        raise IllegalAction("not_now")
    if combination not in CHALLENGES:
        raise IllegalAction("bad_argument", name="combinaison")
    limit = stake_limit(combination, ch.lowest)
    value = limit if amount is None else amount
    if not 1 <= value <= limit:
        raise IllegalAction("bad_stake", maximum=limit)
    ch.combination = combination
    ch.stake = value
    ch.max_called = amount is None
    state.thrower = ch.target
    state.during = "defi"
    state.throw = []
    state.siroted = False
    set_phase(state, "defi")
    return [
        ChallengeSet(
            grelottin=ch.grelottin, target=ch.target, combination=combination, stake=value, max=ch.max_called
        )
    ]


def first_throw(state: CulState, now_ms: int) -> list[Event]:
    assert state.thrower is not None
    state.claims = []
    state.throw = [state.dice.roll() for _ in range(3)]
    return [
        ChallengeThrow(player=state.thrower, dice=list(state.throw), throw=1),
        *after_throw(state, now_ms),
    ]


def second_throw(state: CulState, player: PlayerId, keep: list[int], now_ms: int) -> list[Event]:
    """The second throw, keeping the dice at positions ``keep`` (1 to 3)."""
    if state.phase != "relance" or player != state.thrower:
        raise IllegalAction("not_now")
    if len(set(keep)) != len(keep) or len(keep) > 2 or any(not 1 <= k <= 3 for k in keep):
        raise IllegalAction("bad_keep")
    for position in range(3):
        if position + 1 not in keep:
            state.throw[position] = state.dice.roll()
    return [
        ChallengeThrow(player=player, dice=list(state.throw), throw=2, kept=sorted(keep)),
        *after_throw(state, now_ms),
    ]
