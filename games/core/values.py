"""A typed value read against its argument's spec: what a player types in a form (the bot) or on a
line (the terminal table) becomes the action's argument, or the game's refusal code.

One reading for every place a value is typed: numbers (one, or several separated by commas or
spaces), a player by id, name or Discord mention, one of a list of choices, a free word (a tile
« 3-5 », a point « B4 »: the game reads it). Pure: no sentence in any language here; how a choice
is said in the readers' languages is the caller's (``speech``'s ``GameWords.choice_of``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping

from .errors import IllegalAction
from .model import ArgSpec, ArgValue, PlayerId

# Marks that decorate a word and never change its meaning (« droite ! »).
DECORATION = "!?.,;:«»\"“”…"

# How the readers' languages say a choice: the choice ``typed`` stands for, or None.
ChoiceWords = Callable[[ArgSpec, str], "str | None"]


def fold(word: str) -> str:
    """A word folded for comparison: lower case, no accents, apostrophes, dashes and spaces as ``_``."""
    decomposed = unicodedata.normalize("NFD", word.strip(DECORATION).lower())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    for mark in ("'", "’", "-", " "):
        bare = bare.replace(mark, "_")
    return bare


def read_value(
    arg: ArgSpec,
    raw: str,
    players: Mapping[PlayerId, str] | None = None,
    *,
    strict: bool = True,
    choice_words: ChoiceWords | None = None,
) -> ArgValue:
    """``raw`` as ``arg``'s value, or ``IllegalAction`` (bad_argument, unknown_player).

    ``players``: who may be named (id → name shown). ``strict``: the value must be one the spec
    allows (within its bounds, at least one number, a player at the table), checked before the game
    sees it (a form); not strict, those are left to the game, whose refusal says more (the terminal
    table: « la mise va jusqu'à 102 »). ``choice_words``: a choice said in another language."""
    if arg.type in {"int", "ints"}:
        return _numbers(arg, raw, strict)
    if arg.type == "player":
        return _player(raw, players or {}, strict)
    if arg.type == "choice" and arg.choices:
        choice = _choice(arg, raw, choice_words)
        if choice is None:
            raise IllegalAction("bad_argument", name=arg.name)
        return choice
    return raw


def _numbers(arg: ArgSpec, raw: str, strict: bool) -> ArgValue:
    try:
        numbers = [int(x) for x in raw.replace(",", " ").split()]
    except ValueError:
        raise IllegalAction("bad_argument", name=arg.name) from None
    if arg.type == "int" and len(numbers) != 1:
        raise IllegalAction("bad_argument", name=arg.name)
    if strict and not numbers:
        raise IllegalAction("bad_argument", name=arg.name)
    if strict and any(not within(arg, n) for n in numbers):
        # The bounds go with the refusal, so that it can say them (« de 1 à 102 »).
        bounds = {"low": arg.minimum, "high": arg.maximum}
        raise IllegalAction("bad_argument", name=arg.name, **{k: v for k, v in bounds.items() if v is not None})
    return numbers[0] if arg.type == "int" else numbers


def within(arg: ArgSpec, number: int) -> bool:
    """Whether ``number`` is within ``arg``'s bounds (either may be absent)."""
    return (arg.minimum is None or number >= arg.minimum) and (arg.maximum is None or number <= arg.maximum)


def fold_value(raw: str) -> str:
    """A value typed whole (maybe several words, « Droite ! »), folded for comparison."""
    return fold(raw.strip(" \t\n" + DECORATION))


def _player(raw: str, players: Mapping[PlayerId, str], strict: bool) -> PlayerId:
    wanted = fold_value(raw.strip().strip("<@!>"))
    for player, name in players.items():
        if wanted in {fold(player), fold(name)}:
            return player
    if strict:
        raise IllegalAction("unknown_player", player=raw)
    return raw  # the game says who is not at the table


def _choice(arg: ArgSpec, raw: str, choice_words: ChoiceWords | None) -> str | None:
    wanted = fold_value(raw)
    for choice in arg.choices:
        if fold(choice) == wanted:
            return choice
    return choice_words(arg, raw) if choice_words is not None else None
