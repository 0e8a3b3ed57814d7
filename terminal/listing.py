"""``python -m games actions <game> [--lang en]``: a game's vocabulary and options, in the chosen
language (the game's words from ``speech``, the listing's own from terminal.po)."""

from __future__ import annotations

from typing import Any, TextIO

from games.core import ArgSpec, Game
from speech import SOURCE, t, words_of


def _bounds(lang: str, arg: ArgSpec) -> str:
    if arg.minimum is not None and arg.maximum is not None:
        return " " + t(lang, "terminal.actions.range", low=arg.minimum, high=arg.maximum)
    if arg.minimum is not None:
        return " " + t(lang, "terminal.actions.at_least", low=arg.minimum)
    if arg.maximum is not None:
        return " " + t(lang, "terminal.actions.at_most", high=arg.maximum)
    return ""


def print_vocabulary(game: Game[Any], out: TextIO, lang: str = SOURCE) -> None:
    words = words_of(game)
    out.write(t(lang, "terminal.actions.title", game=game.title, name=game.name) + "\n")
    for spec in game.full_vocabulary():
        args = " ".join(f"[{a.name}]" if a.optional else f"<{a.name}>" for a in spec.args)
        who = t(lang, f"terminal.actions.who.{spec.who}")
        out.write(f"  {spec.kind} {args}".rstrip() + f"  ({who}) — {words.action_help(spec, lang)}\n")
        for a in spec.args:
            detail = words.argument_help(spec, a, lang)
            if a.choices:
                detail += f" [{' | '.join(a.choices)}]"
            detail += _bounds(lang, a)
            out.write(t(lang, "terminal.actions.argument", name=a.name, type=a.type, detail=detail) + "\n")
    out.write(t(lang, "terminal.actions.options") + "\n")
    for key, field in game.options_model.model_fields.items():
        out.write(f"  {key} = {field.default!r}  {words.option_help(key, lang)}\n")
