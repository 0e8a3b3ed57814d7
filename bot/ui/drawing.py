"""Drawing: a session and a viewer become a message payload: the table or a private hand as one
layout message (``bot/tables/layout.py``) and its pictures' files. Nothing here sends anything.

Pictures are drawn in a worker thread, from a snapshot of the session: a Barricade board costs
about 10 ms, which on the event loop would delay every other table's answer (Pillow releases the
GIL while encoding). Views are built on the loop: discord.py's need it.
"""

from __future__ import annotations

import asyncio
import copy
import logging
from dataclasses import dataclass, field
from typing import Any

import discord

from games.core import Event, PlayerId

from ..sessions import Session
from ..tables import Presenter, presenter_for
from ..tables.layout import Buttons, hand_layout, table_layout
from ..tables.shown import event_words

log = logging.getLogger(__name__)


@dataclass
class TableMessage:
    """The table message: one layout message (words, pictures, buttons) and its pictures' files."""

    view: discord.ui.LayoutView
    files: list[discord.File] = field(default_factory=list)


@dataclass
class Hand:
    """What one player alone may see: words, their own components, pictures (each may be none)."""

    text: str | None = None
    view: discord.ui.View | None = None
    files: list[discord.File] = field(default_factory=list)
    colour: discord.Colour | int | None = None

    @property
    def empty(self) -> bool:
        return self.text is None and self.view is None and not self.files

    def layout(self, lang: str) -> discord.ui.LayoutView:
        """The hand as one layout message (its words, its picture, its buttons)."""
        return hand_layout(self.text, self.view, self.files, self.colour, lang)


async def draw_table(
    session: Session, lang: str | None = None, *, clickable: bool = True, note: str = ""
) -> TableMessage:
    """The table message, in the table's language (or ``lang``: /scores shows it to one reader,
    without buttons when not ``clickable``, its seed as ``note``). A game's presenter that fails is logged and the
    generic one draws the table instead: the move is already stored, the players must still see
    it and go on."""
    presenter = presenter_for(session.game)
    try:
        # Words and buttons first, on the loop: the table's legal actions and views are made once
        # for this state there, and the worker's copy of the session shares them.
        embed = presenter.embed(session, lang)
        buttons = presenter.buttons(session) if clickable else None
        files = await asyncio.to_thread(presenter.files, copy.copy(session), lang)
        return TableMessage(table_layout(embed, files, buttons, lang or session.lang, note), files)
    except Exception:
        log.exception("le présentateur de %s a échoué (table %s)", session.game.name, session.id)
        generic: Presenter[Any] = Presenter(session.game)
        buttons = fallback_buttons(generic, session) if clickable else None
        embed = generic.embed(session, lang)
        return TableMessage(table_layout(embed, [], buttons, lang or session.lang, note), [])


def fallback_buttons(generic: Presenter[Any], session: Session) -> Buttons:
    """The generic buttons, except where players hold secrets: those buttons would name the turn
    player's tiles in the channel, so only the menu stays (« Mon jeu » shows each their own)."""
    if not generic.has_secrets() or session.state is None or session.state.over:
        return generic.buttons(session)  # a finished table's: its end items (« Revanche »)
    return Buttons(menu=generic.menu_items(generic.shown(session, None)))


async def draw_hand(session: Session, player: PlayerId, lang: str | None = None) -> Hand:
    """What ``player`` alone may see, as the presenter draws it, in their ``lang`` (the table's
    when None); nothing for someone not seated."""
    if session.state is None or player not in session.players:
        return Hand()
    presenter = presenter_for(session.game)
    try:
        text = presenter.private(session, player, lang)
    except Exception:
        log.exception("le jeu privé de %s a échoué (table %s)", session.game.name, session.id)
        text = None
    colour = presenter.accent
    try:
        view = presenter.private_view(session, player, lang)
        files = await asyncio.to_thread(presenter.private_files, copy.copy(session), player, lang)
        return Hand(text, view, files, colour)
    except Exception:
        log.exception("la main de %s a échoué (table %s)", session.game.name, session.id)
        return Hand(text, colour=colour)


async def draw_private(session: Session, player: PlayerId, head: str, lang: str | None = None) -> Hand:
    """A private message redrawn after a click in it: ``head``, then the player's hand as it is
    now (words, buttons, pictures) when the presenter draws one; else ``head`` alone."""
    if not presenter_for(session.game).has_private_answer():
        return Hand(head)
    hand = await draw_hand(session, player, lang)
    text = f"{head}\n\n{hand.text}" if hand.text else head
    return Hand(text, hand.view, hand.files, hand.colour)


def event_line(session: Session, event: Event, lang: str | None = None) -> str:
    """The game's words for one event in ``lang`` (the table's when None), naming players as the
    table does."""
    return event_words(session, event, lang)


def announcements(session: Session, events: list[Event]) -> list[str]:
    """The public events' lines that deserve a channel message of their own (the presenter says)."""
    presenter = presenter_for(session.game)
    lines = []
    for event in events:
        if event.to is not None:
            continue
        try:
            line = presenter.announcement(session, event)
        except Exception:
            log.exception("annonce de %s impossible (%s)", event.kind, session.game.name)
            continue
        if line:
            lines.append(line)
    return lines
