"""/jouer, /abandonner, /scores, and the messages and forms that reach a table without a button."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from .. import guild_config, permissions
from ..i18n import command_text, reader_language, t
from ..options import QUOTED_MAX, check_options, read_table_options, typed_options
from ..sessions import TableError, seed_of, stored
from ..sessions.robots import DEFAULT_LEVEL
from ..ui.components import clip
from ..ui.drawing import draw_table
from ..ui.lobby import lobby_embed, lobby_view
from ..ui.private import answer_privately
from ..ui.timing import display_name
from ..words import table_error
from .autocomplete import game_names, option_words
from .errors import TaverneCog

if TYPE_CHECKING:
    from ..app import TaverneBot

log = logging.getLogger(__name__)

# /jouer's delai: minutes a waited-for player has before the warning (removed at twice that).
DELAY_MIN, DELAY_MAX = 1, 1440
# /jouer's robots: computer players seated from the start (the game's own maximum is checked too).
ROBOTS_MAX = 9


class Tables(TaverneCog):
    def __init__(self, bot: TaverneBot) -> None:
        self.bot = bot

    @app_commands.command(name="jouer", description=command_text("command.jouer.description"))
    @app_commands.describe(
        jeu=command_text("command.jouer.jeu"),
        options=command_text("command.jouer.options"),
        negatifs=command_text("command.jouer.negatifs"),
        strict=command_text("command.jouer.strict"),
        delai=command_text("command.jouer.delai"),
        robots=command_text("command.jouer.robots"),
        niveau=command_text("command.jouer.niveau"),
    )
    @app_commands.choices(
        niveau=[
            app_commands.Choice(name=command_text(f"command.jouer.niveau.{level}"), value=level)
            for level in ("debutant", "fort")
        ]
    )
    @app_commands.autocomplete(jeu=game_names, options=option_words())
    @app_commands.guild_only()
    async def jouer(
        self,
        interaction: discord.Interaction[Any],
        jeu: str,
        options: str | None = None,
        negatifs: bool | None = None,
        strict: bool | None = None,
        delai: app_commands.Range[int, DELAY_MIN, DELAY_MAX] | None = None,
        robots: app_commands.Range[int, 0, ROBOTS_MAX] | None = None,
        niveau: str | None = None,
    ) -> None:
        manager = self.bot.manager
        game = self.bot.games.get(jeu)
        config = await guild_config.load(self.bot.store, interaction.guild_id)
        lang = reader_language(interaction, config.language)  # its refusals are private
        assert interaction.channel_id is not None
        parent_id = getattr(interaction.channel, "parent_id", None)
        if not config.allows(interaction.channel_id, parent_id):
            channels = ", ".join(f"<#{c}>" for c in config.channels)
            await answer_privately(interaction, t(lang, "table.not_here", channels=channels))
            return
        missing = permissions.missing_for_table(interaction.app_permissions, in_thread=parent_id is not None)
        if missing:
            await answer_privately(interaction, permissions.refusal(lang, missing))
            return
        try:
            # Discord's client keeps to the range; a modified one may not, and Discord passes it on.
            if delai is not None and not DELAY_MIN <= delai <= DELAY_MAX:
                raise TableError("bad_delay", low=DELAY_MIN, high=DELAY_MAX)
            if game is None:
                raise TableError(
                    "unknown_game", game=clip(jeu, QUOTED_MAX), games=", ".join(sorted(self.bot.games))
                )
            typed = read_table_options(game, options, lang)
            # The server's defaults for this game, then what was typed, then the typed choices.
            raw = {**config.defaults.get(jeu, {}), **typed.options}
            raw.update(typed_options(game, {"negatives": negatifs, "strict": strict}, lang))
            checked = check_options(game, raw, lang)
            session = await stored(
                manager.open(
                    guild_id=interaction.guild_id,
                    channel_id=interaction.channel_id,
                    game=jeu,
                    host_id=str(interaction.user.id),
                    host_name=display_name(interaction.user),
                    options=checked,
                    turn_timeout_ms=delai * 60_000 if delai is not None else None,
                    seed=typed.seed,
                    robots=robots or 0,
                    robot_level=niveau or DEFAULT_LEVEL,
                )
            )
        except TableError as error:
            await answer_privately(interaction, table_error(lang, error))
            return
        lobby = lobby_embed(session, config.language), lobby_view(session, config.language)
        await interaction.response.send_message(embed=lobby[0], view=lobby[1])
        message = await interaction.original_response()
        await manager.set_message(session, message.id)

    @app_commands.command(name="abandonner", description=command_text("command.abandonner.description"))
    @app_commands.guild_only()
    async def abandonner(self, interaction: discord.Interaction[Any]) -> None:
        permissions = interaction.permissions
        server = await self.bot.language(interaction.guild_id)
        try:
            assert interaction.channel_id is not None
            session = await stored(
                self.bot.manager.abandon(
                    interaction.channel_id, str(interaction.user.id), is_admin=permissions.manage_guild
                )
            )
        except TableError as error:
            await answer_privately(interaction, table_error(reader_language(interaction, server), error))
            return
        # Said in the channel: the server's language.
        await interaction.response.send_message(
            t(server, "table.abandoned", game=session.game.title, who=interaction.user.mention)
        )
        await self.bot.clicks.clear_buttons(session)

    @app_commands.command(name="scores", description=command_text("command.scores.description"))
    @app_commands.guild_only()
    async def scores(self, interaction: discord.Interaction[Any]) -> None:
        lang = reader_language(interaction, await self.bot.language(interaction.guild_id))
        try:
            session = await stored(self.bot.manager.warm(interaction.channel_id))
        except TableError as error:
            await answer_privately(interaction, table_error(lang, error))
            return
        if session is None:
            await answer_privately(interaction, table_error(lang, TableError("no_table")))
            return
        seed = seed_of(session)
        content = t(lang, "table.seed", seed=seed, game=session.rec.game) if seed is not None else None
        if session.state is None:
            await answer_privately(interaction, content, embed=lobby_embed(session, lang))
            return
        # The table message as it is, without its buttons, the seed under its header.
        drawn = await draw_table(session, lang, clickable=False, note=content or "")
        await answer_privately(interaction, None, view=drawn.view, files=drawn.files)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.guild is None or message.author.bot:
            return
        await self.bot.clicks.message(message)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        # The router's one entry: every click (discord.py dispatches none of the bot's components)
        # and every form (answered here rather than by a Modal object, so one sent before a restart
        # works).
        await self.bot.clicks.received(interaction)


async def setup(bot: TaverneBot) -> None:
    await bot.add_cog(Tables(bot))
