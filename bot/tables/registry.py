"""Which presenter draws which game: an explicit table, checked when the bot starts.

Every game the bot seats needs an entry: its own presenter (``PRESENTER`` in the module named
here), or the generic one, asked for by name with ``register``. A game without one, or whose
presenter does not load or cannot draw a table just started, stops the bot at start with a message
naming the game: a table must never find out in play that its drawing is broken.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from games.core import Game

from ..sessions import Session
from ..store import PLAYING, SessionRecord
from .base import Presenter

# The games' own presenters: game name -> module exposing ``PRESENTER``.
MODULES: dict[str, str] = {
    "culdechouette": "bot.tables.culdechouette",
    "cabane": "bot.tables.cabane",
    "chevre": "bot.tables.chevre",
    "barricade": "bot.tables.barricade",
    "ludicitude": "bot.tables.ludicitude",
}

_GENERIC: set[str] = set()  # games drawn by the generic presenter, on purpose
_LOADED: dict[str, Presenter[Any]] = {}
_GENERIC_BUILT: dict[int, Presenter[Any]] = {}


class PresenterError(Exception):
    """A game the bot would seat has no presenter, or a broken one (the message says which)."""


def register(game: Game[Any]) -> None:
    """Draw ``game`` with the generic presenter (a game with no table of its own: test games)."""
    if game.name in MODULES:
        raise PresenterError(f"le jeu « {game.name} » a déjà son présentateur ({MODULES[game.name]})")
    _GENERIC.add(game.name)


def presenter_for(game: Game[Any]) -> Presenter[Any]:
    """The game's presenter; raises ``PresenterError`` when it has none or it does not load."""
    if game.name in _GENERIC:
        generic = _GENERIC_BUILT.get(id(game))
        if generic is None:
            generic = _GENERIC_BUILT[id(game)] = Presenter(game)
        return generic
    loaded = _LOADED.get(game.name)
    if loaded is not None:
        return loaded
    module_name = MODULES.get(game.name)
    if module_name is None:
        raise PresenterError(
            f"le jeu « {game.name} » n'a pas de présentateur : ajoutez-le à bot.tables.registry.MODULES "
            "(ou bot.tables.register(jeu) pour la table générique)"
        )
    try:
        module = importlib.import_module(module_name)
    except Exception as error:
        raise PresenterError(
            f"le présentateur de « {game.name} » ({module_name}) ne se charge pas : {error!r}"
        ) from error
    presenter = getattr(module, "PRESENTER", None)
    if not isinstance(presenter, Presenter) or presenter.game.name != game.name:
        raise PresenterError(f"{module_name} n'expose pas de PRESENTER pour « {game.name} »")
    _LOADED[game.name] = presenter
    return presenter


def check_presenters(games: Mapping[str, Game[Any]]) -> None:
    """Loads every game's presenter and draws a table just started, as the channel and as its first
    player see it; raises ``PresenterError`` naming the first game that cannot be drawn."""
    for name, game in games.items():
        presenter = presenter_for(game)
        try:
            draw_a_new_table(presenter, game)
        except Exception as error:
            raise PresenterError(
                f"le présentateur de « {name} » ne dessine pas une table : {error!r}"
            ) from error


def draw_a_new_table(presenter: Presenter[Any], game: Game[Any]) -> None:
    players = [str(100 + i) for i in range(game.min_players)]
    state, _ = game.start(players, seed=0)
    names = {p: f"Joueur {p}" for p in players}
    rec = SessionRecord(channel_id=0, game=game.name, host_id=players[0], names=names, status=PLAYING)
    session = Session(rec=rec, game=game, state=state)
    presenter.table_view(session, [])  # the pictures are drawn at the first click, not at start
    presenter.private(session, players[0])
    presenter.private_view(session, players[0])
    presenter.shown(session, None)
