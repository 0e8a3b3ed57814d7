"""Cul de chouette odds, worked out once by enumerating the dice (216 throws, 7 ways to keep).

What a robot needs: how often the challenged meets each Grelottine combination when playing their
keeps well, which dice to keep for a second throw, what a throw is worth on average.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from games.culdechouette.combos import Combination
from games.culdechouette.combos import classify as classify_dice

THROWS: tuple[tuple[int, int, int], ...] = tuple((a, b, c) for a, b, c in product(range(1, 7), repeat=3))
# The second throw of a challenge keeps these positions (1 to 3), at most two dice.
KEEPS: tuple[tuple[int, ...], ...] = ((), (1,), (2,), (3,), (1, 2), (1, 3), (2, 3))


@cache
def _classified(dice: tuple[int, ...]) -> Combination:
    return classify_dice(list(dice))


def classify(dice: tuple[int, ...] | list[int]) -> Combination:
    """The rules' own combination of three dice, remembered by their sorted values (56 of them)."""
    return _classified(tuple(sorted(dice)))


def throw_points(dice: tuple[int, ...] | list[int]) -> float:
    """What the thrower scores on average from these dice, siroting a low Chouette (1 or 2)."""
    combo = classify(dice)
    if combo.kind == "chouette" and combo.value <= 2:
        return (40 + 10 * combo.value) / 6 - 5 * combo.points / 6
    if combo.kind == "chouette_velute":
        return 0.0  # the first shouter takes it: anyone's
    return float(combo.points)


def meets(dice: tuple[int, ...] | list[int], combination: str) -> float:
    """The chance that these final dice meet ``combination``, a sirotage included where it helps."""
    combo = classify(dice)
    if combination == "sirop_grelot":
        return 1 / 6 if combo.kind == "chouette" else 0.0
    if combo.satisfies(combination):
        return 1.0
    if combination == "cul_de_chouette" and combo.kind == "chouette":
        return 1 / 6
    return 0.0


def rethrows(dice: tuple[int, ...] | list[int], keep: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """Every equally likely result of the second throw keeping positions ``keep``."""
    free = [i for i in range(3) if i + 1 not in keep]
    out: list[tuple[int, int, int]] = []
    for values in product(range(1, 7), repeat=len(free)):
        new = list(dice)
        for i, v in zip(free, values, strict=True):
            new[i] = v
        out.append((new[0], new[1], new[2]))
    return out


def keep_value(dice: tuple[int, ...], keep: tuple[int, ...], combination: str, stake: int) -> float:
    """The challenged's expected gain from a second throw: the stake won or lost, plus the points."""
    results = rethrows(dice, keep)
    total = 0.0
    for result in results:
        p = meets(result, combination)
        total += stake * (2 * p - 1) + throw_points(result)
    return total / len(results)


def best_keep(dice: tuple[int, ...], combination: str, stake: int) -> tuple[int, ...]:
    return max(KEEPS, key=lambda keep: keep_value(dice, keep, combination, stake))


# ``meet_probability`` and ``mean_throw_points`` as enumerated (a test checks they still agree):
# computing them takes about a second, too long for a robot's first move.
MEET: dict[str, float] = {
    "chouette": 0.6713,
    "velute": 0.4300,
    "chouette_velute": 0.1526,
    "cul_de_chouette": 0.2020,
    "sirop_grelot": 0.0928,
}
MEAN_THROW_POINTS = 16.88


def meet_probability(combination: str) -> float:
    """How often the challenged meets ``combination`` in the two throws, keeping dice well."""
    return MEET[combination]


def enumerate_meet_probability(combination: str) -> float:
    """``meet_probability`` worked out from the dice (about a second for all five)."""
    total = 0.0
    for dice in THROWS:
        if combination != "sirop_grelot" and classify(dice).satisfies(combination):
            total += 1.0
            continue
        total += max(
            sum(meets(r, combination) for r in rethrows(dice, keep)) / 6 ** (3 - len(keep)) for keep in KEEPS
        )
    return total / len(THROWS)


def enumerate_mean_throw_points() -> float:
    """What one throw is worth to its thrower on average (the challenged's last throw counts)."""
    return sum(throw_points(d) for d in THROWS) / len(THROWS)
