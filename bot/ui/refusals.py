"""A game's refusal in the words of the table: the players it names by their display names.

Games raise ``IllegalAction`` with player ids in their parameters (« c'est à {current} de lancer »):
an id means nothing to a player, so every parameter holding a seated (or known) player's id, or a
list of them, is replaced by the display name before the game's sentence is filled in.
"""

from __future__ import annotations

from typing import Any

from games.core import IllegalAction
from speech import words_of

from ..sessions import Session


def with_names(session: Session, error: IllegalAction) -> IllegalAction:
    """The same refusal, its player ids turned into display names."""
    known = set(session.players) | set(session.rec.names)

    def named(value: Any) -> Any:
        if isinstance(value, str) and value in known:
            return session.name(value)
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            if any(v in known for v in value):
                return ", ".join(session.name(v) if v in known else v for v in value)
        return value

    return IllegalAction(error.code, **{key: named(value) for key, value in error.params.items()})


def explain(session: Session, error: IllegalAction, lang: str) -> str:
    """The game's sentence for ``error`` in ``lang``, naming players as the table shows them."""
    return words_of(session.game).explain(with_names(session, error), lang)
