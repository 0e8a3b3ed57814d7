"""Barricade / Ruée vers l'or: five miners per colour race through barriers to the gold mine."""

from .board import Board, load_board
from .game import GAME, Barricade
from .moves import Move
from .numbering import Destination, barrier_spots_by_row, numbered_destinations
from .state import BarricadeState

__all__ = [
    "GAME",
    "Barricade",
    "BarricadeState",
    "Board",
    "Destination",
    "Move",
    "barrier_spots_by_row",
    "load_board",
    "numbered_destinations",
]
