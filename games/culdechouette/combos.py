"""What three dice make, and what it is worth: a plain function of the dice, order ignored."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["cul_de_chouette", "chouette_velute", "chouette", "velute", "suite", "neant"]

# What a Grelottine challenge or a Civet may ask for.
TARGETS: tuple[str, ...] = ("chouette", "velute", "chouette_velute", "cul_de_chouette", "suite", "neant")
CHALLENGES: tuple[str, ...] = ("chouette", "velute", "chouette_velute", "cul_de_chouette", "sirop_grelot")

NAMES: dict[str, str] = {
    "cul_de_chouette": "Cul de Chouette",
    "chouette_velute": "Chouette-Velute",
    "chouette": "Chouette",
    "velute": "Velute",
    "suite": "Suite",
    "neant": "Néant",
    "sirop_grelot": "Sirop-Grelot",
}

BIRDS: dict[int, str] = {
    1: "Linotte",
    2: "Alouette",
    3: "Fauvette",
    4: "Mouette",
    5: "Bergeronnette",
    6: "Chouette",
}


@dataclass(frozen=True)
class Combination:
    """The combination of a throw. ``value`` is the die that names it (the pair, the Velute's sum)."""

    kind: Kind
    value: int
    points: int
    suite: bool  # a Suite shout is due (1-2-3 is a Velute and a Suite at once)

    def satisfies(self, target: str) -> bool:
        """Whether this throw counts as ``target`` for a challenge or a Civet.

        A Chouette-Velute is « une Chouette + une Velute »: it counts as either. A Cul de Chouette is
        three equal dice, not a Chouette (which is exactly two).
        """
        if target == self.kind:
            return True
        if self.kind == "chouette_velute" and target in ("chouette", "velute"):
            return True
        return target == "suite" and self.suite


def chouette_points(value: int) -> int:
    return value * value


def velute_points(value: int) -> int:
    return 2 * value * value


def cul_de_chouette_points(value: int) -> int:
    return 40 + 10 * value


def classify(dice: list[int] | tuple[int, ...]) -> Combination:
    """The combination of three dice (1 to 6), in whatever order they fell."""
    if len(dice) != 3 or any(not 1 <= d <= 6 for d in dice):
        raise ValueError(f"three dice from 1 to 6 expected, got {dice!r}")
    low, mid, high = sorted(dice)
    suite = mid == low + 1 and high == mid + 1
    if low == high:
        return Combination("cul_de_chouette", low, cul_de_chouette_points(low), False)
    pair = low if low == mid else high if mid == high else None
    velute = low + mid == high
    if pair is not None and velute:
        return Combination("chouette_velute", high, velute_points(high), False)
    if pair is not None:
        return Combination("chouette", pair, chouette_points(pair), False)
    if velute:
        return Combination("velute", high, velute_points(high), suite)
    if suite:
        return Combination("suite", high, 0, True)
    return Combination("neant", 0, 0, False)


def odd_die(dice: list[int]) -> int:
    """The position of the die that is not part of a Chouette (the one to sirote)."""
    a, b, c = dice
    if a == b:
        return 2
    if a == c:
        return 1
    return 0


def stake_limit(challenge: str, lowest_score: int) -> int:
    """The most a grelottin may stake: ⌈lowest score × rate⌉ (33 % read as one third)."""
    num, den = {
        "chouette": (1, 3),
        "velute": (25, 100),
        "cul_de_chouette": (12, 100),
        "chouette_velute": (6, 100),
        "sirop_grelot": (3, 100),
    }[challenge]
    return -(-lowest_score * num // den)
