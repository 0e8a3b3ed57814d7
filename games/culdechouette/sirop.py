"""The Sirop: « Je sirote ! », the others' bets (a timed window), the siroted die, « Sirop Gagnant ! ».

A bet is 5 points on a value of the siroted die: « Beau-Sirop ! » on the Chouette's own value (the
sirotage's success), a bird on the value it names (Linotte 1 … Chouette 6). Naming the siroted
Chouette's own bird is a Bévue instead: that bet must be said « Beau-Sirop ! ».

The bets are a window of ``shout_window_ms`` opened by « Je sirote ! »: the thrower may only throw the
die once everyone has announced or the window has closed, so a fast thrower cannot make the others
miss their announcement. Whoever is still silent when it closes makes a Bévue.
"""

from __future__ import annotations

from games.core import Event, IllegalAction, PlayerId

from .combos import BIRDS, classify, odd_die
from .events import (
    BetsClosed,
    BetsOpen,
    BetWon,
    CivetWon,
    SiropAnnounced,
    SiropDie,
    SiropGagnant,
    SiropWord,
    Sirotage,
)
from .flow import finish
from .scoring import bevue, change, set_phase
from .state import SIROP_GAIN, SIROP_STAKE, Announcement, CulState, Sirop


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
    events: list[Event] = [Sirotage(player=player, value=combo.value, bird=BIRDS[combo.value])]
    if bettors:
        deadline = now_ms + state.options.shout_window_ms
        set_phase(state, "paris", deadline)
        events.append(BetsOpen(deadline=deadline))
    else:
        set_phase(state, "sirop_lancer")
    return events


def keep(state: CulState, player: PlayerId, now_ms: int) -> list[Event]:
    if state.phase != "sirop" or player != state.thrower:
        raise IllegalAction("not_now")
    if is_forced(state):
        raise IllegalAction("sirop_forced")
    return finish(state, now_ms)


BIRD_VALUES: dict[str, int] = {name: value for value, name in BIRDS.items()}
ANNOUNCED: dict[str, Announcement] = {"beau_sirop": "beau", "couche_sirop": "couche", "file_sirop": "file"}


def announce(state: CulState, player: PlayerId, kind: SiropWord, bird: str | None = None) -> list[Event]:
    """« Beau-Sirop ! » or a bird of another value (a bet of 5), « Couche-Sirop ! » / « File-Sirop ! »
    (no bet), or the bird of the siroted Chouette's own value (a Bévue, no bet)."""
    if kind == "oiseau" and bird not in BIRD_VALUES:
        raise IllegalAction("bad_bird", birds=", ".join(BIRDS.values()))
    sirop = state.sirop
    if state.phase != "paris" or sirop is None:
        return bevue(state, player, "pari_sans_sirop")
    if player == state.thrower:
        raise IllegalAction("own_sirop")
    if player in sirop.bets:
        raise IllegalAction("already_announced")
    value = BIRD_VALUES[bird] if kind == "oiseau" and bird is not None else sirop.value
    events: list[Event] = [
        SiropAnnounced(
            player=player,
            announcement=kind,
            value=value if kind in ("beau_sirop", "oiseau") else None,
            bird=bird if kind == "oiseau" else None,
        )
    ]
    betting = kind == "beau_sirop" or (kind == "oiseau" and value != sirop.value)
    if kind == "oiseau" and not betting:
        sirop.bets[player] = "oiseau"
        events += bevue(state, player, "oiseau")
    elif betting and not state.options.negatives and state.scores[player] < SIROP_STAKE:
        sirop.bets[player] = "caduc"
        events += bevue(state, player, "pari_sans_points")
    elif kind == "oiseau":
        sirop.bets[player] = "oiseau_pari"
        sirop.birds[player] = value
    else:
        sirop.bets[player] = ANNOUNCED[kind]
    if all(p in sirop.bets for p in sirop.bettors):
        set_phase(state, "sirop_lancer")
        events.append(BetsClosed())
    return events


def bet_on(sirop: Sirop, player: PlayerId) -> int | None:
    """The value of the siroted die ``player`` bet 5 on, if they bet."""
    bet = sirop.bets.get(player)
    if bet == "beau":
        return sirop.value
    if bet == "oiseau_pari":
        return sirop.birds.get(player)
    return None


def close_bets(state: CulState) -> list[Event]:
    sirop = state.sirop
    assert sirop is not None
    events: list[Event] = []
    for p in sirop.bettors:
        if p not in sirop.bets:
            sirop.bets[p] = "silence"
            events += bevue(state, p, "pas_d_annonce")
    set_phase(state, "sirop_lancer")
    return [*events, BetsClosed()]


def throw_die(state: CulState, now_ms: int) -> list[Event]:
    sirop = state.sirop
    thrower = state.thrower
    assert sirop is not None and thrower is not None
    state.claims = []
    die = state.dice.roll()
    state.throw[sirop.position] = die
    success = die == sirop.value
    events: list[Event] = [SiropDie(player=thrower, die=die, dice=list(state.throw), success=success)]
    for p in sirop.bets:
        value = bet_on(sirop, p)
        if value is None or p not in state.players:
            continue
        said = "Beau-Sirop" if sirop.bets[p] == "beau" else BIRDS[value]
        if die == value:
            state.claims.append(p)
            events.append(BetWon(player=p, value=value, said=said))
        else:
            events += change(state, p, -SIROP_STAKE, "pari_sirop", said)
    if not success:
        events += change(state, thrower, -sirop.value * sirop.value, "sirop_rate", BIRDS[sirop.value])
        if sirop.value == 6 and thrower not in state.civets:
            state.civets.append(thrower)
            events.append(CivetWon(player=thrower))
    state.sirop = None
    state.siroted = True
    return events + finish(state, now_ms)


def claim(state: CulState, player: PlayerId) -> list[Event]:
    """« Sirop Gagnant ! »: collects a won bet, if said before the next throw."""
    if player not in state.claims:
        return bevue(state, player, "sirop_gagnant_sans_pari")
    state.claims.remove(player)
    return [
        SiropGagnant(player=player),
        *change(state, player, SIROP_GAIN, "sirop_gagnant"),
    ]
