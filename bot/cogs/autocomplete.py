"""The suggestions /jouer and /config offer while a game and its options are typed."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Mapping
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from games.core import Game

from ..i18n import reader_language
from ..options import option_choices

if TYPE_CHECKING:
    from ..app import TaverneBot

Suggest = Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]


def _games(interaction: discord.Interaction[Any]) -> Mapping[str, Game[Any]]:
    """The bot's games (a plain function is handed no cog: they are read from the client)."""
    return cast("TaverneBot", interaction.client).games


async def game_names(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
    current = current.lower()
    return [
        app_commands.Choice(name=game.title, value=name)
        for name, game in _games(interaction).items()
        if current in name or current in game.title.lower()
    ][:25]


def option_words(*, seed: bool = True) -> Suggest:
    """Each option's possible values (``mode=bataille``, ``cible=3`` … ``7``) for the game chosen in
    ``jeu``, and ``graine=`` when ``seed`` (a server's defaults have no seed)."""

    async def suggest(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        chosen = getattr(interaction.namespace, "jeu", None)
        game = _games(interaction).get(str(chosen)) if chosen else None
        if game is None:
            return []
        # Only the one typing reads the suggestions: their client's language, else the server's.
        lang = reader_language(interaction, await cast("TaverneBot", interaction.client).language(interaction.guild_id))
        pairs = option_choices(game, current, seed=seed, lang=lang)
        return [app_commands.Choice(name=label, value=value) for label, value in pairs]

    return suggest
