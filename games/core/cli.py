"""Local play in a terminal, which is also the scenario runner.

``python -m games play <game> --players A,B,C`` reads one action per line on standard input:
``<player> <action> [args] [@<ms>]``. Arguments go in the vocabulary's order or as ``name=value``.
``attendre`` (or ``* tick``) lets time pass to the next deadline. ``--json`` prints one JSON object
per event, then the final state.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys
from typing import Any, TextIO

from . import registry
from .autoplay import choose
from .errors import IllegalAction
from .game import TICK, Game
from .model import SYSTEM, Action, ActionSpec, ArgSpec, ArgValue, BaseState, Event

WAIT_WORDS = {"attendre", "wait"}


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


class Runner:
    """Feeds lines to a game and prints what happens, as text or as JSON lines."""

    def __init__(self, game: Game[Any], state: BaseState, out: TextIO, as_json: bool) -> None:
        self.game = game
        self.state = state
        self.out = out
        self.as_json = as_json
        self.now = 0
        self.vocabulary = game.full_vocabulary()

    def emit_events(self, events: list[Event]) -> None:
        for event in events:
            if self.as_json:
                record: dict[str, Any] = {"t": self.now, "event": event.kind, **event.data}
                if event.to is not None:
                    record["to"] = event.to
                self.out.write(json.dumps(record, ensure_ascii=False) + "\n")
            else:
                prefix = f"[privé → {', '.join(event.to)}] " if event.to is not None else ""
                self.out.write(prefix + self.game.describe(event) + "\n")

    def emit_error(self, error: IllegalAction) -> None:
        if self.as_json:
            record = {"t": self.now, "error": error.code, "params": error.params}
            self.out.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")
        else:
            self.out.write(f"Refusé : {self.game.explain(error)}\n")

    def act(self, player: str, action: Action, at: int | None) -> None:
        if at is not None:
            self.now = max(self.now, at) if action.kind == TICK else at
        try:
            before = self.state.turn_no
            self.state, events = self.game.apply(self.state, player, action, self.now)
        except IllegalAction as error:
            self.emit_error(error)
            return
        self.emit_events(events)
        if not self.as_json and (self.state.turn_no != before or self.state.over):
            self.out.write(self.game.summary(self.state) + "\n")

    def line(self, text: str) -> None:
        text = text.strip()
        if not text or text.startswith("#"):
            return
        at: int | None = None
        words = shlex.split(text)
        if words and words[-1].startswith("@"):
            try:
                at = int(words.pop()[1:])
            except ValueError:
                self.emit_error(IllegalAction("bad_argument", name="@ms"))
                return
        if words and words[0] in WAIT_WORDS:
            words = [SYSTEM, TICK]
        if words[:2] == [SYSTEM, TICK] and at is None:
            deadline = self.game.deadline(self.state)
            at = deadline if deadline is not None else self.now
        if len(words) < 2:
            self.emit_error(IllegalAction("unknown_action"))
            return
        try:
            action = parse_action(self.vocabulary, words[1:])
        except IllegalAction as error:
            self.emit_error(error)
            return
        if at is None:
            at = self.now + 1
        self.act(words[0], action, at)

    def auto(self, seed: int, max_steps: int = 20_000) -> None:
        rng = random.Random(seed)
        for _ in range(max_steps):
            if self.state.over:
                return
            move = choose(self.game, self.state, rng, self.now)
            if move is None:
                return
            player, action, at = move
            if not self.as_json:
                shown = "(le temps passe)" if player == SYSTEM else f"{player} {action}"
                self.out.write(f"> {shown}\n")
            self.act(player, action, at)

    def final(self) -> None:
        if self.as_json:
            record = {
                "final": True,
                "over": self.state.over,
                "scores": self.game.scores(self.state),
                "winners": self.state.winners,
                "state": json.loads(self.state.model_dump_json()),
            }
            self.out.write(json.dumps(record, ensure_ascii=False) + "\n")
        else:
            self.out.write(self.game.summary(self.state) + "\n")


def parse_options(pairs: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise SystemExit(f"option invalide : {pair!r} (attendu : clé=valeur)")
        key, value = pair.split("=", 1)
        out[key] = value
    return out


def print_vocabulary(game: Game[Any], out: TextIO) -> None:
    out.write(f"{game.title} — actions ({game.name})\n")
    for spec in game.full_vocabulary():
        args = " ".join(f"[{a.name}]" if a.optional else f"<{a.name}>" for a in spec.args)
        who = {"turn": "à son tour", "any": "n'importe qui", "system": "la table"}[spec.who]
        out.write(f"  {spec.kind} {args}".rstrip() + f"  ({who}) — {spec.help}\n")
        for a in spec.args:
            detail = a.help
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
        out.write(f"  {key} = {field.default!r}  {field.description or ''}\n")


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m games", description="Taverne : jeux en local.")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="jouer une partie dans le terminal")
    play.add_argument("game", choices=registry.names())
    play.add_argument("--players", required=True, help="noms séparés par des virgules")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--dice", default="", help="résultats imposés, ex. 1,4,4")
    play.add_argument("--option", action="append", default=[], help="clé=valeur")
    play.add_argument("--json", action="store_true", help="une ligne JSON par événement")
    play.add_argument("--auto", action="store_true", help="le hasard finit la partie")
    actions = sub.add_parser("actions", help="le vocabulaire d'un jeu")
    actions.add_argument("game", choices=registry.names())
    sub.add_parser("list", help="les jeux")
    args = parser.parse_args(argv)

    if args.command == "list":
        for name in registry.names():
            out.write(name + "\n")
        return 0
    game = registry.get(args.game)
    if args.command == "actions":
        print_vocabulary(game, out)
        return 0

    players = [p.strip() for p in args.players.split(",") if p.strip()]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    try:
        loaded = [int(x) for x in args.dice.split(",") if x.strip()]
        state, events = game.start(players, parse_options(args.option), seed=seed, loaded=loaded, now_ms=0)
    except IllegalAction as error:
        out.write(game.explain(error) + "\n")
        return 2
    except ValueError as error:
        out.write(f"Option ou dé invalide : {error}\n")
        return 2
    runner = Runner(game, state, out, args.json)
    if not args.json:
        out.write(f"{game.title} — graine {seed}. Tapez « <joueur> <action> », « attendre », ou Ctrl-D.\n")
    runner.emit_events(events)
    if not args.json:
        out.write(game.summary(runner.state) + "\n")
    if not (args.auto and stdin.isatty()):
        for text in stdin:
            runner.line(text)
            if runner.state.over:
                break
    if args.auto:
        runner.auto(seed)
    runner.final()
    return 0
