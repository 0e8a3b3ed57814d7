"""The manager's listener: what happens without a click (a window closing, a warning, a removal, a
restart) edits the table message through the channel and says so in the channel — held a moment
(``TimerNews``), so that several such things close together make one edit and one message.

Notices from before the gateway is ready (tables restored in setup_hook) wait for ``ready``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING

import discord

from games.core import Event
from speech import t

from ..sessions import Notice, Session, session_waiting_for
from ..store import ABANDONED, LOBBY, SessionRecord
from ..tables import mention, timestamp
from .components import clip
from .drawing import announcements
from .lobby import draw_lobby
from .rematch_clicks import NOTICES as REMATCH_NOTICES
from .rematch_clicks import rematch_notice

if TYPE_CHECKING:
    from .table_ui import TableUI

log = logging.getLogger(__name__)

# Tables redrawn and told after a restart: at most 10 a second (each is an edit and a message).
RESTART_PACE_S = 0.1
# A table whose last move is this much older than the last move the bot stored before it stopped
# was shown as it is long before the bot stopped: its message is right, nothing to redraw.
SHOWN_BEFORE_STOP_MS = 60_000

Queued = tuple[Session, list[Event], Notice]


class TableListener:
    def __init__(self, ui: TableUI) -> None:
        self.ui = ui
        self._is_ready = False
        self._queued: list[Queued] = []
        self._queued_broken: list[SessionRecord] = []
        self._tasks: set[asyncio.Task[None]] = set()

    def ready(self) -> None:
        """The channels are known now: say what happened while the bot was away, paced (see
        ``_after_restart``) so that players' clicks are never queued behind it."""
        self._is_ready = True
        queued, self._queued = self._queued, []
        broken, self._queued_broken = self._queued_broken, []
        if queued or broken:
            self._in_background(self._after_restart(broken, queued))

    async def restored(self) -> None:
        """The tables are restored, the gateway not connected yet: what this life owes is kept in the
        database now, before it answers any click. Its redraws come only after ``on_ready``, seconds
        after READY (discord.py waits for the guilds), and a life killed before that (a bot killed
        again and again, each time a moment after it connects) wrote nothing: the next, seeing the
        moves played meanwhile, judged a table left behind more than ``SHOWN_BEFORE_STOP_MS``
        before them as shown, and no restart ever redrew it."""
        await self._owe(redraw_since(self._queued))

    def _owed_key(self) -> str:
        return f"redraws_owed_since:{self.ui.manager.shards or 'all'}"

    async def _owe(self, since_ms: int | None) -> int | None:
        """The oldest last move a redraw is owed for: ``since_ms`` or what an earlier life of this
        process left owed (``bot_state``), whichever is older, kept there until all is redrawn."""
        if since_ms is None:
            return None
        store = self.ui.manager.store
        try:
            before = await store.bot_state(self._owed_key())
            owed = min(since_ms, int(before)) if before else since_ms
            if before != str(owed):
                await store.set_bot_state(self._owed_key(), str(owed))
        except Exception as error:
            log.warning("tables à redessiner : mémoire des redessins dus indisponible (%s)", error)
            return since_ms
        return owed

    async def _all_redrawn(self) -> None:
        try:
            await self.ui.manager.store.set_bot_state(self._owed_key(), "")
        except Exception as error:
            log.warning("tables à redessiner : mémoire des redessins dus indisponible (%s)", error)

    async def _after_restart(self, broken: list[SessionRecord], queued: list[Queued]) -> None:
        """One table at a time, ``RESTART_PACE_S`` apart: with thousands of tables, telling them
        all at once kept the bot from answering anyone for minutes (docs/PERFORMANCE.md, section 2),
        and Discord allows about 50 requests a second for the whole bot. What is owed is kept in the
        database until it is all said: a life killed before it redrew everything leaves it to the next."""
        since = await self._owe(redraw_since(queued))
        # A lobby whose message was lost first: until it is shown again nobody can sit down.
        queued = sorted(worth_telling(queued, since), key=lambda q: q[2].kind != "lobby_lost")
        for rec in broken:
            try:
                await self.table_broken(rec)
            except Exception:
                log.exception("table %s : annonce de la mise de côté impossible", rec.id)
            await asyncio.sleep(RESTART_PACE_S)
        for session, events, notice in queued:
            try:
                await self.table_changed(session, events, notice)
            except Exception:
                log.exception("table %s : annonce « %s » impossible", session.id, notice.kind)
            await asyncio.sleep(RESTART_PACE_S)
        # The redraws are held a moment (TimerNews): owed until they went out, not merely queued.
        await self.ui.news.held.shown(s.id for s, _, _ in queued)
        if since is not None:
            await self._all_redrawn()

    def _in_background(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def table_changed(self, session: Session, events: list[Event], notice: Notice) -> None:
        """What happened without a click: held a moment, then one table edit and one message for
        everything that happened to the table meanwhile."""
        if not self._is_ready:
            last = self._queued[-1] if self._queued else None
            if notice.kind == "robot_played" and last is not None and last[0] is session:
                # Robots playing before the channels are known: one message for all their moves.
                self._queued[-1] = (session, last[1] + events, last[2])
            else:
                self._queued.append((session, events, notice))
            return
        if notice.kind == "idle_closed":
            self.ui.news.held.take(session.id)
            await self.ui.sender.say(session, t(session.lang, "table.idle_closed", game=session.game.title))
            await self.ui.clear_buttons(session)
            return
        if notice.kind == "lobby_lost":
            await self.show_lobby_again(session)
            return
        if notice.kind == "lobby_restored":
            await self.redraw_lobby(session)
            return
        if notice.kind in REMATCH_NOTICES:
            await rematch_notice(self.ui, session, notice)
            return
        self.ui.news.held.add(session, notice_lines(session, notice) + announcements(session, events))

    async def table_broken(self, rec: SessionRecord) -> None:
        """A table whose stored state no longer loads was set aside at the restart: its channel is
        told, and its message loses its buttons (they could only answer « fermée »)."""
        if not self._is_ready:
            self._queued_broken.append(rec)
            return
        sender = self.ui.sender
        channel = sender.channel_by_id(rec.channel_id)
        if channel is None:
            return
        game = self.ui.manager.games.get(rec.game)
        title = game.title if game is not None else rec.game
        await sender.strip_buttons(channel, rec.message_id, rec.id)
        lang = self.ui.manager.languages.of(rec.guild_id)
        await channel.send(clip(t(lang, "table.broken", game=title), 2000))

    async def show_lobby_again(self, session: Session) -> None:
        """A lobby stored just before the bot died, before its message went out: posted now, so
        that players can sit down (and /jouer is not left saying the channel is taken).

        Not for a game started meanwhile: clicks are answered from the gateway's READY, seconds
        before this is told, and a lobby message posted by the dead bot but never noted may be
        in the channel and started from; the lobby posted again would become the game's message
        (the channel showing a lobby for a game being played)."""
        channel = self.ui.sender.channel(session)
        if channel is None or not self._still_a_lobby(session):
            return
        drawn = draw_lobby(session, session.lang)
        sent = await channel.send(t(session.lang, "table.lobby_again"), embed=drawn.embed, view=drawn.view)
        if not self._still_a_lobby(session):
            # Started from the other message while this one went out: that one is the table.
            with contextlib.suppress(discord.HTTPException):
                await sent.delete()
            return
        await self.ui.record_shown(session, sent.id)
        # A seat taken from the dead bot's lobby while this one went out: that click's answer drew
        # the other message, and found none noted yet to draw again (lobby_click).
        await self.redraw_lobby(session, shown=drawn.shows)

    async def redraw_lobby(self, session: Session, shown: tuple[object, object] | None = None) -> None:
        """A lobby found at the restart: its message drawn again from the database, which a click
        stored by a bot that died before answering it may have left ahead (a seat taken, « Commencer »
        still grey). Posted again when the message is gone. Not edited when it already shows
        ``shown`` (``LobbyDrawing.shows``), the drawing its message went out with.

        Drawn again while a click changed the lobby during the edit: that click's answer, drawn
        after it, may have landed first, or on another message (lobby_click)."""
        channel = self.ui.sender.channel(session)
        partial = getattr(channel, "get_partial_message", None)
        if partial is None or session.rec.message_id is None or not self._still_a_lobby(session):
            return
        drawn = shown
        while self._still_a_lobby(session):
            try:
                async with self.ui.sender.edits.turn(session.id):  # an older drawing never lands last
                    now = draw_lobby(session, session.lang)
                    if now.shows == drawn:
                        break
                    await partial(session.rec.message_id).edit(embed=now.embed, view=now.view)
                    drawn = now.shows
            except discord.NotFound:
                await self.show_lobby_again(session)
                return
        if self.ui.manager.by_id(session.id) is session and session.rec.status != LOBBY:
            # The game started while this edit was on its way: the table, not the lobby, stays shown.
            await self.ui.sender.refresh(session)

    def _still_a_lobby(self, session: Session) -> bool:
        # Told a moment after the restart: its players may have started the game meanwhile.
        return self.ui.manager.by_id(session.id) is session and session.rec.status == LOBBY

    async def show_news(self, session: Session, lines: list[str]) -> None:
        """What timers said about a table, shown at last: one edit, one message."""
        client = self.ui.sender.client
        if session.rec.status == ABANDONED or (client is not None and client.is_closed()):
            return
        if session.state is not None:
            await self.ui.sender.refresh(session)
        end = await self.ui.news.say(session, lines, session_waiting_for(session), None)
        await self.ui.record_shown(session, end=end)


def notice_lines(session: Session, notice: Notice) -> list[str]:
    """The line a notice says in the channel, if any (the events' lines follow it)."""
    who = ", ".join(mention(p, session.rec.names) for p in notice.players)
    lang = session.lang  # said in the channel
    if notice.kind == "resumed":
        return [t(lang, "table.resumed", game=session.game.title)]
    if notice.kind == "ended":
        # The 🏆 line follows (the state is over), with the table drawn as it ended.
        return [t(lang, "table.restarted")]
    # closed_late: no line of its own; the 🏆 line follows, as after any win.
    if notice.kind == "warned" and notice.deadline_ms is not None:
        return [t(lang, "table.warned", players=who, when=timestamp(notice.deadline_ms))]
    if notice.kind == "removed":
        return [t(lang, "table.removed", players=who)]
    return []


def redraw_since(queued: list[Queued]) -> int | None:
    """The oldest last move a restart redraws for: ``SHOWN_BEFORE_STOP_MS`` before the newest."""
    if not queued:
        return None
    return max(s.rec.active_ms for s, _, _ in queued) - SHOWN_BEFORE_STOP_MS


def worth_telling(queued: list[Queued], since: int | None = None) -> list[Queued]:
    """The restart's notices that change what a channel shows. A « resumed » table with no event
    (or a lobby) is redrawn only when its last move came at or after ``since`` (by default
    ``redraw_since``: within ``SHOWN_BEFORE_STOP_MS`` of the last move the bot stored before it
    stopped): a move committed just before a crash may not be on its message yet; an older table's
    message already shows it as it is, buttons included (they carry the table and the turn, and
    survive restarts). A table with no message stored (the bot died between its start and its
    first message, then again before redrawing it) is always told: nothing in its channel shows
    it, however long ago it moved; nor is one with no move since its start (the bot may have died
    between storing « Commencer » and answering it: its message still the lobby)."""
    if not queued:
        return queued
    if since is None:
        since = redraw_since(queued) or 0
    return [
        (s, events, n)
        for s, events, n in queued
        if n.kind not in ("resumed", "lobby_restored")
        or events
        or s.rec.active_ms >= since
        or _maybe_never_shown(s)
    ]


def _maybe_never_shown(session: Session) -> bool:
    """No move since « Commencer »: the bot may have died between storing the start and answering
    the click, its message then still a lobby (or none at all), however long ago that was."""
    rec = session.rec
    return rec.message_id is None or (rec.started_ms is not None and rec.active_ms <= rec.started_ms)
