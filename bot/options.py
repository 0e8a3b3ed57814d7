"""Game options typed in /jouer as ``clé=valeur`` words, checked against the game's options model."""

from __future__ import annotations

import shlex
from typing import Any

from pydantic import BaseModel

from games.core import Game

from .sessions import TableError

_WORDS = {"oui": "true", "non": "false", "vrai": "true", "faux": "false"}


def parse_options(game: Game[Any], text: str | None) -> dict[str, Any]:
    """``negatives=false strict=oui`` into raw values; unknown keys and broken words are refused
    here, bad values by the game's options model when the table opens."""
    if not text or not text.strip():
        return {}
    fields = game.options_model.model_fields
    try:
        words = shlex.split(text.replace(",", " "))
    except ValueError as error:
        raise TableError("bad_options", game=game.title, detail=str(error)) from None
    out: dict[str, Any] = {}
    for word in words:
        key, sep, value = word.partition("=")
        key = key.strip()
        if not sep or not key:
            raise TableError("bad_options", game=game.title, detail=f"« {word} » : attendu clé=valeur")
        if key not in fields:
            known = ", ".join(fields) or "aucune"
            raise TableError(
                "bad_options", game=game.title, detail=f"option inconnue « {key} » (options : {known})"
            )
        out[key] = _WORDS.get(value.strip().lower(), value.strip())
    return out


def describe_options(model: type[BaseModel]) -> list[str]:
    """``clé=défaut — description`` for each option (autocomplete and /aide)."""
    out = []
    for key, field in model.model_fields.items():
        default = field.default
        shown = ("true" if default else "false") if isinstance(default, bool) else default
        line = f"{key}={shown}"
        if field.description:
            line += f" — {field.description}"
        out.append(line)
    return out


def typed_options(game: Game[Any], chosen: dict[str, Any]) -> dict[str, Any]:
    """The typed /jouer choices that were set, refused when this game has no such option."""
    fields = game.options_model.model_fields
    out: dict[str, Any] = {}
    for key, value in chosen.items():
        if value is None:
            continue
        if key not in fields:
            raise TableError(
                "bad_options", game=game.title, detail=f"l'option « {key} » n'existe pas pour ce jeu"
            )
        out[key] = value
    return out
