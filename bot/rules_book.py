"""The rule texts shown by /regles, cut into pages that fit an embed."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable

import discord

from .ui import ids
from .ui.components import RulesButton, button

# The texts are package data (bot/data/rules/), read the same in a checkout or an installed wheel.
RULES_DIR: Traversable = files("bot") / "data" / "rules"
FILES: dict[str, str] = {
    "culdechouette": "cul-de-chouette.fr.txt",
    "cabane": "cabane-sul-dos.fr.txt",
    "chevre": "dominos-chevre.fr.txt",
    "barricade": "barricade-ruee-vers-l-or.fr.txt",
    "ludicitude": "ludicitude.fr.txt",
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


@cache
def pages(game: str) -> list[str]:
    path = RULES_DIR / FILES[game]
    try:
        return paginate(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        # An install that left the package data out: say where the texts should be.
        return [f"Le texte des règles est introuvable ({path}). Les admins doivent le remettre en place."]


def rules_page(game: str, page: int) -> tuple[discord.Embed, discord.ui.View]:
    """Page ``page`` (clamped) of a game's rules, with ◀ ▶ buttons that work after a restart."""
    book = pages(game)
    page = max(0, min(page, len(book) - 1))
    embed = discord.Embed(title=f"Règles — {TITLES.get(game, game)}", description=book[page])
    embed.set_footer(text=f"Page {page + 1} / {len(book)}")
    view = discord.ui.View(timeout=None)
    if len(book) > 1:
        view.add_item(RulesButton(button(ids.rules_id(game, max(0, page - 1)), "◀", disabled=page == 0)))
        view.add_item(
            RulesButton(
                button(ids.rules_id(game, min(len(book) - 1, page + 1)), "▶", disabled=page == len(book) - 1)
            )
        )
    return embed, view
