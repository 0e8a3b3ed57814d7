"""``python -m bot``: read the settings, start the bot, stop it gracefully on SIGTERM or SIGINT.

``python -m bot backup <fichier>`` and ``python -m bot healthcheck`` need no token: they run beside
the live bot (``docker compose exec``, the Docker HEALTHCHECK).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import ValidationError

from .settings import Settings, StoreSettings, setting_problems

if TYPE_CHECKING:
    import discord

log = logging.getLogger("bot")

NO_TOKEN = """\
Taverne : aucun jeton Discord (DISCORD_TOKEN) n'est configuré.
  Pour en obtenir un : https://discord.com/developers/applications → New Application → Bot →
  Reset Token ; copiez-le dans le fichier .env (voir .env.example) : DISCORD_TOKEN=...
  Pour jouer sans Discord, en local :
    .venv/bin/python -m games play culdechouette --players A,B,C

Taverne: no Discord token (DISCORD_TOKEN) is set.
  To get one: https://discord.com/developers/applications → New Application → Bot → Reset Token;
  put it in the .env file (see .env.example): DISCORD_TOKEN=...
  To play without Discord, locally:
    .venv/bin/python -m games play culdechouette --players A,B,C
"""


def _offer_local_game() -> None:
    try:
        answer = input(
            "Lancer une partie locale de Cul de chouette maintenant ? / Play a local game now? [o/N] "
        )
    except EOFError:
        return
    if answer.strip().lower() not in {"o", "oui", "y", "yes"}:
        return
    from games.core.cli import main as games_main

    try:
        games_main(["play", "culdechouette", "--players", "A,B,C"])
    except (ImportError, KeyError) as error:
        print(f"Partie locale impossible : {error}", file=sys.stderr)


def _invalid(problems: list[str]) -> None:
    print("Réglages invalides / invalid settings:\n" + "\n".join(problems), file=sys.stderr)


def run_bot() -> int:
    try:
        settings = Settings()
    except ValidationError as error:
        missing_token, problems = setting_problems(error)
        if missing_token:
            print(NO_TOKEN, file=sys.stderr)
        if problems:
            _invalid(problems)
        if missing_token and sys.stdin.isatty():
            _offer_local_game()
        return 2
    token = settings.discord_token.get_secret_value().strip()
    if not token:  # DISCORD_TOKEN= left empty in .env
        print(NO_TOKEN, file=sys.stderr)
        if sys.stdin.isatty():
            _offer_local_game()
        return 2

    import discord

    from .app import create_bot
    from .logs import setup_logging
    from .tables import PresenterError

    setup_logging(settings.log_level, token)
    try:
        bot = create_bot(settings)
    except PresenterError as error:
        print(f"Taverne ne démarre pas : {error}", file=sys.stderr)
        return 2
    try:
        asyncio.run(serve(bot, token))
    except discord.LoginFailure:
        log.error("Discord refuse le jeton (DISCORD_TOKEN) : recopiez-le depuis le portail des développeurs")
        return 2
    except discord.PrivilegedIntentsRequired:
        log.error(
            "Discord refuse l'intent Message Content : activez *Message Content Intent* dans l'onglet Bot "
            "du portail des développeurs (il sert au Chante-Sloubi)"
        )
        return 2
    return 0


async def serve(bot: discord.Client, token: str) -> None:
    """Runs the bot until it stops or a SIGTERM / SIGINT asks it to: then the move in flight is
    finished and committed, and the database closed, before this returns."""
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []

    def stop(name: str) -> None:
        if not stopping:
            log.info("%s reçu : arrêt en douceur", name)
            stopping.append(loop.create_task(bot.close()))

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop, sig.name)
    try:
        async with bot:
            await bot.start(token)
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
        for task in stopping:
            await task


def run_backup(target: Path) -> int:
    from .backup import BackupError, backup

    try:
        settings = StoreSettings()
    except ValidationError as error:
        _invalid(setting_problems(error)[1])
        return 2
    try:
        report = backup(settings.database, target)
    except BackupError as error:
        print(f"Sauvegarde impossible : {error}", file=sys.stderr)
        return 1
    print(
        f"Sauvegarde écrite : {report.target} ({report.size // 1024} Kio, {report.sessions} table(s), "
        f"{report.finished_games} partie(s) terminée(s))"
    )
    return 0


def run_healthcheck(stale_s: float) -> int:
    from .health import check

    try:
        settings = StoreSettings()
    except ValidationError as error:
        _invalid(setting_problems(error)[1])
        return 1  # Docker reserves 2: a health check answers 0 or 1
    result = check(settings.database, stale_s=stale_s)
    print(result.text, file=sys.stdout if result.code == 0 else sys.stderr)
    return result.code


def main(argv: list[str] | None = None) -> int:
    from .health import STALE_S

    parser = argparse.ArgumentParser(prog="python -m bot", description="Taverne, le bot Discord.")
    commands = parser.add_subparsers(dest="command")
    copy = commands.add_parser("backup", help="copie cohérente de la base, même pendant que le bot tourne")
    copy.add_argument("fichier", type=Path, help="le fichier de sauvegarde (remplacé s'il existe)")
    check = commands.add_parser("healthcheck", help="0 si la base s'ouvre et que le bot bat (Docker)")
    check.add_argument("--max-age", type=float, default=STALE_S, help="secondes sans battement tolérées")
    args = parser.parse_args(argv)
    if args.command == "backup":
        return run_backup(args.fichier)
    if args.command == "healthcheck":
        return run_healthcheck(args.max_age)
    return run_bot()


if __name__ == "__main__":
    sys.exit(main())
