"""What a move says in the channel: at most one new message per action, holding what timers said
just before (held, not shown yet), the notable lines, and the end of the game or the ping; and
the clicker's private lines.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from games.core import Event, PlayerId
from speech import t

from ..sessions import Session
from ..tables import mention
from .batch import DELAY_S, Flush, Sleep, TimerNews
from .drawing import announcements, event_line
from .pings import Pings
from .robots import tell_no_human
from .sending import Sender

log = logging.getLogger(__name__)


class News:
    def __init__(
        self, sender: Sender, flush: Flush, timer_delay_s: float = DELAY_S, sleep: Sleep = asyncio.sleep
    ) -> None:
        self.sender = sender
        self.pings = Pings()
        self.held = TimerNews(flush, timer_delay_s, sleep)

    async def after(
        self,
        session: Session,
        events: list[Event],
        waiting: list[PlayerId],
        *,
        player: PlayerId | None = None,
        interaction: discord.Interaction[Any] | None = None,
        lang: str | None = None,
    ) -> bool:
        """Private lines for the clicker (in their ``lang``); then one channel message (in the
        table's): what timers said just before, the notable lines, and the end or the ping.
        Returns whether the end of the game was told."""
        mine = [event_line(session, e, lang) for e in events if e.to is not None and player in e.to]
        if interaction is not None and mine:
            await self.sender.private(interaction, "\n".join(mine))
        lines = self.held.take(session.id) + announcements(session, events)
        return await self.say(session, lines, waiting, player)

    async def say(
        self, session: Session, lines: list[str], waiting: list[PlayerId], player: PlayerId | None
    ) -> bool:
        """``lines``, then the end of the game or the ping, as one message (if there is anything).
        Returns whether that message told the end of the game."""
        state = session.state
        if await tell_no_human(self.sender, session, lines):
            self.pings.forget(session.id)
            return False
        if state is not None and state.over:
            self.pings.forget(session.id)
            winners = ", ".join(mention(p, session.rec.names) for p in state.winners) or t(session.lang, "table.nobody")
            lines = [*lines, t(session.lang, "news.won", game=session.game.title, winners=winners)]
            await self.sender.say(session, "\n".join(lines))
            return True
        if state is not None:
            ping = self.ping_text(session, waiting, player)
            if ping:
                lines = [*lines, ping]
        if lines:
            await self.sender.say(session, "\n".join(lines))
        return False

    def ping_text(
        self, session: Session, waiting: list[PlayerId], clicker: PlayerId | None = None
    ) -> str | None:
        """``<@id>, your turn!`` (in the table's language) for the players the table newly waits
        for, not the one who just played (edits notify nobody; a ping on every throw of the same
        player would be noise)."""
        state = session.state
        if state is None or state.over or session.game.deadline(state) is not None:
            return None
        # Robots are never pinged: they play by the table's timer.
        humans = [p for p in waiting if p not in session.rec.robots]
        return self.pings.text(
            session.id, humans, lambda p: mention(p, session.rec.names), clicker, session.lang
        )
