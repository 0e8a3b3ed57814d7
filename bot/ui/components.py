"""Buttons and selects that survive a restart: every one is a ``TaverneItem``, which discord.py
neither keeps nor dispatches. Every click reaches the router (``bot/ui/routing.py``: custom_id
prefix → handler) through ``Tables.on_interaction`` alone, with its custom_id and values as Discord
sent them: nothing is rebuilt from the clicked message, and no view is kept per message sent, so a
click after a restart is answered exactly as one before it. Nothing here knows what a click does,
so these stay small and importable anywhere (the presenters build their components with them).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord
from discord import ui

LABEL_MAX = 80
OPTION_MAX = 100


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fit(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, cut at a word when it must be cut (titles, labels)."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rstrip()
    space = cut.rfind(" ")
    if space >= limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:-–(") + "…"


def button(
    custom_id: str,
    label: str,
    *,
    emoji: str | None = None,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
) -> ui.Button[Any]:
    return ui.Button(
        custom_id=custom_id, label=clip(label, LABEL_MAX), emoji=emoji, style=style, disabled=disabled
    )


# Every custom_id this bot writes: ``tv`` and a few letters (the prefix), a colon, the rest. Broad on
# purpose: a malformed id still reaches the router, which answers privately instead of leaving the
# click to fail.
TEMPLATE = re.compile(r"(?P<prefix>tv[a-z]*):.*", re.DOTALL)


# A presenter's own handler for its prefix (``Presenter.routes``): the click, its custom_id, its values.
ClickRoute = Callable[[discord.Interaction[Any], str, list[str]], Awaitable[None]]


ItemT = TypeVar("ItemT", bound="ui.Item[Any]")

# What ``TaverneItem`` checks an id against when one is built (a Taverne prefix). discord.py
# dispatches a ``DynamicItem`` only when its template matches the WHOLE custom_id, which this one never
# does (it ends with a look-ahead): even a view discord.py keeps regardless (an answer sent with
# ``send_message`` is always kept) makes it dispatch nothing. The router's one entry takes the click.
ITEM_TEMPLATE = re.compile(r"tv[a-z]*:(?=.)", re.DOTALL)


class TaverneItem(ui.DynamicItem[ItemT], template=ITEM_TEMPLATE):
    """Any Taverne button or select. A ``DynamicItem`` for its delegation to the wrapped item (what
    is sent is that item's own component), not for discord.py's dispatch: a view holding only these
    is not dispatchable, so editing or posting it stores nothing in discord.py's view store, and a
    click on it is never rebuilt into a ``View`` from the message."""

    def __init__(self, item: ItemT) -> None:
        super().__init__(item)

    def is_dispatchable(self) -> bool:
        return False


# The names the presenters build their components with (once one class per prefix).
ActionButton = ActionSelect = AskButton = MenuButton = LobbyButton = RulesButton = TaverneItem
