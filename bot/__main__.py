"""``python -m bot``: read the settings, start the bot. Without a token, explain how to get one."""

from __future__ import annotations

import logging
import sys

from pydantic import ValidationError

from .settings import Settings

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


def _settings_errors(error: ValidationError) -> tuple[bool, list[str]]:
    """Whether the token is missing, and the other problems (never echoing the values)."""
    missing_token = False
    problems = []
    for item in error.errors():
        where = ".".join(str(x) for x in item.get("loc", ()))
        if where.lower() == "discord_token":
            missing_token = True
            continue
        problems.append(f"  TAVERNE_{where.upper()} : {item.get('msg', 'valeur invalide')}")
    return missing_token, problems


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


def main() -> int:
    try:
        settings = Settings()
    except ValidationError as error:
        missing_token, problems = _settings_errors(error)
        if missing_token:
            print(NO_TOKEN, file=sys.stderr)
        if problems:
            print("Réglages invalides / invalid settings:\n" + "\n".join(problems), file=sys.stderr)
        if missing_token and sys.stdin.isatty():
            _offer_local_game()
        return 2
    if not settings.discord_token.get_secret_value().strip():  # DISCORD_TOKEN= left empty in .env
        print(NO_TOKEN, file=sys.stderr)
        if sys.stdin.isatty():
            _offer_local_game()
        return 2

    from .app import create_bot

    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr
    )
    bot = create_bot(settings)
    # log_handler=None: discord.py keeps the logging set up above (it never logs the token).
    bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
