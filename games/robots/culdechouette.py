"""Cul de chouette robots: throws, shouts with a reaction time, Sirop, bets, Civet, Grelottine.

The view of Cul de chouette hides nothing (every die is on the table), so it is read back as a
state model to use the rules' own helpers; the robot never rolls its dice (the view has none).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.core import Action, PlayerId
from games.culdechouette.combos import BIRDS, classify, stake_limit
from games.culdechouette.state import SIROP_STAKE, WIN, CulState

from .base import Decision, Shout, View, first
from .chouette_odds import MEAN_THROW_POINTS, best_keep, meet_probability

# The window a shout answers, and the phrase for it.
SHOUT_FOR = {"pas_mou": "pas_mou_le_caillou", "grelotte": "grelotte_ca_picote", "moisissure": "sans_fin"}
# Reaction times are drawn for a window of this length and shrunk for shorter windows.
REFERENCE_WINDOW_MS = 5000


@dataclass(frozen=True)
class Temper:
    """How a level reacts: reaction time (ms, for a 5 s window) and how often it forgets."""

    react_ms: tuple[int, int]
    forget_shout: float
    forget_bet: float
    forget_claim: float


STRONG = Temper(react_ms=(300, 900), forget_shout=0.0, forget_bet=0.0, forget_claim=0.0)
BEGINNER = Temper(react_ms=(900, 2800), forget_shout=0.15, forget_bet=0.1, forget_claim=0.25)


def read(view: View) -> CulState:
    return CulState.model_validate(view)


def reaction(state: CulState, temper: Temper, rng: random.Random) -> int:
    """A reaction time for the open window, inside it."""
    window = state.options.shout_window_ms
    low, high = temper.react_ms
    scale = min(1.0, window / REFERENCE_WINDOW_MS)
    delay = int(rng.uniform(low, high) * scale)
    return max(0, min(delay, window - 1))


def shout(state: CulState, legal: list[Action], temper: Temper, rng: random.Random) -> Decision:
    window = state.shouts
    if window is None:
        return None
    action = first(legal, SHOUT_FOR[window.kind])
    if action is None or rng.random() < temper.forget_shout:
        return None
    return Shout(action, reaction(state, temper, rng))


def opponents(state: CulState, me: PlayerId) -> list[PlayerId]:
    return [p for p in state.players if p != me]


def leader_score(state: CulState, me: PlayerId) -> int:
    return max((state.scores[p] for p in opponents(state, me)), default=0)


# --- the Sirop ----------------------------------------------------------------------------------
def sirote_gain(state: CulState, me: PlayerId) -> float:
    """Expected points of siroting minus those of keeping the Chouette."""
    combo = classify(state.throw)
    value = combo.value
    success = 40 + 10 * value
    keep = float(combo.points)
    if state.scores[me] + keep >= WIN:
        return -1000.0  # keeping wins now
    if not state.options.negatives and state.scores[me] < keep:
        return -1000.0  # [without negatives] siroting with fewer points than the Chouette: a Bévue
    gain = success / 6 - 5 * keep / 6 - keep
    ch = state.challenge
    if state.during == "defi" and ch is not None and ch.target == me and not ch.met:
        if ch.combination == "cul_de_chouette":
            gain += 2 * ch.stake / 6  # a success meets the challenge
    if state.scores[me] + success >= WIN and leader_score(state, me) + 40 >= WIN:
        gain += 40  # the opponent is about to win: a chance to win first is worth a risk
    return gain


def bet(
    state: CulState, me: PlayerId, legal: list[Action], strong: bool, rng: random.Random
) -> Action | None:
    """The announcement during the bets. Every bet pays 25 for 5 at one chance in six (worth
    nothing on average); naming the Chouette's own bird is a Bévue, never chosen."""
    sirop = state.sirop
    assert sirop is not None
    own_bird = BIRDS[sirop.value]
    bets = [
        a for a in legal if a.kind == "beau_sirop" or (a.kind == "oiseau" and a.args.get("nom") != own_bird)
    ]
    broke = not state.options.negatives and state.scores[me] < SIROP_STAKE
    no_bet = first(legal, "couche_sirop", "file_sirop")
    if broke or not bets:
        return no_bet
    if strong:
        # On the sirotage itself: it hedges against the thrower's Cul de Chouette.
        return first(bets, "beau_sirop") or no_bet
    if rng.random() < 0.15:
        return rng.choice(bets)
    return no_bet


# --- the Grelottine -------------------------------------------------------------------------------
def challenge_worth(state: CulState, combination: str, stake: int) -> float:
    """What a challenge is worth to the grelottin: the stake won or lost, less the challenged's
    throw (its combination scores as on a turn)."""
    return stake * (1 - 2 * meet_probability(combination)) - MEAN_THROW_POINTS


def stake_of(state: CulState, action: Action) -> int:
    ch = state.challenge
    assert ch is not None
    combination = str(action.args["combinaison"])
    if action.kind == "max":
        return stake_limit(combination, ch.lowest)
    return int(action.args["mise"])  # type: ignore[arg-type]


