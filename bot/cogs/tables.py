"""/jouer, /abandonner, /scores, and the messages and forms that reach a table without a button."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from ..options import describe_options, parse_options, typed_options
from ..sessions import TableError
from ..tables import presenter_for
from ..ui.clicks import display_name
from ..ui.components import clip
from ..ui.lobby import lobby_embed, lobby_view

if TYPE_CHECKING:
    from ..app import TaverneBot

log = logging.getLogger(__name__)


class Tables(commands.Cog):
    def __init__(self, bot: TaverneBot) -> None:
        self.bot = bot

    async def game_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        current = current.lower()
        return [
            app_commands.Choice(name=game.title, value=name)
            for name, game in self.bot.games.items()
            if current in name or current in game.title.lower()
        ][:25]

    async def option_words(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        chosen = getattr(interaction.namespace, "jeu", None)
        game = self.bot.games.get(str(chosen)) if chosen else None
        if game is None:
            return []
        done, _, last = current.rpartition(" ")
        choices = []
        for line in describe_options(game.options_model):
            word = line.split(" — ")[0]
            if word.split("=")[0].startswith(last.split("=")[0]):
                value = f"{done} {word}".strip()
                choices.append(app_commands.Choice(name=clip(f"{value}  ({line})", 100), value=value[:100]))
        return choices[:25]

    @app_commands.command(name="jouer", description="Ouvrir une table de jeu dans ce salon")
    @app_commands.describe(
        jeu="Le jeu",
        options="Options du jeu, ex. « negatives=false strict=true »",
        negatifs="Scores négatifs autorisés (Cul de chouette)",
        strict="Jouer hors de son tour est une Bévue (Cul de chouette)",
        delai="Minutes laissées à un joueur attendu avant l'avertissement (retiré au double)",
    )
    @app_commands.autocomplete(jeu=game_names, options=option_words)
    @app_commands.guild_only()
    async def jouer(
        self,
        interaction: discord.Interaction[Any],
        jeu: str,
        options: str | None = None,
        negatifs: bool | None = None,
        strict: bool | None = None,
        delai: app_commands.Range[int, 1, 1440] | None = None,
    ) -> None:
        manager = self.bot.manager
        game = self.bot.games.get(jeu)
        try:
            if game is None:
                raise TableError("unknown_game", game=jeu, games=", ".join(sorted(self.bot.games)))
            raw = parse_options(game, options)
            raw.update(typed_options(game, {"negatives": negatifs, "strict": strict}))
            assert interaction.channel_id is not None
            session = await manager.open(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                game=jeu,
                host_id=str(interaction.user.id),
                host_name=display_name(interaction.user),
                options=raw,
                turn_timeout_ms=delai * 60_000 if delai is not None else None,
            )
        except TableError as error:
            await interaction.response.send_message(error.text, ephemeral=True)
            return
        await interaction.response.send_message(embed=lobby_embed(session), view=lobby_view(session))
        message = await interaction.original_response()
        await manager.set_message(session, message.id)

    @app_commands.command(
        name="abandonner", description="Abandonner la partie de ce salon (hôte ou Gérer le serveur)"
    )
    @app_commands.guild_only()
    async def abandonner(self, interaction: discord.Interaction[Any]) -> None:
        permissions = interaction.permissions
        try:
            assert interaction.channel_id is not None
            session = await self.bot.manager.abandon(
                interaction.channel_id, str(interaction.user.id), is_admin=permissions.manage_guild
            )
        except TableError as error:
            await interaction.response.send_message(error.text, ephemeral=True)
            return
        await interaction.response.send_message(
            f"🏳️ Partie de {session.game.title} abandonnée par {interaction.user.mention}."
        )
        await self.bot.clicks.clear_buttons(session)

    @app_commands.command(name="scores", description="Les scores de la partie en cours dans ce salon")
    @app_commands.guild_only()
    async def scores(self, interaction: discord.Interaction[Any]) -> None:
        session = self.bot.manager.in_channel(interaction.channel_id or 0)
        if session is None:
            await interaction.response.send_message(TableError("no_table").text, ephemeral=True)
        elif session.state is None:
            await interaction.response.send_message(embed=lobby_embed(session), ephemeral=True)
        else:
            await interaction.response.send_message(
                embed=presenter_for(session.game).embed(session), ephemeral=True
            )

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.guild is None or message.author.bot:
            return
        await self.bot.clicks.message(message)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is discord.InteractionType.component:
            await self.bot.clicks.unrouted(interaction)
        # Forms are answered here rather than by a Modal object, so one sent before a restart works.
        if interaction.type is discord.InteractionType.modal_submit:
            data: dict[str, Any] = dict(interaction.data or {})
            custom_id = str(data.get("custom_id", ""))
            if custom_id.startswith("tvq:"):
                await self.bot.clicks.form(interaction)

    async def cog_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        log.exception("commande %s", interaction.command.name if interaction.command else "?", exc_info=error)
        text = "Oups, quelque chose s'est mal passé. Réessaie dans un instant."
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: TaverneBot) -> None:
    await bot.add_cog(Tables(bot))
