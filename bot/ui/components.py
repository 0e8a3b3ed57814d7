"""Buttons and selects that survive a restart: every one is a ``TaverneItem``, the one
``DynamicItem`` of the bot, whose template matches every Taverne custom_id (``tv…:``). discord.py
routes each click on a message carrying it to ``TaverneItem.callback``, which hands it to the
router (``bot/ui/routing.py``: custom_id prefix → handler). Nothing here knows what a click does,
so these stay small and importable anywhere (the presenters build their components with them).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, Self, TypeVar

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


class Router(Protocol):
    async def route(
        self, interaction: discord.Interaction[Any], custom_id: str, values: list[str]
    ) -> None: ...


ItemT = TypeVar("ItemT", bound="ui.Item[Any]")


class TaverneItem(ui.DynamicItem[ItemT], template=TEMPLATE):
    """Any Taverne button or select; discord.py rebuilds it from the message when it is clicked."""

    def __init__(self, item: ItemT) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(item)  # type: ignore[arg-type]  # the message's own button or select

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = [str(v) for v in getattr(self.item, "values", [])]
        router: Router = interaction.client.clicks
        await router.route(interaction, self.custom_id, values)


# The names the presenters build their components with (once one class per prefix).
ActionButton = ActionSelect = AskButton = MenuButton = LobbyButton = RulesButton = TaverneItem

DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (TaverneItem,)
