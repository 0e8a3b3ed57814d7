"""Local play in a terminal, which is also the scenario runner.

``python -m games play <game> --players A,B,C`` (or ``python -m terminal play …``) reads one action
per line on standard input: ``<player> <action> [args] [@<ms>]``. Arguments go in the vocabulary's
order or as ``name=value``. ``attendre`` (or ``* tick``) lets time pass to the next deadline.
``--json`` prints one JSON object per event, then the final state.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO

from games.core import IllegalAction, registry

from .listing import print_vocabulary
from .table import Runner


def parse_options(pairs: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise SystemExit(f"option invalide : {pair!r} (attendu : clé=valeur)")
        key, value = pair.split("=", 1)
        out[key] = value
    return out


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
