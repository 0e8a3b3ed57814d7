"""The numbered destinations of the current throw: the numbers drawn on the board and on buttons."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Action

from .game import GAME
from .moves import free_points
from .state import BarricadeState


@dataclass(frozen=True)
class Destination:
    number: int
    # 1 to 5, as players count their miners.
    miner: int
    point: int
    path: tuple[int, ...]
    bounce: bool
    action: Action


def numbered_destinations(state: BarricadeState) -> list[Destination]:
    """Each move of the current throw with its number (1, 2, …) in the order of ``legal_actions``."""
    return [
        Destination(
            number=n,
            miner=m.miner + 1,
            point=m.destination,
            path=m.path,
            bounce=m.bounce,
            action=Action(kind="deplacer", args={"mineur": m.miner + 1, "destination": m.destination}),
        )
        for n, m in enumerate(GAME.moves(state), start=1)
    ]


def barrier_spots_by_row(state: BarricadeState) -> dict[str, list[int]]:
    """The free points for a pending barrier, by row letter (A at the start line, J below the mine).

    No row holds more than 25 points, so each row fits one Discord select menu.
    """
    board = GAME.board
    rows: dict[str, list[int]] = {}
    if state.phase != "barriere":
        return rows
    for point in free_points(state, board):
        rows.setdefault(board.label(point)[0], []).append(point)
    return rows
