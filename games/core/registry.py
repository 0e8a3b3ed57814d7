"""Games by name. Imported lazily so that one game's import never slows or breaks another."""

from __future__ import annotations

import importlib
from typing import Any

from .game import Game

_MODULES: dict[str, str] = {
    "culdechouette": "games.culdechouette",
    "cabane": "games.cabane",
    "chevre": "games.chevre",
    "barricade": "games.barricade",
    "ludicitude": "games.ludicitude",
}


def names() -> list[str]:
    return list(_MODULES)


def get(name: str) -> Game[Any]:
    """The game registered under ``name`` (its module exposes ``GAME``)."""
    try:
        module_name = _MODULES[name]
    except KeyError:
        raise KeyError(f"jeu inconnu : {name!r} (jeux : {', '.join(_MODULES)})") from None
    module = importlib.import_module(module_name)
    game: Game[Any] = module.GAME
    return game


def available() -> dict[str, Game[Any]]:
    """The games whose module imports (all five once the project is complete)."""
    out: dict[str, Game[Any]] = {}
    for name in _MODULES:
        try:
            out[name] = get(name)
        except ImportError:
            continue
    return out
