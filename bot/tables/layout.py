"""The table message and a private hand as ONE layout message (discord.py's ``ui.LayoutView``,
Discord's Components V2): a container in the game's colour holding, in order, the header (the game,
the table and its turn), the scoreboard, the pictures in a gallery, the latest news, then the
buttons of the moment (a ``Section`` with its button beside the words it acts on, where the
presenter says so; rows of buttons otherwise), then the table's menu.

Discord's limits hold by construction: at most 40 components counted through the tree (a Section
with its button is three), 4000 characters of text, 10 pictures in a gallery. The news give way
first (the oldest lines go), then rows of buttons (never the menu), each dropped with a log line; a
test draws every game's largest tables and finds nothing dropped.

The words come from the presenter's embed (``Presenter.embed``: title, description, fields,
footer, colour), kept as the one place where a game says what its table reads.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import ui

from speech import t

from ..ui.components import clip

log = logging.getLogger(__name__)

COMPONENTS_MAX = 40
TEXT_MAX = 4000
GALLERY_MAX = 10
DESCRIPTION_MAX = 1024  # a gallery item's words for screen readers
# Kept free for what comes after the menu row (a « Revanche » at the end, say): the menu row may
# grow to five buttons, so the other parts plan without these.
MENU_RESERVE = 1 + 5


@dataclass
class Beside:
    """Words and the one button that acts on them: a ``Section`` (three components)."""

    text: str
    item: ui.Item[Any]


@dataclass
class Buttons:
    """What may be clicked on a message, in order: sections, rows, then the menu row."""

    sections: list[Beside] = field(default_factory=list)
    rows: list[list[ui.Item[Any]]] = field(default_factory=list)
    menu: list[ui.Item[Any]] = field(default_factory=list)


def field_block(name: str, value: str) -> str:
    """One field of the presenter's words: its name in bold on its own line, then its value."""
    return f"**{name}**\n{value}"


def header_text(embed: discord.Embed) -> str:
    head = f"## {embed.title}" if embed.title else ""
    footer = embed.footer.text if embed.footer and embed.footer.text else ""
    return "\n".join(p for p in (head, f"-# {footer}" if footer else "") if p)


def board_text(embed: discord.Embed) -> str:
    return "\n\n".join(field_block(f.name or "", f.value or "") for f in embed.fields)


def trimmed_news(text: str, room: int) -> str:
    """The latest lines of ``text`` that fit in ``room`` characters (the oldest go first)."""
    if len(text) <= room:
        return text
    lines = text.split("\n")
    while lines and len("\n".join(lines)) > room:
        lines.pop(0)
    kept = "\n".join(lines)
    if not kept and room > 0:
        kept = clip(text.split("\n")[-1], room)
    log.warning("mise en page : nouvelles raccourcies à %d caractères", room)
    return kept


def gallery(files: Sequence[discord.File], alt: str) -> ui.MediaGallery[Any] | None:
    """The pictures shown by their attachment names, each with words for screen readers."""
    items = [
        discord.MediaGalleryItem(f"attachment://{f.filename}", description=clip(f.description or alt, DESCRIPTION_MAX))
        for f in files[:GALLERY_MAX]
    ]
    if len(files) > GALLERY_MAX:
        log.warning("mise en page : %d images, seules %d tiennent", len(files), GALLERY_MAX)
    return ui.MediaGallery(*items) if items else None


def row_cost(row: Sequence[ui.Item[Any]]) -> int:
    return 1 + len(row)


def placed(buttons: Buttons, room: int) -> tuple[list[Beside], list[list[ui.Item[Any]]]]:
    """The sections and rows that fit in ``room`` components. Sections that do not fit give their
    buttons back to rows (one component each instead of three); rows that do not fit are dropped."""
    sections = list(buttons.sections)
    moved: list[ui.Item[Any]] = []

    def rows_now() -> list[list[ui.Item[Any]]]:
        return [moved[i : i + 5] for i in range(0, len(moved), 5)] + [list(r) for r in buttons.rows]

    def cost() -> int:
        return 3 * len(sections) + sum(row_cost(r) for r in rows_now())

    while sections and cost() > room:
        moved.insert(0, sections.pop().item)
    rows = rows_now()
    while rows and 3 * len(sections) + sum(row_cost(r) for r in rows) > room:
        rows.pop()
        log.warning("mise en page : une rangée de boutons ne tient pas")
    return sections, rows


