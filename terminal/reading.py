"""A typed line into an Action checked against the game's vocabulary."""

from __future__ import annotations

from games.core import Action, ActionSpec, ArgSpec, ArgValue, IllegalAction


def parse_value(spec: ArgSpec, raw: str) -> ArgValue:
    if spec.type == "int":
        try:
            return int(raw)
        except ValueError:
            raise IllegalAction("bad_argument", name=spec.name) from None
    if spec.type == "ints":
        try:
            return [int(x) for x in raw.split(",") if x]
        except ValueError:
            raise IllegalAction("bad_argument", name=spec.name) from None
    if spec.type == "choice" and spec.choices and raw not in spec.choices:
        raise IllegalAction("bad_argument", name=spec.name)
    return raw


def parse_action(vocabulary: list[ActionSpec], words: list[str]) -> Action:
    """``kind arg1 arg2`` or ``kind name=value`` into an Action checked against the vocabulary."""
    if not words:
        raise IllegalAction("unknown_action")
    specs = {s.kind: s for s in vocabulary}
    spec = specs.get(words[0])
    if spec is None:
        raise IllegalAction("unknown_action", action=words[0])
    args: dict[str, ArgValue] = {}
    positional = [w for w in words[1:] if "=" not in w]
    named = dict(w.split("=", 1) for w in words[1:] if "=" in w)
    by_name = {a.name: a for a in spec.args}
    for key, raw in named.items():
        if key not in by_name:
            raise IllegalAction("bad_argument", name=key)
        args[key] = parse_value(by_name[key], raw)
    free = [a for a in spec.args if a.name not in args]
    if len(positional) > len(free):
        raise IllegalAction("bad_argument", name=positional[len(free)])
    for arg_spec, raw in zip(free, positional, strict=False):
        args[arg_spec.name] = parse_value(arg_spec, raw)
    for arg_spec in spec.args:
        if arg_spec.name not in args and not arg_spec.optional:
            raise IllegalAction("missing_argument", name=arg_spec.name)
    return Action(kind=spec.kind, args=args)
