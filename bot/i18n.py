"""The one translation layer: every sentence of the bot's own lives in a gettext catalogue,
``bot/data/locales/<language>.po`` (package data), looked up by a message id such as ``config.title``.

French is the source language (``fr.po`` is complete by construction: a test checks it), and a
sentence missing from another catalogue falls back to French. The languages are the catalogues
present: dropping ``de.po`` next to the others is all a third language takes (docs/I18N.md).
Game words (Chouette, Velute, bazar…) are never translated: the catalogues keep them in French.

Who reads what: what one person reads privately speaks their client's locale
(``interaction.locale``) when a catalogue exists for it, else the server's language (/config
langue); what the whole channel reads speaks the server's language.
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

import discord
from babel.messages.pofile import read_po
from discord import Locale, app_commands

SOURCE = "fr"
LOCALES_DIR: Traversable = files("bot") / "data" / "locales"


@dataclass(frozen=True)
class Catalogue:
    language: str
    singular: Mapping[str, str]
    plural: Mapping[str, tuple[str, ...]]
    plural_index: Callable[[int], int]


def _read(path: Traversable, language: str) -> Catalogue:
    with path.open("rb") as fp:
        po = read_po(fp, locale=language.replace("-", "_"))
    singular: dict[str, str] = {}
    plural: dict[str, tuple[str, ...]] = {}
    for message in po:
        if not message.id:
            continue  # the header
        if isinstance(message.id, (list, tuple)):
            forms = tuple(message.string) if isinstance(message.string, (list, tuple)) else ()
            if forms and all(forms):
                plural[str(message.id[0])] = tuple(str(f) for f in forms)
        elif message.string:
            singular[str(message.id)] = str(message.string)
    return Catalogue(language, singular, plural, gettext.c2py(po.plural_expr))


@cache
def catalogues() -> dict[str, Catalogue]:
    """Every catalogue present, by language code (the file's name without ``.po``)."""
    found = {
        entry.name.removesuffix(".po"): entry
        for entry in LOCALES_DIR.iterdir()
        if entry.is_file() and entry.name.endswith(".po")
    }
    return {language: _read(found[language], language) for language in sorted(found)}


def languages() -> tuple[str, ...]:
    """The languages a server or a reader may have: French first, then the others found."""
    return (SOURCE, *(lang for lang in catalogues() if lang != SOURCE))


def _template(lang: str, key: str) -> str:
    books = catalogues()
    for language in (lang, SOURCE):
        book = books.get(language)
        if book is not None and key in book.singular:
            return book.singular[key]
    raise KeyError(f"message id {key!r} is in no catalogue")


def t(lang: str, key: str, /, **params: Any) -> str:
    """The sentence ``key`` in ``lang`` (French when that catalogue lacks it), filled with ``params``."""
    return _template(lang, key).format(**params)


def tn(lang: str, key: str, n: int, /, **params: Any) -> str:
    """The plural sentence ``key`` for ``n`` (also passed as ``{n}``), by the language's own plural rule."""
    books = catalogues()
    for language in (lang, SOURCE):
        book = books.get(language)
        if book is not None and key in book.plural:
            forms = book.plural[key]
            form = forms[min(book.plural_index(n), len(forms) - 1)]
            return form.format(n=n, **params)
    raise KeyError(f"plural message id {key!r} is in no catalogue")


def has(lang: str, key: str) -> bool:
    book = catalogues().get(lang)
    return book is not None and (key in book.singular or key in book.plural)


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


def placeholders(template: str) -> set[str]:
    """The ``{names}`` a sentence expects (its format specs aside): French and English must agree."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


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
