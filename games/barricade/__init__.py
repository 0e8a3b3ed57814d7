"""Barricade / Ruée vers l'or: five miners per colour race through barriers to the gold mine."""

from .board import Board, load_board
from .game import GAME, Barricade
from .moves import Move
from .numbering import Destination, numbered_destinations
from .state import BarricadeState

__all__ = [
    "GAME",
    "Barricade",
    "BarricadeState",
    "Board",
    "Destination",
    "Move",
    "load_board",
    "numbered_destinations",
]
