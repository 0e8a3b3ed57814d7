"""What a game's table says, in a reader's language: the one place the bot and the terminal table
ask for a game's words (its events, its summary, its refusals, the help of its actions).

The rules packages (``games/``) emit events and error codes and write no sentence; each game's words
are ``speech/<game>.py`` (a ``WORDS`` object, a ``GameWords``) over the catalogue ``<game>.po``.
"""

from __future__ import annotations

import importlib
from typing import Any

from games.core import ActionSpec, ArgSpec, BaseState, Event, Game, IllegalAction, PlayerId
from games.core import registry as games
from games.core.values import fold, fold_value

from .catalogue import has, languages, t, tn

Names = dict[PlayerId, str]

# Each game's words; a game not listed (a test's toy game) speaks through the ``GameWords`` base.
_MODULES: dict[str, str] = {
    "culdechouette": "speech.culdechouette",
    "cabane": "speech.cabane",
    "ludicitude": "speech.ludicitude",
    "chevre": "speech.chevre",
    "barricade": "speech.barricade",
}


class GameWords:
    """A game's words. This base says what any game can be told about from codes alone (the scores,
    whose turn it is, the shared refusals ``error.<code>``, the actions every game has
    ``action.<kind>``) and looks the game's own ids up first (``<game>.error.<code>``,
    ``<game>.action.<kind>``); a game's ``speech`` module adds its events and its own summary."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def describe(self, event: Event, names: Names, lang: str) -> str:
        """One event in words a player understands. Here: the event's code and data, for a game without
        words of its own (a test's toy game); every real game's module says its events."""
        return f"{event.kind} {event.data}"

    def summary(self, state: BaseState, names: Names, lang: str) -> str:
        """A few lines: the scores and whose turn it is (the terminal table prints it)."""

        def listed(players: list[PlayerId]) -> str:
            return ", ".join(names.get(p, p) for p in players)

        lines = [t(lang, "summary.score", player=names.get(p, p), score=s) for p, s in self.game.scores(state).items()]
        waiting = self.game.to_act(state)
        if state.over:
            lines.append(tn(lang, "summary.over", len(state.winners), winners=listed(state.winners)))
        elif waiting:
            lines.append(t(lang, "summary.waiting", players=listed(waiting)))
        return "\n".join(lines)

    def explain(self, error: IllegalAction, lang: str) -> str:
        """Why an action was refused: ``<game>.error.<code>``, else the shared ``error.<code>``, else
        a sentence naming the code (a code no catalogue has yet)."""
        keys = [f"{self.game.name}.error.{error.code}", f"error.{error.code}"]
        if bounded := _bounds_said(error):
            keys.insert(1, f"error.{error.code}.{bounded}")
        for key in keys:
            if has(lang, key) or has("fr", key):
                try:
                    return t(lang, key, **error.params)
                except (KeyError, IndexError, ValueError):
                    break
        return t(lang, "error.refused", code=error.code)

    def action_help(self, spec: ActionSpec, lang: str) -> str:
        """What an action does, for a button's label, a form or the terminal's ``aide``."""
        # The game's own words, else those of the actions every game has (quitter, expulser, tick).
        for key in (f"{self.game.name}.action.{spec.kind}", f"action.{spec.kind}"):
            if has(lang, key) or has("fr", key):
                return t(lang, key)
        return spec.help  # a game without a catalogue (a test's toy game) may carry its own words here

    def argument_help(self, spec: ActionSpec, arg: ArgSpec, lang: str) -> str:
        for key in (f"{self.game.name}.action.{spec.kind}.{arg.name}", f"action.{spec.kind}.{arg.name}"):
            if has(lang, key) or has("fr", key):
                return t(lang, key)
        return arg.help

    def choice_word(self, arg: ArgSpec, choice: str, lang: str) -> str:
        """How a reader says one of an argument's choices (``<game>.choice.<arg>.<choice>``: Chèvre's
        « gauche » is “left” in English), else the choice itself."""
        key = f"{self.game.name}.choice.{arg.name}.{choice}"
        return t(lang, key) if has(lang, key) or has("fr", key) else choice

    def choice_of(self, arg: ArgSpec, typed: str) -> str | None:
        """The choice a typed word stands for, in any language (case, accents and decoration aside:
        ``values.fold_value``), or None."""
        wanted = fold_value(typed)
        for choice in arg.choices:
            if wanted == fold(choice) or any(wanted == fold(self.choice_word(arg, choice, lang)) for lang in languages()):
                return choice
        return None

    def option_help(self, name: str, lang: str) -> str:
        """What a table option means (``<game>.option.<name>``, else the option's own description)."""
        key = f"{self.game.name}.option.{name}"
        if has(lang, key) or has("fr", key):
            return t(lang, key)
        field = self.game.options_model.model_fields.get(name)
        return (field.description or "") if field is not None else ""


_WORDS: dict[str, GameWords] = {}


def words_of(game: Game[Any] | str) -> GameWords:
    """The words of ``game`` (a game or its registered name)."""
    found = games.get(game) if isinstance(game, str) else game
    words = _WORDS.get(found.name)
    if words is None:
        module = _MODULES.get(found.name)
        words = importlib.import_module(module).WORDS if module else GameWords(found)
        _WORDS[found.name] = words
    return words


def _bounds_said(error: IllegalAction) -> str | None:
    """Which of a number's bounds a refusal carries (``range``, ``at_least``, ``at_most``), to say
    them: « mise » de 1 à 102 rather than only « Argument invalide »."""
    low, high = "low" in error.params, "high" in error.params
    if low and high:
        return "range"
    return "at_least" if low else "at_most" if high else None
