"""Legal actions written back as the exact lines a player types, for ``aide`` and the refusals."""

from __future__ import annotations

from typing import Any

from games.core import Action, ActionSpec, ArgValue, Game, PlayerId


def value_text(game: Game[Any], name: str, value: ArgValue) -> str:
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    if game.name == "barricade" and name in ("destination", "point") and isinstance(value, int):
        # Points as the board and the picture name them, not their ids.
        board = game.board  # type: ignore[attr-defined]
        return "mine" if value == board.mine else str(board.label(value))
    return str(value)


def action_words(game: Game[Any], spec: ActionSpec | None, action: Action) -> str:
    """``kind a b`` in the vocabulary's order; ``name=value`` once an optional argument is left out."""
    if spec is None:
        return str(action)
    parts = [action.kind]
    named = False
    for arg in spec.args:
        value = action.args.get(arg.name)
        if value is None or value == []:
            named = True
            continue
        text = value_text(game, arg.name, value)
        parts.append(f"{arg.name}={text}" if named else text)
    return " ".join(parts)


def typed_line(game: Game[Any], player: PlayerId, action: Action) -> str:
    specs = {s.kind: s for s in game.full_vocabulary()}
    return f"{player} {action_words(game, specs.get(action.kind), action)}"


def usage(spec: ActionSpec) -> str:
    """``kind <needed> [optional]``, as ``python -m games actions`` lists it."""
    args = " ".join(f"[{a.name}]" if a.optional else f"<{a.name}>" for a in spec.args)
    return f"{spec.kind} {args}".rstrip()
