"""``python -m bench``: one table of Taverne's figures (see docs/PERFORMANCE.md).

Sections: ``rules`` (engine speed), ``display`` (drawing a table), ``durability`` (the session manager's committed actions against
plain sqlite3), ``answers`` (many tables clicking at once through the emulated Discord), ``restart``
(time to the first answer and memory per table with many stored tables; also ``startup``,
``memory``), ``barricade`` (seats' win shares and game length on the Barricade board, for two
policies at 2 to 6 players), ``clicks`` (what one click costs the bot per game: event-loop CPU,
pictures, legal actions computed). ``--quick`` for a short run, ``--only rules,durability`` for some of
them. ``robots`` (the computer players' strength and choice time, docs/robots.md), ``cold`` (a
restart with 100,000 open tables not played lately: first answer and memory) and ``shards`` (400
busy tables over one process, then over two shard processes, each process's CPU per click) run only
when named: ``--only robots,cold,shards``.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from emulator.bot_process import BOT
from games import available

from . import answers, barricade, clicks, cold, display, durability, postgres, restart, robots, rules, shards
from .table import Figure, render

SECTIONS = ("rules", "display", "durability", "answers", "restart", "barricade", "clicks")
# Sections that run only when ``--only`` names them (long, and about play rather than speed).
ON_REQUEST = ("robots", "postgres", "cold", "shards")
ALIASES = {
    "startup": "restart",
    "memory": "restart",
    "regles": "rules",
    "reponses": "answers",
    "affichage": "display",
    "pictures": "display",
    "plateau": "barricade",
    "clics": "clicks",
    "robot": "robots",
    "froid": "cold",
    "hors-memoire": "cold",
    "postgresql": "postgres",
    "pg": "postgres",
}


@dataclass
class Plan:
    rules_s: float
    durability_s: float
    tables: int
    rounds: int
    paced_s: float
    sessions: list[int]
    probe_s: float
    barricade_games: int
    click_tables: int = 20
    click_rounds: int = 10
    robot_games: int = 500
    cold_tables: int = 100_000
    shard_tables: int = 400
    shard_rounds: int = 8


FULL = Plan(
    rules_s=3.0,
    durability_s=10.0,
    tables=200,
    rounds=12,
    paced_s=15.0,
    sessions=[1_000, 10_000],
    probe_s=10.0,
    barricade_games=1_000,
)
QUICK = Plan(
    rules_s=0.3,
    durability_s=1.0,
    tables=50,
    rounds=2,
    paced_s=3.0,
    sessions=[1_000],
    probe_s=3.0,
    barricade_games=100,
    click_tables=5,
    click_rounds=3,
    robot_games=40,
    cold_tables=5_000,
    shard_tables=40,
    shard_rounds=2,
)


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="une mesure courte de chaque section")
    parser.add_argument(
        "--only", default="", help=f"sections, séparées par des virgules : {', '.join(SECTIONS + ON_REQUEST)}"
    )
    parser.add_argument("--seconds", type=float, help="règles : secondes par jeu")
    parser.add_argument("--durability-seconds", type=float, help="durabilité : secondes par mesure")
    parser.add_argument("--tables", type=int, help="réponses : nombre de tables (et de salons)")
    parser.add_argument("--rounds", type=int, help="réponses : clics simultanés de chaque table")
    parser.add_argument("--paced-seconds", type=float, help="réponses : durée du jeu au rythme des joueurs")
    parser.add_argument(
        "--sessions", help="démarrage et mémoire : nombres de tables stockées, ex. 1000,10000"
    )
    parser.add_argument(
        "--after-restart-seconds",
        type=float,
        help="démarrage : durée des /scores envoyés après la 1re réponse",
    )
    parser.add_argument(
        "--no-warm-up",
        dest="warm_up",
        action="store_false",
        help="démarrage, hors mémoire : sans le démarrage d'échauffement non compté (essais rapides ; "
        "le 1er démarrage mesuré écrit alors les caches de bytecode)",
    )
    parser.add_argument(
        "--barricade-games", type=int, help="barricade : parties par nombre de joueurs et par façon de jouer"
    )
    parser.add_argument("--click-tables", type=int, help="coût d'un clic : tables par jeu")
    parser.add_argument("--click-rounds", type=int, help="coût d'un clic : clics simultanés de chaque table")
    parser.add_argument(
        "--robot-games", type=int, help="robots : parties par appariement et par jeu (défaut : 500)"
    )
    parser.add_argument(
        "--robot-first-seed", type=int, default=0, help="robots : graine de la première partie (défaut : 0)"
    )
    parser.add_argument("--cold-tables", type=int, help="hors mémoire : tables ouvertes (défaut : 100000)")
    parser.add_argument("--games", help="jeux mesurés, séparés par des virgules (défaut : tous)")
    parser.add_argument("--dir", type=Path, help="dossier des bases SQLite et journaux (défaut : temporaire)")
    parser.add_argument(
        "--profile",
        type=Path,
        help="dossier où py-spy enregistre le bot pendant « answers », et cProfile sa boucle pendant « clicks »",
    )
    return parser.parse_args(argv)


def chosen_sections(only: str) -> list[str]:
    if not only:
        return list(SECTIONS)
    wanted = []
    for word in (w.strip().lower() for w in only.split(",") if w.strip()):
        name = ALIASES.get(word, word)
        if name not in SECTIONS + ON_REQUEST:
            known = ", ".join(SECTIONS + ON_REQUEST)
            raise SystemExit(f"section inconnue : {word} (sections : {known})")
        if name not in wanted:
            wanted.append(name)
    return wanted


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    plan = QUICK if args.quick else FULL
    sections = chosen_sections(args.only)
    folder = args.dir or Path(tempfile.mkdtemp(prefix="taverne-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    if args.profile is not None:
        args.profile.mkdir(parents=True, exist_ok=True)
    module = BOT
    games = available()
    if args.games:
        wanted = [g.strip() for g in args.games.split(",") if g.strip()]
        unknown = [g for g in wanted if g not in games]
        if unknown:
            raise SystemExit(f"jeu inconnu : {', '.join(unknown)} (jeux : {', '.join(games)})")
        games = {g: games[g] for g in wanted}
    started = time.perf_counter()
    figures: list[Figure] = []
    if "rules" in sections:
        say("… règles (moteurs seuls, un cœur)")
        figures += rules.figures(games, args.seconds or plan.rules_s)
    if "display" in sections:
        say("… affichage (ce que dessiner une table coûte à chaque clic)")
        figures += display.figures(games, (args.seconds or plan.rules_s) / 2)
        figures += display.picture_figures(games, (args.seconds or plan.rules_s) / 4)
    if "durability" in sections:
        say("… durabilité (gestionnaire de tables contre sqlite3 brut)")
        figures += durability.figures(folder, games, args.durability_seconds or plan.durability_s)
    if "answers" in sections:
        tables, rounds = args.tables or plan.tables, args.rounds or plan.rounds
        say(f"… réponses ({tables} tables, {rounds} clics simultanés chacune, via l'émulateur)")
        profile = args.profile / "reponses-bot.txt" if args.profile else None
        paced_s = plan.paced_s if args.paced_seconds is None else args.paced_seconds
        figures += answers.figures(folder, games, tables, rounds, paced_s, profile, module)
    if "restart" in sections:
        counts = [int(n) for n in args.sessions.split(",")] if args.sessions else plan.sessions
        say(f"… démarrage et mémoire ({', '.join(str(n) for n in counts)} tables stockées)")
        probe_s = plan.probe_s if args.after_restart_seconds is None else args.after_restart_seconds
        figures += restart.figures(folder, games, counts, probe_s, module, args.warm_up)
    if "barricade" in sections:
        count = args.barricade_games or plan.barricade_games
        say(f"… barricade ({count} parties par table de 2 à 6 joueurs et par façon de jouer, 2 processus)")
        figures += barricade.figures(count, progress=say)
    if "clicks" in sections:
        tables, rounds = args.click_tables or plan.click_tables, args.click_rounds or plan.click_rounds
        say(f"… coût d'un clic ({tables} tables par jeu, {rounds} clics simultanés chacune, bot compté)")
        figures += clicks.figures(folder, games, tables, rounds, args.profile)
    if "cold" in sections:
        count = args.cold_tables or plan.cold_tables
        say(f"… redémarrage avec {count} tables ouvertes hors mémoire (issue 20)")
        probe_s = plan.probe_s if args.after_restart_seconds is None else args.after_restart_seconds
        figures += cold.figures(folder, games, count, probe_s, module, args.warm_up)
    if "shards" in sections:
        tables, rounds = args.tables or plan.shard_tables, args.rounds or plan.shard_rounds
        say(f"… shards ({tables} tables, {rounds} clics simultanés chacune : 1 processus, puis 2 processus d'un shard)")
        figures += shards.figures(folder, games, tables, rounds, module)
    if "postgres" in sections:
        say("… PostgreSQL (gestionnaire sur le magasin PostgreSQL contre asyncpg brut ; TAVERNE_BENCH_POSTGRES ou un serveur jetable)")
        figures += postgres.figures(games, args.durability_seconds or plan.durability_s)
    if "robots" in sections:
        count = args.robot_games or plan.robot_games
        say(f"… robots ({count} parties par appariement et par jeu, 2 processus)")
        figures += robots.figures(games, count, first_seed=args.robot_first_seed)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"Taverne, banc d'essai du {time.strftime('%Y-%m-%d %H:%M')} — {os.cpu_count()} cœurs, "
        f"charge {load}, Python {platform.python_version()}, fichiers dans {folder}"
    )
    print(render(figures))
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
