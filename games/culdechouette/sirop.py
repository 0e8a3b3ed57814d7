"""The Sirop: « Je sirote ! », the others' bets (a timed window), the siroted die, « Sirop Gagnant ! ».

The bets are a window of ``shout_window_ms`` opened by « Je sirote ! »: the thrower may only throw the
die once everyone has announced or the window has closed, so a fast thrower cannot make the others
miss their announcement. Whoever is still silent when it closes makes a Bévue.
"""

from __future__ import annotations

from games.core import Event, IllegalAction, PlayerId

from .combos import BIRDS, classify, odd_die
from .flow import finish
from .scoring import bevue, change, set_phase
from .state import SIROP_GAIN, SIROP_STAKE, CulState, Sirop


def is_forced(state: CulState) -> bool:
    """A Sirop-Grelot's Chouette must be siroted."""
    ch = state.challenge
    return state.during == "defi" and ch is not None and ch.combination == "sirop_grelot"


def sirote(state: CulState, player: PlayerId, now_ms: int) -> list[Event]:
    if state.phase != "sirop" or player != state.thrower:
        window = state.shouts
        on_cv = (
            state.phase == "cris"
            and window is not None
            and window.kind == "pas_mou"
            and player == state.thrower
        )
        return bevue(state, player, "sirop_chouette_velute" if on_cv else "sirop_sans_chouette")
    combo = classify(state.throw)
    forced = is_forced(state)
    if not state.options.negatives and not forced and state.scores[player] < combo.points:
        return bevue(state, player, "sirop_sans_points")
    bettors = [p for p in state.players if p != player]
    state.sirop = Sirop(value=combo.value, position=odd_die(state.throw), bettors=bettors, forced=forced)
    events = [
        Event(kind="sirotage", data={"player": player, "value": combo.value, "bird": BIRDS[combo.value]})
    ]
    if bettors:
        deadline = now_ms + state.options.shout_window_ms
        set_phase(state, "paris", deadline)
        events.append(Event(kind="paris_ouverts", data={"deadline": deadline}))
    else:
        set_phase(state, "sirop_lancer")
    return events


def keep(state: CulState, player: PlayerId, now_ms: int) -> list[Event]:
    if state.phase != "sirop" or player != state.thrower:
        raise IllegalAction("not_now")
    if is_forced(state):
        raise IllegalAction("sirop_forced")
    return finish(state, now_ms)


def announce(state: CulState, player: PlayerId, kind: str) -> list[Event]:
    """« Beau-Sirop ! » (a bet), « Couche-Sirop ! » / « File-Sirop ! » (no bet), or a bird (Bévue)."""
    sirop = state.sirop
    if state.phase != "paris" or sirop is None:
        return bevue(state, player, "pari_sans_sirop")
    if player == state.thrower:
        raise IllegalAction("own_sirop")
    if player in sirop.bets:
        raise IllegalAction("already_announced")
    events = [Event(kind="annonce", data={"player": player, "kind": kind})]
    if kind == "oiseau":
        sirop.bets[player] = "oiseau"
        events += bevue(state, player, "oiseau")
    elif kind == "beau_sirop" and not state.options.negatives and state.scores[player] < SIROP_STAKE:
        sirop.bets[player] = "caduc"
        events += bevue(state, player, "pari_sans_points")
    else:
        sirop.bets[player] = "beau" if kind == "beau_sirop" else "couche"
    if all(p in sirop.bets for p in sirop.bettors):
        set_phase(state, "sirop_lancer")
        events.append(Event(kind="paris_clos", data={}))
    return events


def close_bets(state: CulState) -> list[Event]:
    sirop = state.sirop
    assert sirop is not None
    events: list[Event] = []
    for p in sirop.bettors:
        if p not in sirop.bets:
            sirop.bets[p] = "silence"
            events += bevue(state, p, "pas_d_annonce")
    set_phase(state, "sirop_lancer")
    return [*events, Event(kind="paris_clos", data={})]


def throw_die(state: CulState, now_ms: int) -> list[Event]:
    sirop = state.sirop
    thrower = state.thrower
    assert sirop is not None and thrower is not None
    state.claims = []
    die = state.dice.roll()
    state.throw[sirop.position] = die
    success = die == sirop.value
    events = [
        Event(
            kind="sirop_de",
            data={"player": thrower, "die": die, "dice": list(state.throw), "success": success},
        )
    ]
    for p, bet in sirop.bets.items():
        if bet == "beau" and p in state.players:
            if success:
                state.claims.append(p)
            else:
                events += change(state, p, -SIROP_STAKE, "pari_sirop")
    if not success:
        events += change(state, thrower, -sirop.value * sirop.value, "sirop_rate", BIRDS[sirop.value])
        if sirop.value == 6 and thrower not in state.civets:
            state.civets.append(thrower)
            events.append(Event(kind="civet_gagne", data={"player": thrower}))
    state.sirop = None
    state.siroted = True
    return events + finish(state, now_ms)


def claim(state: CulState, player: PlayerId) -> list[Event]:
    """« Sirop Gagnant ! »: collects a won bet, if said before the next throw."""
    if player not in state.claims:
        return bevue(state, player, "sirop_gagnant_sans_pari")
    state.claims.remove(player)
    return [
        Event(kind="sirop_gagnant", data={"player": player}),
        *change(state, player, SIROP_GAIN, "sirop_gagnant"),
    ]
