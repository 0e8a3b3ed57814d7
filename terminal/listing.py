"""``python -m games actions <game>``: a game's vocabulary and options in French."""

from __future__ import annotations

from typing import Any, TextIO

from games.core import Game
from speech import SOURCE, words_of


def print_vocabulary(game: Game[Any], out: TextIO) -> None:
    words = words_of(game)
    out.write(f"{game.title} — actions ({game.name})\n")
    for spec in game.full_vocabulary():
        args = " ".join(f"[{a.name}]" if a.optional else f"<{a.name}>" for a in spec.args)
        who = {"turn": "à son tour", "any": "n'importe qui", "system": "la table"}[spec.who]
        out.write(f"  {spec.kind} {args}".rstrip() + f"  ({who}) — {words.action_help(spec, SOURCE)}\n")
        for a in spec.args:
            detail = words.argument_help(spec, a, SOURCE)
            if a.choices:
                detail += f" [{' | '.join(a.choices)}]"
            if a.minimum is not None and a.maximum is not None:
                detail += f" ({a.minimum} à {a.maximum})"
            elif a.minimum is not None:
                detail += f" (au moins {a.minimum})"
            elif a.maximum is not None:
                detail += f" (au plus {a.maximum})"
            out.write(f"      {a.name} : {a.type}. {detail}\n")
    out.write("Options (--option clé=valeur) :\n")
    for key, field in game.options_model.model_fields.items():
        out.write(f"  {key} = {field.default!r}  {words.option_help(key, SOURCE)}\n")
