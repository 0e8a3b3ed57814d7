"""Ludicitude: seven dice of rabbits, clapiers and carrots; stop or throw again; 333 wins."""

from .game import GAME, Ludicitude, turn_points, value_left
from .setaside import Bounds, Choice, bounds, choices
from .situation import Situation, score
from .state import LudicitudeOptions, LudicitudeState

__all__ = [
    "GAME",
    "Bounds",
    "Choice",
    "Ludicitude",
    "LudicitudeOptions",
    "LudicitudeState",
    "Situation",
    "bounds",
    "choices",
    "score",
    "turn_points",
    "value_left",
]
