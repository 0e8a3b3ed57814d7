"""What may be set aside after a throw: the choices, and the check of one choice.

A choice is three numbers: how many 1s (pairs of them are stacked, as the text says: « on empile
ces 2 dés »), how many 2s kept as double rabbits, and which clapier (0 for none). The clapier can
only be the next step of the pile: a 2 to start it, then a 3, a 4, a 5.
"""

from __future__ import annotations

from typing import NamedTuple

from games.core import IllegalAction

from .faces import CLAPIERS, DOUBLE, LAPIN
from .situation import Situation


class Choice(NamedTuple):
    lapins: int
    doubles: int
    clapier: int


class Bounds(NamedTuple):
    """What a table can offer as three selects: 0..lapins, 0..doubles, one of clapiers (0: none)."""

    lapins: int
    doubles: int
    clapiers: list[int]


def bounds(table: list[int], situation: Situation) -> Bounds:
    following = situation.next_clapier()
    clapiers = [0] + ([following] if following is not None and following in table else [])
    return Bounds(table.count(LAPIN), table.count(DOUBLE), clapiers)


def choices(table: list[int], situation: Situation) -> list[Choice]:
    """Every distinct legal choice, the most dice set aside first."""
    limits = bounds(table, situation)
    out: list[Choice] = []
    for clapier in limits.clapiers:
        doubles_max = limits.doubles - (1 if clapier == DOUBLE else 0)
        for lapins in range(limits.lapins, -1, -1):
            for doubles in range(doubles_max, -1, -1):
                if lapins + doubles > 0:
                    out.append(Choice(lapins, doubles, clapier))
    return out


def check(table: list[int], situation: Situation, choice: Choice) -> None:
    """Raises IllegalAction unless ``choice`` may be set aside from ``table`` now."""
    lapins, doubles, clapier = choice
    if lapins < 0 or doubles < 0:
        raise IllegalAction("bad_argument", name="lapins" if lapins < 0 else "doubles")
    if lapins + doubles == 0:
        raise IllegalAction("pas_de_lapin")
    if lapins > table.count(LAPIN):
        raise IllegalAction("trop_de_lapins", demandes=lapins, disponibles=table.count(LAPIN))
    if clapier != 0:
        if clapier not in CLAPIERS:
            raise IllegalAction("bad_argument", name="clapier")
        if clapier not in table:
            raise IllegalAction("clapier_absent", clapier=clapier)
        following = situation.next_clapier()
        if following is None:
            raise IllegalAction("clapiers_complets")
        if clapier <= situation.top_clapier():
            raise IllegalAction("clapier_ordre", clapier=clapier, sommet=situation.top_clapier())
        if not situation.clapiers and clapier != following:
            raise IllegalAction("clapier_premier", clapier=clapier)
        if clapier != following:
            raise IllegalAction(
                "clapier_saute", clapier=clapier, sommet=situation.top_clapier(), attendu=following
            )
    twos = table.count(DOUBLE) - (1 if clapier == DOUBLE else 0)
    if doubles > twos:
        raise IllegalAction("trop_de_doubles", demandes=doubles, disponibles=twos)


def take(table: list[int], situation: Situation, choice: Choice) -> None:
    """Moves the chosen dice from ``table`` to ``situation`` (``check`` first)."""
    lapins, doubles, clapier = choice
    situation.stacks += lapins // 2
    situation.singles += lapins % 2
    situation.doubles += doubles
    for face, count in ((LAPIN, lapins), (DOUBLE, doubles)):
        for _ in range(count):
            table.remove(face)
    if clapier:
        table.remove(clapier)
        situation.clapiers.append(clapier)
