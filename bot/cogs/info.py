"""/regles, /aide, /stats: reading, not playing."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from speech import words_of

from .. import rules_book
from ..i18n import command_text, reader_language, t, tn
from ..options import describe_options
from ..ui.components import clip
from .errors import TaverneCog

if TYPE_CHECKING:
    from ..app import TaverneBot

class Info(TaverneCog):
    def __init__(self, bot: TaverneBot) -> None:
        self.bot = bot

    @app_commands.command(name="regles", description=command_text("command.regles.description"))
    @app_commands.describe(jeu=command_text("command.regles.jeu"))
    @app_commands.choices(
        jeu=[app_commands.Choice(name=title, value=name) for name, title in rules_book.TITLES.items()]
    )
    async def regles(self, interaction: discord.Interaction[Any], jeu: str) -> None:
        lang = reader_language(interaction, await self.bot.language(interaction.guild_id))
        embed, view = rules_book.rules_page(jeu, 0, lang)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    @app_commands.command(name="aide", description=command_text("command.aide.description"))
    async def aide(self, interaction: discord.Interaction[Any]) -> None:
        lang = reader_language(interaction, await self.bot.language(interaction.guild_id))
        embed = discord.Embed(
            title=t(lang, "help.title"),
            description=f"{t(lang, 'help.body')}\n{t(lang, 'help.glossary')}",
            colour=discord.Colour(0x8E5B2E),
        )
        command = t(lang, "help.command")
        for name, game in sorted(self.bot.games.items()):
            described = partial(words_of(game).option_help, lang=lang)
            lines = describe_options(game.options_model, described) or [t(lang, "help.no_options")]
            players = t(lang, "help.players", low=game.min_players, high=game.max_players)
            value = f"`/{command}:{name}` — {players}\n" + "\n".join(f"`{line}`" for line in lines)
            embed.add_field(name=clip(game.title, 256), value=clip(value, 1024), inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="stats", description=command_text("command.stats.description"))
    @app_commands.describe(joueur=command_text("command.stats.joueur"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction[Any], joueur: discord.User | None = None) -> None:
        store = self.bot.store
        lang = reader_language(interaction, await self.bot.language(interaction.guild_id))
        titles = {name: game.title for name, game in self.bot.games.items()}
        if joueur is not None:
            rows = await store.stats(interaction.guild_id, str(joueur.id))
            title = t(lang, "stats.player", name=joueur.display_name)
            lines = [
                t(
                    lang,
                    "stats.player_line",
                    title=titles.get(r.game, r.game),
                    played=tn(lang, "stats.played", r.played),
                    won=tn(lang, "stats.won", r.won),
                )
                for r in rows
            ]
        else:
            rows = await store.stats(interaction.guild_id)
            title = t(lang, "stats.server")
            lines = [
                t(
                    lang,
                    "stats.server_line",
                    title=titles.get(r.game, r.game),
                    games=tn(lang, "stats.games", r.played),
                    minutes=r.minutes,
                )
                for r in rows
            ]
            board = await store.leaderboard(interaction.guild_id)
            if board:
                lines.append(f"\n**{t(lang, 'stats.wins')}**")
                lines += [
                    t(lang, "stats.board_line", rank=i, name=name, won=won, played=played)
                    for i, (name, played, won) in enumerate(board, 1)
                ]
            robots = await store.robot_board(interaction.guild_id)
            if robots:
                lines.append(f"\n**{t(lang, 'stats.robots')}**")
                lines += [
                    t(lang, "stats.robot_line", level=t(lang, f"robot.level.{level}"), won=won, played=played)
                    for level, played, won in robots
                    if level in ("debutant", "fort")
                ]
        embed = discord.Embed(
            title=clip(title, 256), description=clip("\n".join(lines) or t(lang, "stats.none"), 4000)
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: TaverneBot) -> None:
    await bot.add_cog(Info(bot))
