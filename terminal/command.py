"""``python -m games`` / ``python -m terminal``: list the games, show a game's words, play a table.

``play <game> --players A,B,C`` reads one action per line: ``<player> <action> [args] [@<ms>]``.
Arguments go in the vocabulary's order or as ``name=value``; ``aide`` lists what may be typed now;
``attendre`` lets time pass to the next deadline. ``--json`` prints one JSON object per event, then
the final state. ``--auto`` plays at random for every seat that is not a robot; ``--robot B[:level]``
gives a seat to a computer player.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
from typing import Any, TextIO

from pydantic import BaseModel, ValidationError

from games.core import IllegalAction, registry
from games.robots import ALIASES
from speech import SOURCE, has, languages, t, words_of

from .keyboard import Clock, ScriptLines, TerminalLines
from .listing import print_vocabulary
from .screen import Screen, has_secrets
from .seats import DEFAULT_LEVEL, LEVELS, Seats, robot
from .table import Runner


class SetupError(Exception):
    """A table that cannot open; the message is what the player reads."""


def parse_options(pairs: list[str], model: type[BaseModel], lang: str = SOURCE) -> dict[str, str]:
    """``clé=valeur`` pairs, each key one of the game's options."""
    keys = list(model.model_fields)
    out: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise SetupError(t(lang, "terminal.setup.bad_option", pair=repr(pair)))
        key, value = pair.split("=", 1)
        key = key.strip()
        if key not in keys:
            known = ", ".join(keys) if keys else t(lang, "terminal.setup.no_options")
            raise SetupError(t(lang, "terminal.setup.unknown_option", key=key, known=known))
        out[key] = value.strip()
    return out


def level_words(lang: str) -> str:
    """The robot levels as a reader of ``lang`` types them (« débutant, fort »; “beginner, strong”)."""
    return ", ".join(t(lang, f"robot.level.{level}") for level in LEVELS)


def parse_robots(specs: list[str], players: list[str], lang: str = SOURCE) -> dict[str, str]:
    """``--robot B`` or ``--robot B:debutant``: seat name → level."""
    robots: dict[str, str] = {}
    for spec in specs:
        name, _, level = spec.partition(":")
        name, level = name.strip(), ALIASES.get(level.strip().lower(), level.strip().lower() or DEFAULT_LEVEL)
        if name not in players:
            raise SetupError(t(lang, "terminal.setup.robot_not_seated", name=name, players=", ".join(players)))
        if level not in LEVELS:
            raise SetupError(t(lang, "terminal.setup.robot_level", level=level, levels=level_words(lang)))
        robots[name] = level
    return robots


def invalid_options(error: ValidationError) -> str:
    parts = [f"{'.'.join(str(x) for x in e['loc'])} : {e['msg']}" for e in error.errors()]
    return "option invalide — " + " ; ".join(parts)


def robots_available() -> bool:
    """Whether the computer players (``games/robots/``) are installed: ``--robot`` exists only then."""
    return importlib.util.find_spec("games.robots") is not None


def level_word(lang: str, level: str) -> str:
    key = f"terminal.level.{level}"
    return t(lang, key) if has(lang, key) or has(SOURCE, key) else level


def asked_language(argv: list[str]) -> str:
    """The ``--lang`` of a command line, read before argparse so that its help speaks it too."""
    for index, word in enumerate(argv):
        value = word.split("=", 1)[1] if word.startswith("--lang=") else None
        if word == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        if value in languages():
            return value
    return SOURCE


def parser(lang: str = SOURCE) -> argparse.ArgumentParser:
    def say(key: str, **params: Any) -> str:
        return t(lang, f"terminal.cli.{key}", **params)

    top = argparse.ArgumentParser(prog="python -m games", description=say("description"))
    sub = top.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help=say("play"))
    play.add_argument("game", choices=registry.names())
    play.add_argument("--players", required=True, help=say("players"))
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--dice", default="", help=say("dice"))
    play.add_argument("--option", action="append", default=[], help=say("option"))
    play.add_argument("--json", action="store_true", help=say("json"))
    play.add_argument("--auto", action="store_true", help=say("auto"))
    play.add_argument("--lang", choices=languages(), default=SOURCE, help=say("lang"))
    if robots_available():
        play.add_argument(
            "--robot", action="append", default=[], metavar=say("robot_metavar"),
            help=say("robot", levels=level_words(lang), default=t(lang, f"robot.level.{DEFAULT_LEVEL}")),
        )
    actions = sub.add_parser("actions", help=say("actions"))
    actions.add_argument("game", choices=registry.names())
    actions.add_argument("--lang", choices=languages(), default=SOURCE, help=say("lang"))
    sub.add_parser("list", help=say("list"))
    return top


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    words = sys.argv[1:] if argv is None else argv
    args = parser(asked_language(words)).parse_args(argv)
    if args.command == "list":
        for name in registry.names():
            out.write(name + "\n")
        return 0
    game = registry.get(args.game)
    if args.command == "actions":
        try:
            print_vocabulary(game, out, args.lang)
        except BrokenPipeError:
            pass  # the reader went away (``… | head``)
        return 0
    try:
        return play(game, args, stdin, out)
    except SetupError as error:
        out.write(t(args.lang, "terminal.cannot_open", reason=error) + "\n")
        return 2
    except BrokenPipeError:
        # The reader went away (``… | head``): nobody is left to tell.
        return 0


def play(game: Any, args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    options = parse_options(args.option, game.options_model, args.lang)
    robots = parse_robots(getattr(args, "robot", []), players, args.lang)
    try:
        loaded = [int(x) for x in args.dice.split(",") if x.strip()]
    except ValueError:
        raise SetupError(t(args.lang, "terminal.bad_dice", dice=repr(args.dice))) from None
    try:
        state, events = game.start(players, options, seed=seed, loaded=loaded, now_ms=0)
    except IllegalAction as error:
        raise SetupError(words_of(game).explain(error, args.lang)) from None
    except ValidationError as error:
        raise SetupError(invalid_options(error)) from None
    try:
        policies = {name: robot(game, name, level, seed) for name, level in robots.items()}
    except ImportError:
        raise SetupError(t(args.lang, "terminal.no_robots")) from None
    humans = [] if args.auto else [p for p in players if p not in robots]
    randoms = [p for p in players if p not in robots] if args.auto else []
    clocked = stdin.isatty() and not args.json and not args.auto
    runner = Runner(
        game,
        state,
        out,
        args.json,
        screen=Screen(humans=humans, secrets=not args.json and has_secrets(game, state)),
        seats=Seats(game, random.Random(seed), policies, randoms) if policies or randoms else None,
        clock=Clock() if clocked else None,
        forced=not args.json,
        lang=args.lang,
    )
    if not args.json:
        out.write(t(args.lang, "terminal.intro", game=game.title, seed=seed) + "\n")
        if robots:
            seated = ", ".join(f"{name} ({level_word(args.lang, level)})" for name, level in robots.items())
            out.write(t(args.lang, "terminal.robots", seated=seated) + "\n")
    runner.emit_events(events)
    runner.position()
    try:
        if args.auto:
            runner.script_then_automatic(None if stdin.isatty() else ScriptLines(stdin))
        else:
            runner.play(TerminalLines(stdin.fileno()) if clocked else ScriptLines(stdin))
    except KeyboardInterrupt:
        out.write("\n" + t(args.lang, "terminal.interrupted") + "\n")
    runner.final()
    return 0
