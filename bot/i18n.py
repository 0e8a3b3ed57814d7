"""English names and descriptions for the French slash commands (discord.py's Translator).

French is the commands' own language; an English Discord client sees these. Game words (Chouette,
Bévue…) are never translated.
"""

from __future__ import annotations

from discord import Locale, app_commands

ENGLISH: dict[str, str] = {
    "jouer": "play",
    "Ouvrir une table de jeu dans ce salon": "Open a game table in this channel",
    "jeu": "game",
    "Le jeu": "The game",
    "options": "options",
    "Options du jeu, ex. « negatives=false strict=true »": "Game options, e.g. “negatives=false strict=true”",
    "negatifs": "negatives",
    "Scores négatifs autorisés (Cul de chouette)": "Negative scores allowed (Cul de chouette)",
    "strict": "strict",
    "Jouer hors de son tour est une Bévue (Cul de chouette)": "Playing out of turn is a Bévue (Cul de chouette)",
    "delai": "timeout",
    "Minutes laissées à un joueur attendu avant l'avertissement (retiré au double)": (
        "Minutes a player may take before a warning (removed at twice this)"
    ),
    "abandonner": "abandon",
    "Abandonner la partie de ce salon (hôte ou Gérer le serveur)": "Abandon this channel's game (host or Manage Server)",
    "scores": "scores",
    "Les scores de la partie en cours dans ce salon": "Scores of the game in this channel",
    "regles": "rules",
    "Les règles d'un jeu, page par page": "A game's rules, page by page",
    "aide": "help",
    "Comment jouer avec Taverne": "How to play with Taverne",
    "stats": "stats",
    "Parties jouées et gagnées sur ce serveur": "Games played and won on this server",
    "joueur": "player",
    "Un joueur (par défaut : tout le serveur)": "A player (default: the whole server)",
}

ENGLISH_LOCALES = {Locale.american_english, Locale.british_english}


class TaverneTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if locale in ENGLISH_LOCALES:
            return ENGLISH.get(string.message)
        return None
