"""Buttons and selects that survive a restart (``DynamicItem``): they carry everything in custom_id.

Each class only recognises its prefix; what a click does lives in the bot's ``ClickHandler``
(``interaction.client.clicks``), so these classes stay small and importable anywhere.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

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


class Clicks(Protocol):
    async def action(
        self, interaction: discord.Interaction[Any], custom_id: str, values: list[str]
    ) -> None: ...
    async def ask(self, interaction: discord.Interaction[Any], custom_id: str) -> None: ...
    async def menu(self, interaction: discord.Interaction[Any], custom_id: str) -> None: ...
    async def lobby(self, interaction: discord.Interaction[Any], custom_id: str) -> None: ...
    async def rules(self, interaction: discord.Interaction[Any], custom_id: str) -> None: ...


def clicks_of(interaction: discord.Interaction[Any]) -> Clicks:
    handler: Clicks = interaction.client.clicks
    return handler


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


class ActionButton(ui.DynamicItem[ui.Button[Any]], template=re.compile(r"tv:.*", re.DOTALL)):
    """A game action (``tv:<table>:<turn>:<code>``). The template is broad on purpose: a malformed
    id still reaches the callback, which answers privately instead of leaving the click to fail."""

    def __init__(self, item: ui.Button[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        return cls(button(match.string, "…"))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await clicks_of(interaction).action(interaction, self.custom_id, [])


class ActionSelect(ui.DynamicItem[ui.Select[Any]], template=re.compile(r"tvs:.*", re.DOTALL)):
    """A list of actions (``tvs:<table>:<turn>:<n>``); each option's value is an action code."""

    def __init__(self, item: ui.Select[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> ActionSelect:
        return cls(ui.Select(custom_id=match.string, options=[discord.SelectOption(label="…")]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await clicks_of(interaction).action(interaction, self.custom_id, list(self.item.values))


class AskButton(ui.DynamicItem[ui.Button[Any]], template=re.compile(r"tvq:.*", re.DOTALL)):
    """Opens a form for an action's free numbers or words (``tvq:<table>:<turn>:<kind>``)."""

    def __init__(self, item: ui.Button[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> AskButton:
        return cls(button(match.string, "…"))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await clicks_of(interaction).ask(interaction, self.custom_id)


class MenuButton(ui.DynamicItem[ui.Button[Any]], template=re.compile(r"tvm:.*", re.DOTALL)):
    """The table's own buttons: leave, see my hand (``tvm:<table>:<turn>:<what>``)."""

    def __init__(self, item: ui.Button[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> MenuButton:
        return cls(button(match.string, "…"))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await clicks_of(interaction).menu(interaction, self.custom_id)


class LobbyButton(ui.DynamicItem[ui.Button[Any]], template=re.compile(r"tvl:.*", re.DOTALL)):
    """Rejoindre, Quitter, Commencer (``tvl:<table>:<what>``)."""

    def __init__(self, item: ui.Button[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(button(match.string, "…"))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await clicks_of(interaction).lobby(interaction, self.custom_id)


class RulesButton(ui.DynamicItem[ui.Button[Any]], template=re.compile(r"tvr:.*", re.DOTALL)):
    """◀ ▶ through a game's rules (``tvr:<game>:<page>``)."""

    def __init__(self, item: ui.Button[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> RulesButton:
        return cls(button(match.string, "…"))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await clicks_of(interaction).rules(interaction, self.custom_id)


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    ActionButton,
    ActionSelect,
    AskButton,
    MenuButton,
    LobbyButton,
    RulesButton,
)
