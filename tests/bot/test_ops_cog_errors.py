"""Every cog answers its commands' failures: the player gets a private apology (not Discord's « the
application did not respond »), and the log one line from Taverne with the traceback — not a
second one from discord.py."""

from __future__ import annotations

import logging
import sqlite3

import pytest

from bot.cogs import EXTENSIONS
from bot.cogs.errors import TaverneCog
from tests.e2e.tavern import Tavern

OOPS = "Oups, quelque chose s'est mal passé"


async def test_every_loaded_cog_has_the_error_handler(tavern: Tavern) -> None:
    async with tavern.bot() as bot:
        cogs = list(bot.cogs.values())
        assert len(cogs) == len(EXTENSIONS)
        for cog in cogs:
            assert isinstance(cog, TaverneCog) and cog.has_app_command_error_handler(), cog.qualified_name


@pytest.mark.bot_errors(r"a échoué|illisibles")
@pytest.mark.parametrize(("command", "table"), [("stats", "finished_games"), ("config", "guild_settings")])
async def test_a_command_that_fails_is_answered_privately_and_logged_once(
    tavern: Tavern, caplog: pytest.LogCaptureFixture, command: str, table: str
) -> None:
    emu = tavern.emu
    async with tavern.bot():
        # The database loses a table under the running bot: the command's read fails.
        with sqlite3.connect(tavern.database) as db:
            db.execute(f"DROP TABLE {table}")
        caplog.clear()
        with caplog.at_level(logging.ERROR):
            reply = await emu.slash(tavern.channel, tavern.arthur, command)
    assert reply.ephemeral and OOPS in reply.content
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    ours = [r for r in errors if r.name == "bot.cogs.errors"]
    assert len(ours) == 1 and f"commande /{command}" in ours[0].getMessage() and ours[0].exc_info
    # No second report from discord.py (« Ignoring exception in command »); the server's language,
    # unreadable too here, is said by the bot on its own line.
    assert {r.name for r in errors} <= {"bot.cogs.errors", "bot.app"}, [r.getMessage() for r in errors]