def layout(
    *,
    colour: discord.Colour | int | None,
    header: str,
    board: str = "",
    news: str = "",
    files: Sequence[discord.File] = (),
    alt: str = "",
    buttons: Buttons | None = None,
) -> ui.LayoutView:
    """One message: header, board, pictures, news, then the buttons, within Discord's limits."""
    buttons = buttons or Buttons()
    menu = buttons.menu[:5]
    words = [w for w in (header, board) if w]
    fixed = sum(len(w) for w in words) + sum(len(s.text) for s in buttons.sections)
    if fixed > TEXT_MAX - 200:  # the board is clipped before the header; news keep a line or two
        board = clip(board, max(0, TEXT_MAX - 200 - len(header) - sum(len(s.text) for s in buttons.sections)))
        fixed = len(header) + len(board) + sum(len(s.text) for s in buttons.sections)
    news = trimmed_news(news, TEXT_MAX - fixed)
    pictures = gallery(files, alt)
    parts: list[ui.Item[Any]] = [ui.TextDisplay(w) for w in (header, board) if w]
    if pictures is not None:
        parts.append(pictures)
    if news:
        parts.append(ui.TextDisplay(news))
    # The container, its texts and gallery, the separator, the menu row (as large as it may grow).
    used = 1 + len(parts) + 1 + MENU_RESERVE
    sections, rows = placed(buttons, COMPONENTS_MAX - used)
    if sections or rows or menu:
        parts.append(ui.Separator())
    for section in sections:
        parts.append(ui.Section(ui.TextDisplay(section.text), accessory=section.item))
    for row in rows:
        parts.append(ui.ActionRow(*row))
    if menu:
        parts.append(ui.ActionRow(*menu))
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.Container(*parts, accent_colour=colour))
    return view


def table_layout(
    embed: discord.Embed, files: Sequence[discord.File], buttons: Buttons | None, lang: str, note: str = ""
) -> ui.LayoutView:
    """The table message from the presenter's words (its embed), pictures and buttons; ``note``
    under the header (/scores: the table's seed)."""
    header = header_text(embed)
    return layout(
        colour=embed.colour,
        header=f"{header}\n{note}" if note else header,
        board=board_text(embed),
        news=embed.description or "",
        files=files,
        alt=t(lang, "layout.picture", title=embed.title or ""),
        buttons=buttons,
    )


def rows_of(items: Iterable[ui.Item[Any]]) -> list[list[ui.Item[Any]]]:
    """A classic view's items grouped by the row each was given (five to a row when none was)."""
    rows: dict[int, list[ui.Item[Any]]] = {}
    loose: list[ui.Item[Any]] = []
    for item in items:
        if item.row is None:
            loose.append(item)
        else:
            rows.setdefault(item.row, []).append(item)
    ordered = [rows[r] for r in sorted(rows)]
    return ordered + [loose[i : i + 5] for i in range(0, len(loose), 5)]


def hand_layout(
    text: str | None,
    view: ui.View | None,
    files: Sequence[discord.File],
    colour: discord.Colour | int | None,
    lang: str,
) -> ui.LayoutView:
    """A private hand: its words, its pictures, its buttons (what only that player may do)."""
    rows = rows_of(view.children) if view is not None else []
    return layout(
        colour=colour,
        header="",
        news=text or "",
        files=files,
        alt=t(lang, "layout.hand_picture"),
        buttons=Buttons(rows=rows),
    )


def without_buttons(view: ui.LayoutView) -> ui.LayoutView:
    """The same message with nothing left to click: rows taken out, sections kept as their words."""
    bare = ui.LayoutView(timeout=None)
    for top in view.children:
        if isinstance(top, ui.Container):
            kept = [_bare(c) for c in top.children if not isinstance(c, ui.ActionRow)]
            kept = [c for c in kept if not isinstance(c, ui.Separator)]
            if kept:
                bare.add_item(ui.Container(*kept, accent_colour=top.accent_colour))
        elif not isinstance(top, ui.ActionRow):
            bare.add_item(_bare(top))
    return bare


def _bare(item: ui.Item[Any]) -> ui.Item[Any]:
    if isinstance(item, ui.Section):
        return ui.TextDisplay("\n".join(c.content for c in item.children if isinstance(c, ui.TextDisplay)))
    return item
