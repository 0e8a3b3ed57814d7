"""Ludicitude robots: what to set aside, stop or go on, take over the situation left or not.

The strong robot weighs stopping now against the expected value of one more throw of the dice
left, each outcome set aside as well as it can be (the throws are grouped by what they show,
worked out once per number of dice); it takes over the situation left when throwing its dice is
worth more than a fresh turn of seven.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from math import factorial

from games.core import Action, PlayerId
from games.ludicitude.situation import score
from games.ludicitude.state import LudicitudeState

from .base import Decision, View, first

LAPIN, DOUBLE, CAROTTE = 1, 2, 6
# The bar a taken-over situation's next throw must clear. A whole fresh turn of the strong robot
# averages 18 points (400 seeded turns); head to head over 300 games, a bar of 15 beat 30 (60 %),
# 10 (53 %) and 20 (54 %).
FRESH_TURN = 15.0
# A throw, by what matters: 1s, 2s, which clapiers 3-5 show, whether only carrots came.
Outcome = tuple[int, int, frozenset[int], bool]


def compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` counts (how many dice show each face)."""
    if parts == 1:
        return [(total,)]
    return [(k, *rest) for k in range(total + 1) for rest in compositions(total - k, parts - 1)]


@cache
def outcomes(dice: int) -> tuple[tuple[float, Outcome], ...]:
    """Every distinct outcome of throwing ``dice`` dice, with its probability (from the counts of
    each face and their multinomial weight, not the 6**dice throws)."""
    weights: Counter[Outcome] = Counter()
    for counts in compositions(dice, 6):
        ways = factorial(dice)
        for c in counts:
            ways //= factorial(c)
        ones, twos, threes, fours, fives, sixes = counts
        clapiers = frozenset(f for f, c in ((3, threes), (4, fours), (5, fives)) if c)
        weights[(ones, twos, clapiers, sixes == dice)] += ways
    total = 6**dice
    return tuple((n / total, o) for o, n in sorted(weights.items(), key=lambda kv: repr(kv[0])))


def rabbit_points(ones: int, doubles: int) -> int:
    return 10 * (ones // 2) + ones % 2 + 2 * doubles


def next_clapier(top: int) -> int | None:
    """The only clapier the pile takes next (2 to start it, then 3, 4, 5), as the rules say."""
    following = top + 1 if top else 2
    return following if following <= 5 else None


def best_aside(rabbits: int, top: int, ones: int, twos: int, clapiers: frozenset[int]) -> int:
    """The most a turn is worth after setting aside the best of this throw and stopping: every
    rabbit, and the pile's next clapier when the throw shows it (a 2 spent as the first one only
    when a rabbit is left to set aside)."""
    best = (rabbits + rabbit_points(ones, twos)) * max(top, 1)
    following = next_clapier(top)
    if following == 2 and twos and ones + twos > 1:
        best = max(best, (rabbits + rabbit_points(ones, twos - 1)) * 2)
    elif following is not None and following in clapiers:
        best = max(best, (rabbits + rabbit_points(ones, twos)) * following)
    return best


@cache
def one_more_throw(dice: int, rabbits: int, top: int) -> float:
    """Expected points of throwing ``dice`` dice once more and then stopping (a lost throw: 0).

    Only carrots: the rabbits are remembered and thrown again; counted as keeping what is there.
    """
    if dice == 0:
        return 0.0
    now = rabbits * max(top, 1)
    total = 0.0
    for p, (ones, twos, clapiers, carrots_only) in outcomes(dice):
        if ones or twos:
            total += p * best_aside(rabbits, top, ones, twos, clapiers)
        elif carrots_only:
            total += p * now
    return total


def read(view: View) -> LudicitudeState:
    return LudicitudeState.model_validate(view)


def dice_to_throw(state: LudicitudeState) -> int:
    """The dice a throw now would throw: the table's, or the rabbits' once every die is aside."""
    return len(state.table) or state.situation.rabbit_dice()


def rabbits_of(state: LudicitudeState) -> int:
    return state.memorised + state.situation.rabbit_points()


def go_on(state: LudicitudeState, me: PlayerId) -> bool:
    """Whether one more throw is worth more than stopping now."""
    now = score(state.memorised, state.situation)
    if state.scores[me] + now >= state.options.objectif:
        return False
    dice = dice_to_throw(state)
    top = state.situation.top_clapier()
    expected = one_more_throw(dice, rabbits_of(state), top)
    # Far behind an opponent close to the goal, a small score does not save the game.
    leader = max(s for p, s in state.scores.items() if p != me)
    if leader >= state.options.objectif - 60 and state.scores[me] + now < leader:
        return expected > 0.6 * now
    return expected > now


def aside_value(state: LudicitudeState, action: Action) -> float:
    """What setting aside ``action``'s dice is worth: stopping or one more throw, the better."""
    lapins = int(action.args.get("lapins", 0))  # type: ignore[arg-type]
    doubles = int(action.args.get("doubles", 0))  # type: ignore[arg-type]
    clapier = int(action.args.get("clapier", 0))  # type: ignore[arg-type]
    situation = state.situation
    top = max(situation.top_clapier(), clapier)
    rabbits = rabbits_of(state) + rabbit_points(lapins, doubles)
    left = len(state.table) - lapins - doubles - (1 if clapier else 0)
    if left == 0:
        left = situation.rabbit_dice() + lapins + doubles  # every die aside: the rabbits go again
    stop = rabbits * max(top, 1)
    return max(stop, one_more_throw(left, rabbits, top))


def takeover_value(state: LudicitudeState) -> float:
    situation = state.situation
    dice = len(state.table) or situation.rabbit_dice()
    return one_more_throw(dice, situation.rabbit_points(), situation.top_clapier())


def strong(view: View, me: PlayerId, legal: list[Action], rng: random.Random) -> Decision:
    if not legal:
        return None
    state = read(view)
    if state.phase == "debut":
        take = first(legal, "reprendre")
        if take is not None and takeover_value(state) > FRESH_TURN:
            return take
        return first(legal, "tout_relancer")
    if state.phase == "ecarter":
        return max((a for a in legal if a.kind == "ecarter"), key=lambda a: aside_value(state, a))
    if state.phase == "suite":
        return first(legal, "relancer" if go_on(state, me) else "arreter")
    return first(legal, "relancer")


def beginner(view: View, me: PlayerId, legal: list[Action], rng: random.Random) -> Decision:
    """Keeps rather than risks: sets aside everything it may (the first choice offered), stops
    with a decent turn or few dice left, takes over a situation only when it looks rich."""
    if not legal:
        return None
    state = read(view)
    if state.phase == "debut":
        take = first(legal, "reprendre")
        if take is not None and state.situation.value() >= 20 and rng.random() < 0.5:
            return take
        return first(legal, "tout_relancer")
    if state.phase == "ecarter":
        return legal[0]
    if state.phase == "suite":
        points = score(state.memorised, state.situation)
        dice = dice_to_throw(state)
        timid = points >= 15 or dice <= 2 or (points >= 8 and dice <= 3)
        return first(legal, "arreter" if timid else "relancer")
    return first(legal, "relancer")
