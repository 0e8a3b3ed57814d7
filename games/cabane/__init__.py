"""La Cabane sul' Dos: la Bataille avec 1 dé, and the jeu à 2 dés (débroussaillage, 10 coups, bataille)."""

from .faces import FACE_NAMES, FACES, Face, dice_values, face_of, value_of
from .game import GAME, Cabane
from .state import CabaneOptions, CabaneState

__all__ = [
    "FACES",
    "FACE_NAMES",
    "GAME",
    "Cabane",
    "CabaneOptions",
    "CabaneState",
    "Face",
    "dice_values",
    "face_of",
    "value_of",
]
