"""The bot's side of the one translation layer (``speech/``, the catalogues): a Discord reader's
language, and discord.py's Translator for the slash commands.

Who reads what: what one person reads privately speaks their client's locale
(``interaction.locale``) when a catalogue exists for it, else the server's language (/config
langue); what the whole channel reads speaks the server's language.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import Locale, app_commands

from speech.catalogue import SOURCE, catalogues, has, languages, placeholders, t, tn

__all__ = ["SOURCE", "TaverneTranslator", "catalogues", "command_text", "has", "language_of", "languages",
           "placeholders", "reader_language", "t", "tn"]


def language_of(locale: Locale | str | None) -> str | None:
    """The catalogue for a Discord locale (``en-US`` → ``en``, ``pt-BR`` → ``pt-BR`` or ``pt``), if any."""
    if locale is None:
        return None
    code = locale.value if isinstance(locale, Locale) else str(locale)
    books = catalogues()
    for candidate in (code, code.split("-")[0]):
        if candidate in books:
            return candidate
    return None


def reader_language(interaction: discord.Interaction[Any], server: str) -> str:
    """The language of what ``interaction``'s user alone reads: their client's, else the server's."""
    return language_of(getattr(interaction, "locale", None)) or server


# --- commands: discord.py's Translator reads the same catalogues ----------------------------------


def command_text(key: str) -> app_commands.locale_str:
    """A command's name, description or choice, in French (what Discord shows by default) with its
    message id attached, so that the translator finds the other languages' words."""
    return app_commands.locale_str(t(SOURCE, key), key=key)


class TaverneTranslator(app_commands.Translator):
    """Names, descriptions, options and choices of the slash commands for each client's locale.

    A string made by ``command_text`` carries its message id; a bare one (a parameter's Python name,
    ``jeu``) is looked up as ``command.word.<name>``. French is the registered default: nothing to do.
    """

    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        lang = language_of(locale)
        if lang is None or lang == SOURCE:
            return None
        key = string.extras.get("key") or f"command.word.{string.message}"
        return catalogues()[lang].singular.get(str(key))
