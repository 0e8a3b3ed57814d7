"""``python -m bot``: read the settings, start the bot, stop it gracefully on SIGTERM or SIGINT.

``python -m bot backup <fichier>`` and ``python -m bot healthcheck`` need no token: they run beside
the live bot (``docker compose exec``, the Docker HEALTHCHECK). ``python -m bot migrate-db FROM TO``
copies a database into another (SQLite ⇄ PostgreSQL), the bot stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import ValidationError

from .failures import CONFIG, Failure, failure_of
from .restarts import failures_file, forget_failures, remember_failure, wait_after_failures
from .settings import Settings, StoreSettings, setting_problems

if TYPE_CHECKING:
    from .app import TaverneBot

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
NO_TOKEN_LINE = (
    "Taverne : aucun jeton Discord (DISCORD_TOKEN) : créez-le sur https://discord.com/developers/applications "
    "(Bot → Reset Token) et mettez DISCORD_TOKEN=... dans .env (voir .env.example)"
)
NO_TOKEN_FAILURE = NO_TOKEN_LINE.removeprefix("Taverne : ")


def _offer_local_game() -> None:
    try:
        answer = input(
            "Lancer une partie locale de Cul de chouette maintenant ? / Play a local game now? [o/N] "
        )
    except EOFError:
        return
    if answer.strip().lower() not in {"o", "oui", "y", "yes"}:
        return
    from terminal import main as games_main

    try:
        games_main(["play", "culdechouette", "--players", "A,B,C"])
    except (ImportError, KeyError) as error:
        print(f"Partie locale impossible : {error}", file=sys.stderr)


def _invalid(problems: list[str]) -> None:
    print("Réglages invalides / invalid settings:\n" + "\n".join(problems), file=sys.stderr)


def _python() -> str:
    """How this Python is typed: ``.venv/bin/python`` from a checkout, ``python`` in the image."""
    return ".venv/bin/python" if Path(sys.prefix).name == ".venv" else "python"


def _no_token() -> None:
    if sys.stdin.isatty():
        print(NO_TOKEN.replace(".venv/bin/python", _python()), file=sys.stderr)
        _offer_local_game()
    else:  # a log: one line
        # no path: ``.venv/`` exists in a checkout, not in the Docker image
        local = " ; pour jouer sans Discord : python -m games play culdechouette --players A,B,C"
        print(NO_TOKEN_LINE + local, file=sys.stderr)


def _pacing_settings() -> StoreSettings:
    """Where the database is and how failed starts are paced (defaults when the settings themselves
    are what failed)."""
    try:
        return StoreSettings()
    except ValidationError:
        return StoreSettings.model_construct()


def run_bot() -> int:
    store = _pacing_settings()
    database = str(store.database)
    record = failures_file(database, str(store.shards) if store.shards is not None else "")
    wait_after_failures(record, database, store.start_pause_s, store.start_attempts)
    failure = _run_bot()
    if failure is None:
        forget_failures(record)
        return 0
    remember_failure(record, failure, database)
    return failure.code


def _run_bot() -> Failure | None:
    try:
        settings = Settings()
    except ValidationError as error:
        missing_token, problems = setting_problems(error)
        if problems:
            _invalid(problems)
        if missing_token:
            _no_token()
        return Failure(CONFIG, NO_TOKEN_FAILURE if missing_token else "réglages invalides : " + problems[0].strip())
    token = settings.discord_token.get_secret_value().strip()
    if not token:  # DISCORD_TOKEN= left empty in .env
        _no_token()
        return Failure(CONFIG, NO_TOKEN_FAILURE)

    from .app import create_bot
    from .logs import setup_logging
    from .startup import START
    from .store.target import password
    from .tables import PresenterError

    secret = password(settings.database)  # the database's, masked like the token
    if secret:
        setup_logging(settings.log_level, token, secrets=(secret,))
    else:
        setup_logging(settings.log_level, token)
    try:
        bot = create_bot(settings)
    except PresenterError as error:
        print(f"Taverne ne démarre pas : {error}", file=sys.stderr)
        return Failure(CONFIG, f"présentateur : {error}")
    START.mark("modules")
    # What the start built (modules, models, the games' tables drawn once) lives as long as the
    # process: out of the collector's sight, no full collection walks it again, nor the ones at
    # exit (a third of a second of CPU at every stop, most of the interpreter's shutdown).
    gc.freeze()
    try:
        asyncio.run(serve(bot, token))
    except Exception as error:
        failure = failure_of(error)
        log.debug("détails de l'échec", exc_info=True)
        log.error("%s", failure.line)
        return failure
    return None


async def serve(bot: TaverneBot, token: str) -> None:
    """Opens the database, then runs the bot until it stops or a SIGTERM / SIGINT asks it to: then
    the move in flight is finished and committed, and the database closed, before this returns."""
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
            # The database first: a file to fix is said at once, with or without the network.
            await bot.open_store()
            bot.started.mark("base")
            await bot.start(token)
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
        for task in stopping:
            await task


def _store_settings() -> StoreSettings | None:
    """The database settings for an admin command, or None once their problems are printed."""
    try:
        return StoreSettings()
    except ValidationError as error:
        _invalid(setting_problems(error)[1])
        return None


def run_backup(target: Path) -> int:
    from .backup import BackupError, backup

    settings = _store_settings()
    if settings is None:
        return 2
    if isinstance(settings.database, str):
        return _pg_backup(settings.database, target)
    try:
        report = backup(settings.database, target)
    except BackupError as error:
        print(f"Sauvegarde impossible : {error}", file=sys.stderr)
        return 1
    print(
        f"Sauvegarde écrite : {report.target} ({report.size // 1024} Kio, {report.sessions} table(s), "
        f"{report.finished_games} partie(s) terminée(s), {report.abandoned_games} abandonnée(s))"
    )
    return 0


def _pg_backup(url: str, target: Path) -> int:
    from . import pg_admin
    from .store.target import shown

    try:
        size = pg_admin.backup(url, target)
    except pg_admin.PgAdminError as error:
        print(f"Sauvegarde impossible : {error}", file=sys.stderr)
        return 1
    print(f"Sauvegarde écrite : {target} ({size // 1024} Kio, pg_dump de {shown(url)})")
    return 0


def _pg_restore(source: Path, url: str) -> int:
    from . import pg_admin
    from .store.target import shown

    try:
        pg_admin.restore(source, url)
    except pg_admin.PgAdminError as error:
        print(f"Restauration refusée : {error}", file=sys.stderr)
        return 1
    print(f"Base restaurée : {shown(url)} depuis {source} (pg_restore)")
    return 0


def run_restore(source: Path) -> int:
    from .restore import RestoreError, restore

    settings = _store_settings()
    if settings is None:
        return 2
    if isinstance(settings.database, str):
        return _pg_restore(source, settings.database)
    try:
        report = restore(source, settings.database)
    except RestoreError as error:
        print(f"Restauration refusée : {error}", file=sys.stderr)
        return 1
    print(
        f"Base restaurée : {report.database} depuis {report.source} (schéma {report.version}, "
        f"{report.open_tables} table(s) ouverte(s), {report.finished_games} partie(s) terminée(s)) ; "
        f"l'ancienne base est gardée dans {report.kept}"
    )
    return 0


def run_sync() -> int:
    """Forgets the hash of the commands last synced: the next start sends them all again. Beside a
    live bot too (``docker compose exec``), then restart it."""
    from .commands_sync import forget
    from .store import StoreUnavailable

    settings = _store_settings()
    if settings is None:
        return 2
    try:
        asyncio.run(forget(settings.database))
    except StoreUnavailable as error:
        print(f"Taverne : {error}", file=sys.stderr)
        return 3
    print("Les commandes slash seront renvoyées à Discord au prochain démarrage du bot : relancez-le.")
    return 0


def run_migrate_db(source: str, target: str) -> int:
    """Copies one database into another (SQLite ⇄ PostgreSQL), the bot stopped; checks the counts."""
    from .migrate_db import MigrateError, migrate_db
    from .store.target import is_postgres, shown

    def target_of(text: str) -> Path | str:
        return text if is_postgres(text) else Path(text)

    try:
        report = asyncio.run(migrate_db(target_of(source), target_of(target)))
    except MigrateError as error:
        print(f"Copie refusée : {error}", file=sys.stderr)
        return 1
    counts = ", ".join(f"{table} {count}" for table, count in report.counts.items())
    print(f"Base copiée de {report.source} vers {report.target} ; lignes vérifiées : {counts}")
    print(f"Pour que le bot s'en serve : TAVERNE_DATABASE={shown(target)} (le mot de passe en plus), puis relancez-le.")
    return 0


def run_healthcheck(stale_s: float) -> int:
    from .health import check

    settings = _store_settings()
    if settings is None:
        return 1  # Docker reserves 2: a health check answers 0 or 1
    result = check(settings.database, stale_s=stale_s, shards=settings.shards)
    print(result.text, file=sys.stdout if result.code == 0 else sys.stderr)
    return result.code


def main(argv: list[str] | None = None) -> int:
    from .health import STALE_S

    parser = argparse.ArgumentParser(prog="python -m bot", description="Taverne, le bot Discord.")
    commands = parser.add_subparsers(dest="command")
    copy = commands.add_parser("backup", help="copie cohérente de la base, même pendant que le bot tourne")
    copy.add_argument("fichier", type=Path, help="le fichier de sauvegarde (remplacé s'il existe)")
    back = commands.add_parser("restore", help="remet une sauvegarde à la place de la base (bot arrêté)")
    back.add_argument("fichier", type=Path, help="la sauvegarde (faite par python -m bot backup)")
    check = commands.add_parser("healthcheck", help="0 si le bot est connecté à Discord et bat (Docker)")
    check.add_argument("--max-age", type=float, default=STALE_S, help="secondes sans battement tolérées")
    commands.add_parser("sync", help="les commandes slash seront renvoyées à Discord au prochain démarrage")
    move = commands.add_parser("migrate-db", help="copie une base dans une autre (SQLite ⇄ PostgreSQL), bot arrêté")
    move.add_argument("depuis", help="la base de départ : un fichier SQLite ou postgresql://…")
    move.add_argument("vers", help="la base d'arrivée, vide : postgresql://utilisateur:motdepasse@hôte/base ou un fichier")
    args = parser.parse_args(argv)
    if args.command == "migrate-db":
        return run_migrate_db(args.depuis, args.vers)
    if args.command == "backup":
        return run_backup(args.fichier)
    if args.command == "restore":
        return run_restore(args.fichier)
    if args.command == "healthcheck":
        return run_healthcheck(args.max_age)
    if args.command == "sync":
        return run_sync()
    return run_bot()


if __name__ == "__main__":
    code = main()
    # The interpreter's shutdown collects garbage several times over every object still alive: a
    # quarter of an admin command's CPU. Frozen, they are skipped; they are freed with the process.
    gc.freeze()
    sys.exit(code)
