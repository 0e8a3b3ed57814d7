"""Per-game presentation plug-ins: ``bot/tables/<game>.py`` exposes ``PRESENTER``; others get the
generic ``Presenter`` built from the game's legal actions and vocabulary."""

from __future__ import annotations

import importlib
import logging
from typing import Any

from games.core import Game

from .base import Offer, Presenter, mention, timestamp

log = logging.getLogger(__name__)

_CACHE: dict[int, Presenter] = {}


def presenter_for(game: Game[Any]) -> Presenter:
    """The game's own presenter when ``bot.tables.<name>`` exists, else the generic one."""
    cached = _CACHE.get(id(game))
    if cached is not None:
        return cached
    presenter: Presenter | None = None
    module_name = f"{__name__}.{game.name}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            log.exception("le présentateur de %s ne se charge pas", game.name)
    except Exception:
        # A broken presenter must not make its game unplayable: the generic one takes over.
        log.exception("le présentateur de %s ne se charge pas", game.name)
    else:
        candidate = getattr(module, "PRESENTER", None)
        if isinstance(candidate, Presenter) and candidate.game.name == game.name:
            presenter = candidate
    if presenter is None:
        presenter = Presenter(game)
    _CACHE[id(game)] = presenter
    return presenter


__all__ = ["Offer", "Presenter", "mention", "presenter_for", "timestamp"]
