"""The 28 dominos, written « a-b » with a ≤ b, and what a player counts on them."""

from __future__ import annotations

import re

Tile = str  # canonical « a-b », a ≤ b
Placed = tuple[int, int]  # a tile as it lies in the chain, read from the gauche end to the droite end

ALL_TILES: list[Tile] = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]
DOUBLE_ZERO: Tile = "0-0"
# A lone 0-0 left in a hand counts this much (the rules' « considéré comme 10 points »).
LONE_DOUBLE_ZERO_POINTS = 10

_WRITTEN = re.compile(r"^\s*([0-6])\s*[-:/|]\s*([0-6])\s*$")


def make(a: int, b: int) -> Tile:
    low, high = sorted((a, b))
    return f"{low}-{high}"


def parse(text: str) -> Tile | None:
    """The canonical tile for what a player typed (« 5-3 », « 3:5 »…), None when it is no tile."""
    match = _WRITTEN.match(text)
    if match is None:
        return None
    return make(int(match.group(1)), int(match.group(2)))


# Every « a-b » of two numbers 0-6, either order: read at every legal move and every view.
_VALUES: dict[str, tuple[int, int]] = {f"{a}-{b}": (a, b) for a in range(7) for b in range(7)}


def values(tile: Tile) -> tuple[int, int]:
    known = _VALUES.get(tile)
    if known is not None:
        return known
    low, high = tile.split("-")
    return int(low), int(high)


def is_double(tile: Tile) -> bool:
    a, b = values(tile)
    return a == b


def pips(tile: Tile) -> int:
    a, b = values(tile)
    return a + b


def hand_points(hand: list[Tile]) -> int:
    """What a hand counts at the end of a round: its pips, except that a lone 0-0 counts 10."""
    if hand == [DOUBLE_ZERO]:
        return LONE_DOUBLE_ZERO_POINTS
    return sum(pips(t) for t in hand)


def has_value(tile: Tile, value: int) -> bool:
    return value in values(tile)


def sort_key(tile: Tile) -> tuple[int, int]:
    return values(tile)
