"""The core every game is built on: state, actions, events, dice, errors, registry."""

from .dice import Dice
from .errors import IllegalAction
from .game import COMMON_VOCABULARY, LEAVE, REMOVE, TICK, Game
from .model import SYSTEM, Action, ActionSpec, ArgSpec, ArgValue, BaseState, Event, OpenView, PlayerId, offer

__all__ = [
    "COMMON_VOCABULARY",
    "LEAVE",
    "REMOVE",
    "SYSTEM",
    "TICK",
    "Action",
    "ActionSpec",
    "ArgSpec",
    "ArgValue",
    "BaseState",
    "Dice",
    "Event",
    "Game",
    "IllegalAction",
    "OpenView",
    "PlayerId",
    "offer",
]
