"""Reading a layout message (Components V2) as a player does: its words, its fields (a bold name
on its own line, then the value: how bot/tables/layout.py writes the presenter's fields), its
buttons and selects, its pictures. Works on discord.py's ``LayoutView`` and on the JSON the
emulator holds (``Message.components``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord

TEXT_DISPLAY, MEDIA_GALLERY, BUTTON = 10, 12, 2
SELECTS = {3, 5, 6, 7, 8}
FIELD_NAME = re.compile(r"\*\*(?P<name>[^*\n]+)\*\*")


def tree(view: discord.ui.BaseView | list[dict[str, Any]]) -> list[dict[str, Any]]:
    return view if isinstance(view, list) else view.to_components()


def walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for component in components:
        yield component
        yield from walk(component.get("components") or [])
        if isinstance(component.get("accessory"), dict):
            yield from walk([component["accessory"]])


def texts(view: discord.ui.BaseView | list[dict[str, Any]]) -> list[str]:
    return [c["content"] for c in walk(tree(view)) if c.get("type") == TEXT_DISPLAY]


def text(view: discord.ui.BaseView | list[dict[str, Any]]) -> str:
    return "\n".join(texts(view))


def fields_in(blocks: list[str]) -> dict[str, str]:
    """Every « **name** » line and the lines under it up to the next name (the board's text
    display holds nothing else)."""
    found: dict[str, list[str]] = {}
    for block in blocks:
        name: str | None = None
        for line in block.split("\n"):
            heading = FIELD_NAME.fullmatch(line)
            if heading:
                name = heading["name"]
                found[name] = []
            elif name is not None:
                found[name].append(line)
    return {name: "\n".join(lines).strip("\n") for name, lines in found.items()}


def fields(view: discord.ui.BaseView | list[dict[str, Any]]) -> dict[str, str]:
    return fields_in(texts(view))


def header(view: discord.ui.BaseView | list[dict[str, Any]]) -> str:
    """The title line (« ## Cul de chouette »), without its markdown."""
    for block in texts(view):
        first = block.split("\n")[0]
        if first.startswith("## "):
            return first[3:]
    return ""


def footer(view: discord.ui.BaseView | list[dict[str, Any]]) -> str:
    """The small line under the title (« -# Table n°1 · tour 3 »), without its markdown."""
    for block in texts(view):
        for line in block.split("\n"):
            if line.startswith("-# "):
                return line[3:]
    return ""


def items(view: discord.ui.BaseView | list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Buttons and selects, in reading order."""
    return [c for c in walk(tree(view)) if c.get("type") == BUTTON or c.get("type") in SELECTS]


def labels(view: discord.ui.BaseView | list[dict[str, Any]]) -> list[str]:
    return [c.get("label") or "" for c in items(view) if c.get("type") == BUTTON]


def pictures(view: discord.ui.BaseView | list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [i for c in walk(tree(view)) if c.get("type") == MEDIA_GALLERY for i in c.get("items") or []]
