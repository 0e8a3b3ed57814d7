"""Every private answer goes out through ``answer_privately``: clipped to Discord's 2000 characters
by construction, so no refusal, however long the words it quotes, can be refused by Discord."""

from __future__ import annotations

from typing import Any

import discord

from .components import clip

MESSAGE_MAX = 2000


async def answer_privately(interaction: discord.Interaction[Any], text: str | None, **extra: Any) -> None:
    """``text`` (and an embed, view or files in ``extra``) to the clicker alone: the answer to the
    interaction, or a followup once it was answered or deferred."""
    if text:
        extra["content"] = clip(text, MESSAGE_MAX)
    view = extra.get("view")
    if isinstance(view, (discord.ui.View, discord.ui.LayoutView)):
        # Nothing of it is dispatched by discord.py (the router takes its clicks); a view still
        # « listening » would be kept 15 minutes, with a timer, for each private answer.
        view.stop()
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=True, **extra)
    else:
        await interaction.response.send_message(ephemeral=True, **extra)
