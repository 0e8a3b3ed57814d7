"""The Discord side of the tables, put together: the router's table, the sender, the channel news
and the manager's listener, sharing one session manager and one discord.py client.

The path of a click (docs/ARCHITECTURE.md): ``Tables.on_interaction`` → ``routing.received`` →
``routing.route`` → a handler (``play``, ``forms``, ``menu``,
``lobby``) that parses (``decoding``), acts (``SessionManager.act``), draws (``drawing``) and sends
(``sending``, ``news``); refusals are answered by ``routing.answering``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from ..i18n import reader_language
from ..sessions import Session, SessionManager, TableError
from ..tables import presenter_for
from . import ids
from .batch import DELAY_S, Sleep
from .click import Click, Handler
from .listener import TableListener
from .news import News
from .routing import ROUTES, presenter_route, received, route
from .sending import Sender
from .typed import typed

log = logging.getLogger(__name__)


class TableUI:
    def __init__(
        self, manager: SessionManager, *, timer_delay_s: float = DELAY_S, timer_sleep: Sleep = asyncio.sleep
    ) -> None:
        self.manager = manager
        self.sender = Sender(manager.clock, moved=self.record_shown)
        self.listener = TableListener(self)
        self.news = News(self.sender, self.listener.show_news, timer_delay_s, timer_sleep)
        self.routes: dict[str, Handler] = dict(ROUTES)
        for game in manager.games.values():
            for prefix, handler in presenter_for(game).routes().items():
                if prefix in self.routes:
                    raise ValueError(f"{game.name} : le préfixe {prefix} est déjà pris")
                self.routes[prefix] = presenter_route(handler)

    @property
    def client(self) -> discord.Client | None:
        return self.sender.client

    @client.setter
    def client(self, client: discord.Client | None) -> None:
        self.sender.client = client

    # --- what discord.py hands over ------------------------------------------------------------
    async def route(self, interaction: discord.Interaction[Any], custom_id: str, values: list[str]) -> None:
        await route(self, interaction, custom_id, values)

    async def received(self, interaction: discord.Interaction[Any]) -> None:
        await received(self, interaction)

    # Its name when it took only what discord.py did not route (docs/BOT.md): kept for callers.
    fallback = received

    async def message(self, message: discord.Message) -> None:
        await typed(self, message)

    # --- shared by the handlers ---------------------------------------------------------------------
    def session_of(self, click: Click) -> Session | None:
        """The table a table component belongs to, when it is open in the click's channel."""
        try:
            session = self.manager.by_id(ids.parse_table_id(click.custom_id).session)
        except ids.BadId:
            return None
        if session is None or session.rec.channel_id != click.interaction.channel_id:
            return None
        return session

    def language_of(self, click: Click) -> str:
        """The language of what the clicker alone reads: their client's, else the server's."""
        session = click.session
        server = session.lang if session is not None else self.manager.languages.of(getattr(click.interaction, "guild_id", None))
        return reader_language(click.interaction, server)

    def table_named(self, custom_id: str, *, same_turn: bool) -> tuple[ids.TableId, Session]:
        """The game a custom_id names, or the TableError saying why not (malformed, closed, stale)."""
        try:
            parsed = ids.parse_table_id(custom_id)
        except ids.BadId:
            raise TableError("malformed") from None
        session = self.manager.by_id(parsed.session)
        if session is None or session.state is None:
            raise TableError("closed")
        if same_turn and parsed.turn != session.state.turn_no:
            raise TableError("stale")
        return parsed, session

    async def record_shown(
        self, session: Session, message_id: int | None = None, *, end: bool = False
    ) -> None:
        """Tells the manager, once, what went out: the table's message moved, the end told."""
        try:
            await self.manager.shown(session, message_id=message_id, end=end)
        except Exception:  # told twice after a restart at worst
            log.exception("table %s : message affiché non noté", session.id)

    async def clear_buttons(self, session: Session) -> None:
        self.news.held.take(session.id)
        await self.sender.strip_table(session)

    # --- start and stop ---------------------------------------------------------------------------
    def ready(self) -> None:
        self.listener.ready()

    async def settle(self) -> None:
        """Waits until what timers said has been shown (tests; before closing)."""
        await self.news.held.settle()

    async def close(self, grace_s: float = 0.0) -> None:
        """Drops what timers said and was not shown yet; sends what waits for a channel within
        ``grace_s``, then drops the rest (the bot is closing)."""
        self.news.held.close()
        await self.sender.posts.close(grace_s)
