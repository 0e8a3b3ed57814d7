"""Laying tiles on the chain: which end a tile fits, how it turns, when the chain is closed."""

from __future__ import annotations

from .events import Side
from .state import ChevreState
from .tiles import Placed, Tile, has_value, values

SIDES: list[Side] = ["gauche", "droite"]
VALUES_PER_NUMBER = 7  # tiles carrying a given number of pips: six with another number, one double


def fitting_sides(state: ChevreState, tile: Tile) -> list[Side]:
    """The ends this tile can be laid on (both ends for a tile fitting either; none on an empty chain)."""
    ends = state.ends()
    if ends is None:
        return []
    left, right = ends
    out: list[Side] = []
    if has_value(tile, left):
        out.append("gauche")
    if has_value(tile, right):
        out.append("droite")
    return out


def playable(state: ChevreState, hand: list[Tile]) -> bool:
    return any(fitting_sides(state, t) for t in hand)


def lay(state: ChevreState, tile: Tile, side: Side | None) -> None:
    """Puts the tile on the chain, turned so that its touching half matches the end."""
    a, b = values(tile)
    ends = state.ends()
    if ends is None:
        state.chain.append((a, b))
        return
    if side == "gauche":
        end = ends[0]
        placed: Placed = (a, b) if b == end else (b, a)
        state.chain.insert(0, placed)
    else:
        end = ends[1]
        placed = (a, b) if a == end else (b, a)
        state.chain.append(placed)


def closed(state: ChevreState) -> bool:
    """Both ends show the same number and all seven tiles with that number are on the chain."""
    ends = state.ends()
    if ends is None or ends[0] != ends[1]:
        return False
    number = ends[0]
    return sum(1 for a, b in state.chain if number in (a, b)) == VALUES_PER_NUMBER
