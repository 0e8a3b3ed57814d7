"""The bot's own sentences in the server's language (/config langue): French, or English.

Game words are never translated (Chouette, Bévue, graine…). What these cover: /config, /jouer's
refusals, /scores, /stats, /aide and the table errors those commands show. The table itself (lobby,
buttons, events, private answers to clicks) and the rules stay French.
"""

from __future__ import annotations

from typing import Any

from discord import Locale, app_commands

from .i18n import ENGLISH_LOCALES, TaverneTranslator
from .sessions import TableError

FR: dict[str, str] = {
    "not_here": "Pas de partie dans ce salon : sur ce serveur, on joue dans {channels}.",
    "config_refused": (
        "Seul·e un·e membre avec la permission *Gérer le serveur* peut voir et changer les réglages de Taverne."
    ),
    "config_title": "Réglages de Taverne sur ce serveur",
    "config_channels": "Salons de jeu",
    "everywhere": "partout",
    "config_defaults": "Options par défaut de /jouer",
    "none": "aucune",
    "config_language": "Langue des messages du bot",
    "language_name": "français",
    "config_saved": "✅ Réglages enregistrés.",
    "config_how": (
        "`/config salons:#jeux #taverne` (ou `partout`) · `/config jeu:cabane options:mode=bataille` "
        "(ou `aucune`) · `/config langue:en`. Les options tapées dans /jouer passent avant."
    ),
    "config_bad_channel": "Salon introuvable : « {word} ». Donne des salons (#jeux) séparés d'espaces, ou « partout ».",
    "config_options_need_game": "Dis de quel jeu (`jeu:`) ces options sont les options par défaut.",
    "config_no_default_seed": "La graine ne peut pas être une option par défaut : elle se choisit à chaque /jouer.",
    "oops": "Oups, quelque chose s'est mal passé. Réessaie dans un instant.",
    "seed": "Graine des dés : {seed} — `/jouer jeu:{game} options:graine={seed}` rejoue la même partie (à citer pour signaler un bug).",
    "stats_player": "Statistiques de {name}",
    "stats_server": "Statistiques du serveur",
    "stats_player_line": "**{title}** : {played} jouée(s), {won} gagnée(s)",
    "stats_server_line": "**{title}** : {played} partie(s), {minutes:.0f} min en moyenne",
    "stats_wins": "Victoires",
    "stats_none": "Aucune partie terminée pour l'instant.",
    "help_title": "Taverne — aide",
    "help_players": "{low} à {high} joueurs",
    "no_options": "aucune option",
    "abandoned": "🏳️ Partie de {game} abandonnée par {who}.",
}

EN: dict[str, str] = {
    "not_here": "No games in this channel: on this server, games are played in {channels}.",
    "config_refused": "Only a member with the *Manage Server* permission can see and change Taverne's settings.",
    "config_title": "Taverne's settings on this server",
    "config_channels": "Game channels",
    "everywhere": "everywhere",
    "config_defaults": "Default /play options",
    "none": "none",
    "config_language": "Language of the bot's messages",
    "language_name": "English",
    "config_saved": "✅ Settings saved.",
    "config_how": (
        "`/config channels:#games #tavern` (or `partout`) · `/config game:cabane options:mode=bataille` "
        "(or `aucune`) · `/config language:fr`. Options typed in /play come first."
    ),
    "config_bad_channel": "Unknown channel: “{word}”. Give channels (#games) separated by spaces, or “partout”.",
    "config_options_need_game": "Say which game (`game:`) these default options are for.",
    "config_no_default_seed": "The seed (graine) cannot be a default option: it is chosen at each /play.",
    "oops": "Oops, something went wrong. Try again in a moment.",
    "seed": "Dice seed: {seed} — `/play game:{game} options:graine={seed}` replays the same game (quote it in a bug report).",
    "stats_player": "{name}'s statistics",
    "stats_server": "Server statistics",
    "stats_player_line": "**{title}**: {played} played, {won} won",
    "stats_server_line": "**{title}**: {played} game(s), {minutes:.0f} min on average",
    "stats_wins": "Wins",
    "stats_none": "No finished game yet.",
    "help_title": "Taverne — help",
    "help_players": "{low} to {high} players",
    "no_options": "no options",
    "abandoned": "🏳️ {game} game abandoned by {who}.",
}

# The table errors the commands show, in English (the French ones are the session manager's own).
TABLE_EN: dict[str, str] = {
    "channel_taken": "A {game} table is already open in this channel: join it, or wait for its end.",
    "no_table": "No table is open in this channel. Open one with /play.",
    "unknown_game": "Unknown game: {game}. Available games: {games}.",
    "bad_options": "Invalid options for {game}: {detail}",
    "not_host_or_admin": "Only the table's host ({host}) or an admin (Manage Server) can abandon it.",
    "engine_error": "The game hit an error: nothing was done. Admins can read the log.",
    "storage": "The database is unavailable right now: nothing was done, try again in a moment.",
    "bad_delay": "The delay must be a number of minutes from {low} to {high}.",
}


def say(lang: str, key: str, **params: Any) -> str:
    template = (EN if lang == "en" else FR).get(key) or FR[key]
    return template.format(**params)


def table_error(lang: str, error: TableError) -> str:
    template = TABLE_EN.get(error.code) if lang == "en" else None
    if template is None:
        return error.text
    try:
        return template.format(**error.params)
    except (KeyError, IndexError, ValueError):
        return error.text



# English names of the commands this file's cogs added or reworded (the others are in bot/i18n.py).
COMMANDS_EN: dict[str, str] = {
    "config": "config",
    "Réglages de Taverne sur ce serveur (Gérer le serveur)": "Taverne's settings on this server (Manage Server)",
    "salons": "channels",
    "Salons où jouer, ex. « #jeux #taverne », ou « partout »": "Channels for games, e.g. “#games #tavern”, or “partout”",
    "Le jeu dont on règle les options par défaut": "The game whose default options are set",
    "Options par défaut de ce jeu (clé=valeur), ou « aucune »": "This game's default options (key=value), or “aucune”",
    "langue": "language",
    "Langue des messages du bot": "Language of the bot's messages",
}


class CommandTranslator(TaverneTranslator):
    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if locale in ENGLISH_LOCALES and string.message in COMMANDS_EN:
            return COMMANDS_EN[string.message]
        return await super().translate(string, locale, context)
