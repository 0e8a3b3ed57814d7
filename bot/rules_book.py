"""The rule texts shown by /regles, cut into pages that fit an embed, in the reader's language.

``bot/data/rules/<file>.fr.txt`` (``FILES`` names each game's file) are the reference;
``<file>.<language>.txt`` are versions written for players of another language (game words kept French). A language without its text reads the French."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable

import discord

from .i18n import SOURCE, t
from .ui import ids
from .ui.components import RulesButton, button

# The texts are package data (bot/data/rules/), read the same in a checkout or an installed wheel.
RULES_DIR: Traversable = files("bot") / "data" / "rules"
FILES: dict[str, str] = {
    "culdechouette": "cul-de-chouette",
    "cabane": "cabane-sul-dos",
    "chevre": "dominos-chevre",
    "barricade": "barricade-ruee-vers-l-or",
    "ludicitude": "ludicitude",
}
TITLES: dict[str, str] = {
    "culdechouette": "Cul de chouette",
    "cabane": "La Cabane sul' Dos",
    "chevre": "Dominos « Chèvre »",
    "barricade": "Barricade / Ruée vers l'or",
    "ludicitude": "Ludicitude",
}
PAGE_CHARS = 3000  # well under the 4096 of an embed's description, and easy to read on a phone


def paginate(text: str, limit: int = PAGE_CHARS) -> list[str]:
    """Pages of whole paragraphs (lines when a paragraph is too long, words when a line is)."""
    pages: list[str] = []
    current = ""

    def push(piece: str, sep: str) -> None:
        nonlocal current
        if current and len(current) + len(sep) + len(piece) > limit:
            pages.append(current)
            current = ""
        current = f"{current}{sep}{piece}" if current else piece

    for paragraph in text.strip().split("\n\n"):
        if len(paragraph) <= limit:
            push(paragraph, "\n\n")
            continue
        for line in paragraph.split("\n"):
            while len(line) > limit:
                cut = line.rfind(" ", 0, limit) if " " in line[:limit] else limit
                push(line[:cut], "\n")
                line = line[cut:].lstrip()
            push(line, "\n")
    if current:
        pages.append(current)
    return pages or [""]


# The ◀ ▶ buttons keep their page's language in their custom_id without a new id format (the click
# handler passes only a game and a page number): a page number carries its language, read as a base-36
# number (« en » = 527), times this; French is 0, so the buttons of earlier versions stay valid.
LANGUAGE_STRIDE = 10_000


def page_word(page: int, lang: str) -> int:
    return page if lang == SOURCE or not lang.isalnum() else page + int(lang, 36) * LANGUAGE_STRIDE


def read_page_word(word: int) -> tuple[int, str]:
    """A button's page number, and the language it was shown in."""
    code, page = divmod(word, LANGUAGE_STRIDE)
    if code == 0:
        return page, SOURCE
    lang = ""
    while code:
        code, digit = divmod(code, 36)
        lang = "0123456789abcdefghijklmnopqrstuvwxyz"[digit] + lang
    return page, lang


def path_of(game: str, lang: str) -> Traversable:
    """The text in ``lang`` when there is one, else the French reference."""
    own = RULES_DIR / f"{FILES[game]}.{lang}.txt"
    return own if own.is_file() else RULES_DIR / f"{FILES[game]}.{SOURCE}.txt"


@cache
def pages(game: str, lang: str = SOURCE) -> list[str]:
    path = path_of(game, lang)
    try:
        return paginate(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        # An install that left the package data out: say where the texts should be.
        return [t(lang, "rules.missing", path=path)]


def rules_page(game: str, page: int, lang: str | None = None) -> tuple[discord.Embed, discord.ui.View]:
    """Page ``page`` (clamped) of a game's rules, with ◀ ▶ buttons that work after a restart.

    Without ``lang``, ``page`` is a button's page number, which carries the language it was shown in."""
    if lang is None:
        page, lang = read_page_word(page)
    book = pages(game, lang)
    page = max(0, min(page, len(book) - 1))
    embed = discord.Embed(title=t(lang, "rules.title", game=TITLES.get(game, game)), description=book[page])
    embed.set_footer(text=t(lang, "rules.page", page=page + 1, pages=len(book)))
    view = discord.ui.View(timeout=None)
    if len(book) > 1:
        back, on = max(0, page - 1), min(len(book) - 1, page + 1)
        view.add_item(RulesButton(button(ids.rules_id(game, page_word(back, lang)), "◀", disabled=page == 0)))
        view.add_item(
            RulesButton(button(ids.rules_id(game, page_word(on, lang)), "▶", disabled=page == len(book) - 1))
        )
    return embed, view
