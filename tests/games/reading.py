"""How a game's tests read what the table says: its events, its summary, its refusals, in the words
of speech/ (the game's catalogues), with no player names (ids as they are)."""

from __future__ import annotations

from typing import Any

from games.core import BaseState, Event, Game, IllegalAction
from speech import words_of


class Reading:
    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def words(self, event: Event, lang: str = "fr") -> str:
        """What the table says of ``event``."""
        return words_of(self.game).describe(event, {}, lang)

    def summary(self, state: BaseState, lang: str = "fr") -> str:
        return words_of(self.game).summary(state, {}, lang)

    def refusal(self, error: IllegalAction, lang: str = "fr") -> str:
        """Why the table refuses an action, as the player reads it."""
        return words_of(self.game).explain(error, lang)
