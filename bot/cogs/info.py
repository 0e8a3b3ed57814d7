"""/regles, /aide, /stats: reading, not playing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from .. import rules_book
from ..options import describe_options
from ..ui.components import clip
from ..words import say
from .errors import TaverneCog

if TYPE_CHECKING:
    from ..app import TaverneBot

HELP = """\
**Ouvrir une table** : `/jouer jeu:<jeu> [options]`, puis chacun clique *Rejoindre* ; l'hôte clique \
*Commencer*. Une seule table par salon.
**Jouer** : les boutons sous le message de la table montrent ce qui est possible maintenant. Un clic \
refusé est expliqué en privé. Les cris (« Pas mou le caillou ! »…) comptent à l'heure de Discord : \
le premier clic gagne, même si le bot le reçoit en second.
**Partir** : le bouton *Quitter* sous la table ; l'hôte (ou Gérer le serveur) peut `/abandonner`.
**Inactivité** : un joueur attendu trop longtemps est prévenu, puis retiré ; une table sans activité \
est fermée.
**Le reste** : `/scores`, `/regles <jeu>`, `/stats [joueur]`.
**Rejouer une partie / signaler un bug** : `/scores` donne la graine des dés de la table ; `/jouer jeu:<jeu> options:graine=<n>` rejoue les mêmes dés.
Le bot peut redémarrer : les parties reprennent où elles en étaient, les boutons restent valables."""

HELP_EN = """**Open a table**: `/play game:<game> [options]`, then everyone clicks *Rejoindre*; the host clicks *Commencer*. One table per channel.
**Play**: the buttons under the table's message show what can be done now. A refused click is explained privately. Shouts (« Pas mou le caillou ! »…) count at Discord's time: the first click wins, even if the bot receives it second.
**Leave**: the *Quitter* button under the table; the host (or Manage Server) can `/abandon`.
**Idle**: a player waited for too long is warned, then removed; a table without activity is closed.
**Replay a game / report a bug**: `/scores` gives the table's dice seed; `/play game:<game> options:graine=<n>` replays the same dice.
**The rest**: `/scores`, `/rules <game>`, `/stats [player]`. The table itself and the rules are in French.
The bot may restart: games go on where they were, buttons stay valid."""


class Info(TaverneCog):
    def __init__(self, bot: TaverneBot) -> None:
        self.bot = bot

    @app_commands.command(name="regles", description="Les règles d'un jeu, page par page")
    @app_commands.describe(jeu="Le jeu")
    @app_commands.choices(
        jeu=[app_commands.Choice(name=title, value=name) for name, title in rules_book.TITLES.items()]
    )
    async def regles(self, interaction: discord.Interaction[Any], jeu: str) -> None:
        embed, view = rules_book.rules_page(jeu, 0)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    @app_commands.command(name="aide", description="Comment jouer avec Taverne")
    async def aide(self, interaction: discord.Interaction[Any]) -> None:
        lang = await self.bot.language(interaction.guild_id)
        embed = discord.Embed(
            title=say(lang, "help_title"),
            description=HELP_EN if lang == "en" else HELP,
            colour=discord.Colour(0x8E5B2E),
        )
        command = "play game" if lang == "en" else "jouer jeu"
        for name, game in sorted(self.bot.games.items()):
            lines = describe_options(game.options_model) or [say(lang, "no_options")]
            players = say(lang, "help_players", low=game.min_players, high=game.max_players)
            value = f"`/{command}:{name}` — {players}\n" + "\n".join(f"`{line}`" for line in lines)
            embed.add_field(name=clip(game.title, 256), value=clip(value, 1024), inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="stats", description="Parties jouées et gagnées sur ce serveur")
    @app_commands.describe(joueur="Un joueur (par défaut : tout le serveur)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction[Any], joueur: discord.User | None = None) -> None:
        store = self.bot.store
        lang = await self.bot.language(interaction.guild_id)
        titles = {name: game.title for name, game in self.bot.games.items()}
        if joueur is not None:
            rows = await store.stats(interaction.guild_id, str(joueur.id))
            title = say(lang, "stats_player", name=joueur.display_name)
            lines = [
                say(lang, "stats_player_line", title=titles.get(r.game, r.game), played=r.played, won=r.won)
                for r in rows
            ]
        else:
            rows = await store.stats(interaction.guild_id)
            title = say(lang, "stats_server")
            lines = [
                say(
                    lang, "stats_server_line", title=titles.get(r.game, r.game), played=r.played, minutes=r.minutes
                )
                for r in rows
            ]
            board = await store.leaderboard(interaction.guild_id)
            if board:
                lines.append(f"\n**{say(lang, 'stats_wins')}**")
                lines += [f"{i}. {name} : {won} / {played}" for i, (name, played, won) in enumerate(board, 1)]
        embed = discord.Embed(
            title=clip(title, 256), description=clip("\n".join(lines) or say(lang, "stats_none"), 4000)
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: TaverneBot) -> None:
    await bot.add_cog(Info(bot))
