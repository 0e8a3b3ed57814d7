"""A throw from the chouettes to its last consequence, and the passing of turns.

A "sequence" is one turn's throw, or one Grelottine challenge's throws: it ends when every window
it opened is closed; then the next turn starts (or, after a challenge, the interrupted turn resumes).
"""

from __future__ import annotations

from games.core import Event

from .combos import BIRDS, Combination, classify
from .events import (
    ChallengeResult,
    ChallengeStopped,
    ChouetteMade,
    ChouettesThrown,
    CivetResult,
    CulThrown,
    GrelottineWon,
    Reason,
    Resumed,
    RoundOver,
    ShoutName,
    ShoutWindow,
    Turn,
)
from .scoring import change, set_phase
from .state import GRELOTTINE_MINIMUM, CulState, Shouts


def start_turn(state: CulState) -> list[Event]:
    state.thrower = None
    state.throw = []
    state.during = "tour"
    state.siroted = False
    state.sirop = None
    state.shouts = None
    set_phase(state, "chouettes")
    return [Turn(player=state.players[state.current])]


def next_turn(state: CulState) -> list[Event]:
    state.current = (state.current + 1) % len(state.players)
    events: list[Event] = []
    if state.players[state.current] == state.round_starter:
        state.rounds += 1
        state.sloubi_open = True
        events.append(RoundOver(rounds=state.rounds))
    return events + start_turn(state)


def end_sequence(state: CulState) -> list[Event]:
    if state.during == "defi":
        state.challenge = None
        return [Resumed(), *start_turn(state)]
    return next_turn(state)


def open_shouts(
    state: CulState, kind: ShoutName, points: int, now_ms: int, among: list[str] | None = None
) -> list[Event]:
    state.shouts = Shouts(kind=kind, points=points, among=list(among if among is not None else state.players))
    deadline = now_ms + state.options.shout_window_ms
    set_phase(state, "cris", deadline)
    return [ShoutWindow(shout=kind, among=list(state.shouts.among), deadline=deadline)]


def throw_chouettes(state: CulState) -> list[Event]:
    player = state.players[state.current]
    state.claims = []
    state.sloubi_open = False
    state.thrower = player
    state.throw = [state.dice.roll(), state.dice.roll()]
    set_phase(state, "cul")
    return [ChouettesThrown(player=player, dice=list(state.throw))]


def throw_cul(state: CulState, now_ms: int) -> list[Event]:
    state.throw.append(state.dice.roll())
    combo = classify(state.throw)
    assert state.thrower is not None
    event = CulThrown(player=state.thrower, dice=list(state.throw), combination=combo.kind)
    return [event, *after_throw(state, now_ms)]


def _note_met(state: CulState, combo: Combination) -> None:
    """Remembers whether the Civet at stake, and the challenge, have been made by this throw."""
    bet = state.civet_bet
    if bet is not None and bet.player == state.thrower and bet.during == state.during:
        bet.met = bet.met or combo.satisfies(bet.combination)
    ch = state.challenge
    if state.during == "defi" and ch is not None:
        if ch.combination == "sirop_grelot":
            ch.met = ch.met or (state.siroted and combo.kind == "cul_de_chouette")
        else:
            ch.met = ch.met or combo.satisfies(ch.combination)


def after_throw(state: CulState, now_ms: int) -> list[Event]:
    """The dice of a turn's cul or of a challenge throw are down: what happens next."""
    combo = classify(state.throw)
    _note_met(state, combo)
    events: list[Event] = []
    ch = state.challenge
    if state.during == "defi" and ch is not None:
        ch.throws += 1
        if ch.throws == 1:
            if not ch.met:
                set_phase(state, "relance")
                return events
            assert state.thrower is not None
            events.append(ChallengeStopped(player=state.thrower))
    if combo.kind == "chouette":
        set_phase(state, "sirop")
        forced = state.during == "defi" and ch is not None and ch.combination == "sirop_grelot"
        assert state.thrower is not None
        events.append(ChouetteMade(player=state.thrower, value=combo.value, bird=BIRDS[combo.value], forced=forced))
        return events
    return events + finish(state, now_ms)


def finish(state: CulState, now_ms: int) -> list[Event]:
    """The final dice of the sequence are known: Civet, challenge, then the combination's rule."""
    thrower = state.thrower
    assert thrower is not None
    combo = classify(state.throw)
    if state.siroted:
        _note_met(state, combo)
    events: list[Event] = []
    bet = state.civet_bet
    if bet is not None and bet.player == thrower and bet.during == state.during:
        state.civet_bet = None
        events.append(CivetResult(player=thrower, met=bet.met, stake=bet.stake, combination=bet.combination))
        events += change(state, thrower, bet.stake if bet.met else -bet.stake, "civet", bet.combination)
    ch = state.challenge
    if state.during == "defi" and ch is not None:
        winner, loser = (ch.target, ch.grelottin) if ch.met else (ch.grelottin, ch.target)
        events.append(ChallengeResult(target=ch.target, grelottin=ch.grelottin, met=ch.met, stake=ch.stake))
        events += change(state, winner, ch.stake, "defi", ch.combination)
        events += change(state, loser, -ch.stake, "defi", ch.combination)
    kind, value = combo.kind, combo.value
    if combo.kind == "cul_de_chouette":
        reason: Reason = "sirotage" if state.siroted else "cul_de_chouette"
        events += change(state, thrower, combo.points, reason, kind, value)
    elif combo.kind == "chouette" and not state.siroted:
        events += change(state, thrower, combo.points, "chouette", kind, value)
    elif combo.kind == "velute":
        events += change(state, thrower, combo.points, "velute", kind, value)
    elif combo.kind == "neant":
        events += gain_grelottine(state, thrower)
    if combo.kind == "chouette_velute":
        return events + open_shouts(state, "pas_mou", combo.points, now_ms)
    if combo.suite:
        return events + open_shouts(state, "grelotte", 0, now_ms)
    return events + end_sequence(state)


def gain_grelottine(state: CulState, player: str) -> list[Event]:
    if player in state.grelottines:
        return []
    if not state.options.negatives and state.scores[player] < GRELOTTINE_MINIMUM:
        return []
    state.grelottines.append(player)
    return [GrelottineWon(player=player)]
