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
from speech import SOURCE, words_of

from .keyboard import Clock, ScriptLines, TerminalLines
from .listing import print_vocabulary
from .screen import Screen, has_secrets
from .seats import DEFAULT_LEVEL, LEVELS, Seats, robot
from .table import Runner


class SetupError(Exception):
    """A table that cannot open; the message is what the player reads."""


def parse_options(pairs: list[str], model: type[BaseModel]) -> dict[str, str]:
    """``clé=valeur`` pairs, each key one of the game's options."""
    keys = list(model.model_fields)
    out: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise SetupError(f"option invalide : {pair!r} (attendu : clé=valeur)")
        key, value = pair.split("=", 1)
        key = key.strip()
        if key not in keys:
            known = ", ".join(keys) if keys else "aucune (ce jeu n'a pas d'options)"
            raise SetupError(f"option inconnue : « {key} ». Options possibles : {known}.")
        out[key] = value.strip()
    return out


def parse_robots(specs: list[str], players: list[str]) -> dict[str, str]:
    """``--robot B`` or ``--robot B:debutant``: seat name → level."""
    robots: dict[str, str] = {}
    for spec in specs:
        name, _, level = spec.partition(":")
        name, level = name.strip(), (level.strip() or DEFAULT_LEVEL).lower().replace("é", "e")
        if name not in players:
            raise SetupError(f"robot « {name} » : ce n'est pas un joueur de la table ({', '.join(players)}).")
        if level not in LEVELS:
            raise SetupError(f"niveau de robot inconnu : « {level} » (niveaux : {', '.join(LEVELS)}).")
        robots[name] = level
    return robots


def invalid_options(error: ValidationError) -> str:
    parts = [f"{'.'.join(str(x) for x in e['loc'])} : {e['msg']}" for e in error.errors()]
    return "option invalide — " + " ; ".join(parts)


def robots_available() -> bool:
    """Whether the computer players (``games/robots/``) are installed: ``--robot`` exists only then."""
    return importlib.util.find_spec("games.robots") is not None


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m games", description="Taverne : jeux en local.")
    sub = top.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="jouer une partie dans le terminal")
    play.add_argument("game", choices=registry.names())
    play.add_argument("--players", required=True, help="noms séparés par des virgules")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--dice", default="", help="résultats imposés, ex. 1,4,4")
    play.add_argument("--option", action="append", default=[], help="clé=valeur")
    play.add_argument("--json", action="store_true", help="une ligne JSON par événement")
    play.add_argument("--auto", action="store_true", help="le hasard joue pour les joueurs qui ne sont pas des robots")
    if robots_available():
        play.add_argument(
            "--robot", action="append", default=[], metavar="JOUEUR[:NIVEAU]",
            help=f"un robot à cette place (niveaux : {', '.join(LEVELS)} ; {DEFAULT_LEVEL} par défaut)",
        )
    actions = sub.add_parser("actions", help="le vocabulaire d'un jeu")
    actions.add_argument("game", choices=registry.names())
    sub.add_parser("list", help="les jeux")
    return top


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    args = parser().parse_args(argv)
    if args.command == "list":
        for name in registry.names():
            out.write(name + "\n")
        return 0
    game = registry.get(args.game)
    if args.command == "actions":
        print_vocabulary(game, out)
        return 0
    try:
        return play(game, args, stdin, out)
    except SetupError as error:
        out.write(f"Impossible d'ouvrir la table : {error}\n")
        return 2
    except BrokenPipeError:
        # The reader went away (``… | head``): nobody is left to tell.
        return 0


def play(game: Any, args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    options = parse_options(args.option, game.options_model)
    robots = parse_robots(getattr(args, "robot", []), players)
    try:
        loaded = [int(x) for x in args.dice.split(",") if x.strip()]
    except ValueError:
        raise SetupError(f"dés invalides : {args.dice!r} (attendu : des nombres séparés par des virgules)") from None
    try:
        state, events = game.start(players, options, seed=seed, loaded=loaded, now_ms=0)
    except IllegalAction as error:
        raise SetupError(words_of(game).explain(error, SOURCE)) from None
    except ValidationError as error:
        raise SetupError(invalid_options(error)) from None
    try:
        policies = {name: robot(game, name, level, seed) for name, level in robots.items()}
    except ImportError:
        raise SetupError("les robots ne sont pas encore disponibles dans cette version.") from None
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
    )
    if not args.json:
        out.write(
            f"{game.title} — graine {seed}. Tapez « <joueur> <action> », « aide » (ou « ? »), "
            "« attendre », ou Ctrl-D pour finir.\n"
        )
        if robots:
            seated = ", ".join(f"{name} ({'débutant' if level == 'debutant' else level})" for name, level in robots.items())
            out.write(f"Robots : {seated} ; leurs coups s'affichent précédés de « > ».\n")
    runner.emit_events(events)
    runner.position()
    try:
        if args.auto:
            runner.script_then_automatic(None if stdin.isatty() else ScriptLines(stdin))
        else:
            runner.play(TerminalLines(stdin.fileno()) if clocked else ScriptLines(stdin))
    except KeyboardInterrupt:
        out.write("\nPartie interrompue (Ctrl-C).\n")
    runner.final()
    return 0
