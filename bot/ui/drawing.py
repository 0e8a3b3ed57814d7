"""Drawing: a session and a viewer become a message payload (words or an embed, components,
pictures). Nothing here sends anything.

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
from ..tables.shown import event_words
from .rematch import end_items, with_items

log = logging.getLogger(__name__)


@dataclass
class TableMessage:
    """The table message: its embed, its buttons, its pictures."""

    embed: discord.Embed
    view: discord.ui.View
    files: list[discord.File] = field(default_factory=list)


@dataclass
class Hand:
    """What one player alone may see: words, their own components, pictures (each may be none)."""

    text: str | None = None
    view: discord.ui.View | None = None
    files: list[discord.File] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return self.text is None and self.view is None and not self.files


async def draw_table(session: Session, lang: str | None = None) -> TableMessage:
    """The table message, in the table's language (or ``lang``: /scores shows it to one reader).
    A game's presenter that fails is logged and the generic one draws the table instead: the move
    is already stored, the players must still see it and go on."""
    presenter = presenter_for(session.game)
    try:
        embed, view = presenter.embed(session, lang), presenter.components(session)
        files = await asyncio.to_thread(presenter.files, copy.copy(session), lang)
        return TableMessage(embed, view, files)
    except Exception:
        log.exception("le présentateur de %s a échoué (table %s)", session.game.name, session.id)
        generic: Presenter[Any] = Presenter(session.game)
        return TableMessage(generic.embed(session, lang), fallback_components(generic, session), [])


def fallback_components(generic: Presenter[Any], session: Session) -> discord.ui.View:
    """The generic buttons, except where players hold secrets: those buttons would name the turn
    player's tiles in the channel, so only the menu stays (« Mon jeu » shows each their own)."""
    if not generic.has_secrets():
        return generic.components(session)
    view = discord.ui.View(timeout=None)
    if session.state is not None and not session.state.over:
        for item in generic.menu_items(generic.shown(session, None)):
            view.add_item(item)
    return with_items(view, end_items(session))


async def render(
    session: Session, lang: str | None = None
) -> tuple[discord.Embed, discord.ui.View, list[discord.File]]:
    """``draw_table`` as a tuple (the /scores command shows the same embed and pictures)."""
    drawn = await draw_table(session, lang)
    return drawn.embed, drawn.view, drawn.files


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
    try:
        view = presenter.private_view(session, player, lang)
        files = await asyncio.to_thread(presenter.private_files, copy.copy(session), player, lang)
        return Hand(text, view, files)
    except Exception:
        log.exception("la main de %s a échoué (table %s)", session.game.name, session.id)
        return Hand(text)


async def draw_private(session: Session, player: PlayerId, head: str, lang: str | None = None) -> Hand:
    """A private message redrawn after a click in it: ``head``, then the player's hand as it is
    now (words, buttons, pictures) when the presenter draws one; else ``head`` alone."""
    if not presenter_for(session.game).has_private_answer():
        return Hand(head)
    hand = await draw_hand(session, player, lang)
    text = f"{head}\n\n{hand.text}" if hand.text else head
    return Hand(text, hand.view, hand.files)


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