def choose_stake(state: CulState, legal: list[Action], strong: bool, rng: random.Random) -> Action:
    options = [a for a in legal if a.kind in ("miser", "max")]
    if not strong:
        pick = rng.choice([a for a in options if a.kind == "max"] or options)
        return pick
    # « Max ! » rather than the same stake spelt out.
    return max(
        options,
        key=lambda a: (
            challenge_worth(state, str(a.args["combinaison"]), stake_of(state, a)),
            a.kind == "max",
        ),
    )


def call(
    state: CulState, me: PlayerId, legal: list[Action], strong: bool, rng: random.Random
) -> Action | None:
    """« Grelottine ! » at someone, when it pays (strong) or now and then (beginner)."""
    calls = [a for a in legal if a.kind == "grelottine"]
    if not calls:
        return None
    if not strong:
        return rng.choice(calls) if rng.random() < 0.2 else None
    best: Action | None = None
    best_worth = 0.0
    for action in calls:
        target = str(action.args["cible"])
        lowest = min(state.scores[me], state.scores[target])
        worth = max(challenge_worth(state, c, stake_limit(c, lowest)) for c in ("cul_de_chouette", "velute"))
        if worth > best_worth:
            best, best_worth = action, worth
    return best


def keep_for_challenge(state: CulState, legal: list[Action], strong: bool) -> Action:
    ch = state.challenge
    assert ch is not None
    options = [a for a in legal if a.kind == "relancer"]
    dice = (state.throw[0], state.throw[1], state.throw[2])
    if strong:
        keep = best_keep(dice, ch.combination, ch.stake)
    else:
        # Keep a pair when there is one, else throw everything again.
        a, b, c = dice
        keep = (1, 2) if a == b else (1, 3) if a == c else (2, 3) if b == c else ()
    wanted = sorted(keep)
    for action in options:
        if sorted(action.args.get("garder", [])) == wanted:  # type: ignore[arg-type]
            return action
    return options[0]


# --- the Civet ------------------------------------------------------------------------------------
def civet(
    state: CulState, me: PlayerId, legal: list[Action], strong: bool, rng: random.Random
) -> Action | None:
    """A Civet is an even bet below one chance in two (a Chouette: 42 %): worth it only to catch up
    at the end (strong), or now and then for fun (beginner)."""
    bets = [a for a in legal if a.kind == "civet"]
    if not bets:
        return None
    mine, leader = state.scores[me], leader_score(state, me)
    if strong:
        desperate = leader >= WIN - 60 and leader - mine >= 80
        winning = mine + 102 >= WIN and leader >= WIN - 100
        if desperate or winning:
            big = [a for a in bets if a.args.get("combinaison") == "chouette"]
            return max(big or bets, key=lambda a: int(a.args["mise"]))  # type: ignore[arg-type]
        return None
    if rng.random() < 0.05:
        small = [a for a in bets if a.args.get("mise") == min(int(b.args["mise"]) for b in bets)]  # type: ignore[arg-type]
        return rng.choice(small)
    return None


def give_civet(legal: list[Action], strong: bool, rng: random.Random) -> Action | None:
    """A held Civet is an option to bet: the strong robot keeps it; a beginner sometimes throws it."""
    gifts = [a for a in legal if a.kind == "lance_civet"]
    if strong or not gifts or rng.random() >= 0.03:
        return None
    return rng.choice(gifts)


# --- the policy -----------------------------------------------------------------------------------
def decide(view: View, me: PlayerId, legal: list[Action], rng: random.Random, strong: bool) -> Decision:
    if not legal:
        return None
    if first(legal, "sloubi", "refuser_sloubi") is not None:
        return first(legal, "refuser_sloubi")
    state = read(view)
    temper = STRONG if strong else BEGINNER
    claim = first(legal, "sirop_gagnant")
    if claim is not None and rng.random() >= temper.forget_claim:
        return claim
    phase = state.phase
    if phase == "cris":
        return shout(state, legal, temper, rng)
    if phase == "paris":
        if rng.random() < temper.forget_bet:
            return None
        announce = bet(state, me, legal, strong, rng)
        return None if announce is None else Shout(announce, reaction(state, temper, rng))
    if phase == "sirop":
        siroter, garder = first(legal, "siroter"), first(legal, "garder")
        if garder is None or siroter is None:
            return siroter or garder
        if strong:
            return siroter if sirote_gain(state, me) > 0 else garder
        value = classify(state.throw).value
        return siroter if value == 1 and rng.random() < 0.5 else garder
    if phase == "mise":
        return choose_stake(state, legal, strong, rng)
    if phase == "relance":
        return keep_for_challenge(state, legal, strong)
    if phase in ("chouettes", "defi"):
        chosen = call(state, me, legal, strong, rng) if phase == "chouettes" else None
        chosen = chosen or civet(state, me, legal, strong, rng)
        chosen = chosen or (give_civet(legal, strong, rng) if phase == "chouettes" else None)
        return chosen or first(legal, "lancer")
    return first(legal, "lancer")


def strong(view: View, me: PlayerId, legal: list[Action], rng: random.Random) -> Decision:
    return decide(view, me, legal, rng, strong=True)


def beginner(view: View, me: PlayerId, legal: list[Action], rng: random.Random) -> Decision:
    return decide(view, me, legal, rng, strong=False)
