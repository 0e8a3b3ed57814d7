"""« Revanche » on Discord, what it draws: the button on a finished table (``tvre:<table>:ask``),
« Je rejoue » on the rematch's lobby (``tvre:<table>:yes``) and the lobby's words for the seats
waiting for their player. Both buttons are ``TaverneItem``s (durable: they answer after a restart)
and plain items, so that a classic view or a layout's action row can hold them.

What the clicks do is in ``rematch_clicks.py``; the rematch itself in ``bot/sessions/rematch.py``.
"""

from __future__ import annotations

from typing import Any

import discord

from ..i18n import t
from ..sessions import Session
from ..sessions.rematch import pending, pending_until
from .components import TaverneItem, button
from .ids import BadId, from36, to36

PREFIX = "tvre"
ASK, CONFIRM = "ask", "yes"


def rematch_id(table: int, what: str) -> str:
    return f"{PREFIX}:{to36(table)}:{what}"


def parse_rematch_id(custom_id: str) -> tuple[int, str]:
    parts = custom_id.split(":")
    if len(parts) != 3 or parts[0] != PREFIX or parts[2] not in (ASK, CONFIRM):
        raise BadId(custom_id)
    return from36(parts[1]), parts[2]


def rematch_button(table: int, lang: str) -> discord.ui.Item[Any]:
    """« Revanche » on the finished table ``table``: the one item the presenters add at the end."""
    return TaverneItem(
        button(rematch_id(table, ASK), t(lang, "rematch.button"), emoji="🔁", style=discord.ButtonStyle.success)
    )


def confirm_button(table: int, lang: str) -> discord.ui.Item[Any]:
    """« Je rejoue » on a rematch's lobby: a player takes the seat kept for them."""
    return TaverneItem(
        button(rematch_id(table, CONFIRM), t(lang, "rematch.confirm"), emoji="✅", style=discord.ButtonStyle.success)
    )


def seat_words(session: Session, player: str, seat: str, lang: str) -> str:
    """A lobby seat as listed: marked ⏳ while it waits for its player's click."""
    return t(lang, "rematch.pending_seat", name=seat) if player in pending(session.rec) else seat


def add_rematch_field(embed: discord.Embed, session: Session, lang: str) -> None:
    """The rematch lobby's own line: until when the seats marked ⏳ wait."""
    until = pending_until(session.rec)
    if until is not None:
        when = f"<t:{until // 1000}:t>"
        embed.add_field(name=t(lang, "rematch.field"), value=t(lang, "rematch.field_value", when=when), inline=False)


def add_confirm_button(view: discord.ui.View, session: Session, lang: str) -> None:
    if pending(session.rec):
        item = confirm_button(session.id, lang)
        item.row = 0
        view.add_item(item)


def end_items(session: Session) -> list[discord.ui.Item[Any]]:
    """What a finished table offers below it: « Revanche » (nothing while the game goes on)."""
    state = session.state
    return [rematch_button(session.id, session.lang)] if state is not None and state.over else []
