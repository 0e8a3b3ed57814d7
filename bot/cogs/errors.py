"""What every cog does when one of its commands fails: one log line (with the traceback), and a
private apology to the player instead of Discord's « the application did not respond »."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from ..i18n import reader_language, t
from ..ui.private import answer_privately

if TYPE_CHECKING:
    from ..app import TaverneBot

log = logging.getLogger(__name__)
# Discord's « Unknown interaction »: the token expired (no answer within 3 s) or was already used.
UNKNOWN_INTERACTION = 10062


class TaverneCog(commands.Cog):
    """The base of Taverne's cogs: their commands' errors are answered here."""

    bot: TaverneBot

    async def cog_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        name = interaction.command.name if interaction.command else "?"
        cause = getattr(error, "original", error)
        if isinstance(cause, discord.NotFound) and cause.code == UNKNOWN_INTERACTION:
            # Discord gave up waiting for the answer (3 s): nobody to answer any more, and another
            # traceback from trying would say nothing new.
            log.warning("commande /%s (salon %s) : réponse trop tardive, Discord ne l'attend plus", name, interaction.channel_id)
            return
        session = self.bot.table_in(interaction.channel_id)
        log.error(
            "commande /%s (salon %s, table %s) a échoué",
            name,
            interaction.channel_id,
            session.id if session is not None else "aucune",
            exc_info=error,
        )
        lang = reader_language(interaction, await self.bot.language(interaction.guild_id))
        try:
            await answer_privately(interaction, t(lang, "error.oops"))
        except discord.HTTPException as failure:
            log.warning("commande en échec : l'excuse n'a pas pu partir (%s)", failure)
