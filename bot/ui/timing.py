"""A click's time and Discord's 3 s rule: Discord's own time of a click, and deferring a click whose
answer would otherwise come too late."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

from ..sessions import stored
from .components import clip

T = TypeVar("T")
log = logging.getLogger(__name__)

UNKNOWN_INTERACTION = 10062  # Discord's code for a click answered too late (or unknown)

# Past this, the click is deferred so Discord's 3 s limit is never missed while the table is busy.
# Counted from Discord's own time of the click: in a burst a click may wait its turn on the event
# loop before the bot even reads it, and that wait counts towards the 3 s too.
ANSWER_WITHIN_S = 2.0
# A click this old when its table is about to be drawn and sent is deferred first (the drawing and
# the upload may take the rest of the 3 s on a loaded bot).
DEFER_WHEN_LATE_S = 1.5
# Older than this (or from the future), the click's time says the clocks disagree, not its age.
AGE_TRUSTED_S = 15.0


def at_ms(interaction_or_message: discord.Interaction[Any] | discord.Message) -> int:
    """Discord's own time of the click or message (``created_at``, read exactly from the snowflake
    rather than through a float), to the millisecond."""
    return (interaction_or_message.id >> 22) + discord.utils.DISCORD_EPOCH


def age_s(interaction: discord.Interaction[Any], now_ms: int) -> float:
    """How long ago Discord sent the click, by its snowflake; 0 when the clocks plainly disagree.
    ``now_ms`` is the bot's clock (the tables' clock): the wall clock, but in tests."""
    age = (now_ms - at_ms(interaction)) / 1000
    return age if 0 <= age <= AGE_TRUSTED_S else 0.0


def display_name(user: discord.abc.User) -> str:
    return clip(getattr(user, "display_name", None) or user.name, 64)


async def in_time(interaction: discord.Interaction[Any], work: Awaitable[T], now_ms: int) -> T:
    """Runs ``work``; if it is not done soon enough, defers the click first (so it never fails).
    ``now_ms``: the bot's clock when the click is read (``age_s``)."""
    task = asyncio.ensure_future(stored(work))
    left = ANSWER_WITHIN_S - age_s(interaction, now_ms)
    done, _ = await asyncio.wait({task}, timeout=max(0.0, left))
    if not done and not interaction.response.is_done():
        await defer(interaction)
    return await task


async def defer_if_late(interaction: discord.Interaction[Any], now_ms: int) -> None:
    if not interaction.response.is_done() and age_s(interaction, now_ms) >= DEFER_WHEN_LATE_S:
        await defer(interaction)


async def defer(interaction: discord.Interaction[Any]) -> None:
    """Defers the click. One Discord has already given up on (a bot starved past the 3 s) is let go
    without stopping the work it started: the move is stored all the same, and the table message is
    then edited through the channel (``Sender.show_table``), or it would show the old turn until a
    restart."""
    try:
        await interaction.response.defer()
    except discord.NotFound as error:
        if error.code != UNKNOWN_INTERACTION:
            raise
        log.info("clic %s : trop tard pour le différer (plus de 3 s), son travail continue", interaction.id)
