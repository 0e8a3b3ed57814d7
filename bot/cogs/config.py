"""/config: a server's settings (Manage Server only) — where games may be played, each game's
default options for /jouer, the language of the bot's own messages. Without arguments: shown."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from .. import guild_config
from ..guild_config import GuildConfig
from ..i18n import command_text, languages, reader_language, t
from ..options import check_options, read_table_options, shown_value
from ..sessions import TableError
from ..ui.components import clip
from ..ui.private import answer_privately
from ..words import table_error
from .autocomplete import game_names, option_words
from .errors import TaverneCog

if TYPE_CHECKING:
    from ..app import TaverneBot

EVERYWHERE = {"partout", "tous", "tout", "everywhere", "all"}
NONE = {"aucune", "aucun", "rien", "none"}
_MENTION = re.compile(r"^<#(\d+)>$")


class ConfigError(Exception):
    """A value /config cannot take; ``key`` and ``params`` name the sentence in the catalogues."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def parse_channels(text: str, channels: Mapping[int, str]) -> list[int]:
    """``<#id>`` mentions, ``#nom`` or ``nom`` of this server's channels, or « partout » (none: every
    channel); ``channels`` maps the server's channel ids to their names."""
    words = text.replace(",", " ").split()
    if any(w.lower() in EVERYWHERE for w in words):
        return []
    by_name = {name.lower(): channel_id for channel_id, name in channels.items()}
    chosen: list[int] = []
    for word in words:
        mention = _MENTION.match(word)
        if mention:
            channel_id: int | None = int(mention.group(1))
        elif word.isdigit():
            channel_id = int(word)
        else:
            channel_id = by_name.get(word.lstrip("#").lower())
        if channel_id is None or channel_id not in channels:
            raise ConfigError("config.bad_channel", word=word)
        if channel_id not in chosen:
            chosen.append(channel_id)
    return chosen


def describe(config: GuildConfig, lang: str) -> discord.Embed:
    """The server's settings in ``lang`` (the reader's); its language named in its own words."""
    embed = discord.Embed(title=t(lang, "config.title"), colour=discord.Colour(0x8E5B2E))
    channels = " ".join(f"<#{c}>" for c in config.channels) or t(lang, "config.everywhere")
    embed.add_field(name=t(lang, "config.channels"), value=clip(channels, 1024), inline=False)
    defaults = "\n".join(
        t(lang, "config.default_line", game=game, options=" ".join(f"`{k}={shown_value(v, lang)}`" for k, v in options.items()))
        for game, options in sorted(config.defaults.items())
        if options
    )
    embed.add_field(name=t(lang, "config.defaults"), value=clip(defaults or t(lang, "config.none"), 1024), inline=False)
    embed.add_field(name=t(lang, "config.language"), value=t(config.language, "language.name"), inline=False)
    embed.set_footer(text=clip(t(lang, "config.how").replace("`", ""), 2048))
    return embed




class Config(TaverneCog):
    def __init__(self, bot: TaverneBot) -> None:
        self.bot = bot

    @app_commands.command(name="config", description=command_text("command.config.description"))
    @app_commands.describe(
        salons=command_text("command.config.salons"),
        jeu=command_text("command.config.jeu"),
        options=command_text("command.config.options"),
        langue=command_text("command.config.langue"),
    )
    # One choice per catalogue present, named in its own language (a name is not translated).
    @app_commands.choices(langue=[app_commands.Choice(name=t(lang, "language.name"), value=lang) for lang in languages()])
    @app_commands.autocomplete(jeu=game_names, options=option_words(seed=False))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def config(
        self,
        interaction: discord.Interaction[Any],
        salons: str | None = None,
        jeu: str | None = None,
        options: str | None = None,
        langue: str | None = None,
    ) -> None:
        store = self.bot.store
        guild_id = interaction.guild_id
        assert guild_id is not None
        config = await guild_config.load(store, guild_id)
        lang = reader_language(interaction, config.language)
        # Checked here too: a server may have given the command to others in its integration settings.
        if not interaction.permissions.manage_guild:
            await answer_privately(interaction, t(lang, "config.refused"))
            return
        changed = any(v is not None for v in (salons, options, langue))
        try:
            if salons is not None:
                guild = interaction.guild
                known = {c.id: c.name for c in guild.channels} if guild is not None else {}
                config.channels = parse_channels(salons, known)
            if options is not None or jeu is not None:
                self._set_defaults(config, jeu, options, lang)
        except ConfigError as error:
            await answer_privately(interaction, t(lang, error.key, **error.params))
            return
        except TableError as error:
            await answer_privately(interaction, table_error(lang, error))
            return
        if langue in guild_config.LANGUAGES:
            config.language = langue
        if changed:
            await guild_config.save(store, guild_id, config)
            # The tables draw synchronously from the manager's copy of each server's language.
            self.bot.manager.set_language(guild_id, config.language)
        lang = reader_language(interaction, config.language)
        content = t(lang, "config.saved") if changed else None
        await answer_privately(interaction, content, embed=describe(config, lang))

    def _set_defaults(self, config: GuildConfig, jeu: str | None, options: str | None, lang: str) -> None:
        if jeu is None:
            raise ConfigError("config.options_need_game")
        game = self.bot.games.get(jeu)
        if game is None:
            raise TableError("unknown_game", game=jeu, games=", ".join(sorted(self.bot.games)))
        if options is None:
            return
        if options.strip().lower() in NONE:
            config.defaults.pop(jeu, None)
            return
        typed = read_table_options(game, options, lang)
        if typed.seed is not None:
            raise ConfigError("config.no_default_seed")
        checked = check_options(game, typed.options, lang)
        config.defaults[jeu] = {key: checked[key] for key in typed.options}


async def setup(bot: TaverneBot) -> None:
    await bot.add_cog(Config(bot))
