"""Sending: the table message edited through the click or through the channel (re-posted when it
is gone), private answers, private hands redrawn, and a closed table's buttons taken off. Tables and
hands go out as layout messages (``bot/tables/layout.py``); an older table message is turned into
one by its next edit.

Pictures are uploaded again only when their bytes changed (``Pictures``); new channel lines go
through ``ChannelPosts``, which keeps up with the channel's rate limit.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, cast

import discord

from games.core import PlayerId
from speech import t

from ..sessions import Session, wall_ms
from ..tables import presenter_for
from ..tables.layout import without_buttons
from .components import clip
from .drawing import Hand, draw_private, draw_table
from .edit_order import EditOrder
from .pictures import Pictures
from .posting import ChannelPosts
from .private import answer_privately
from .timing import UNKNOWN_INTERACTION, defer, defer_if_late

log = logging.getLogger(__name__)

# An edit into a layout message clears what a classic message carried (a table posted before the
# layout): Discord lets an edit set the layout flag then, never take it off.
LAYOUT_EDIT: dict[str, Any] = {"content": None, "embed": None}


def is_classic(message: discord.Message) -> bool:
    """A public message without the layout flag: a table (or lobby) drawn before the layout."""
    return not message.flags.ephemeral and not getattr(message.flags, "components_v2", False)


def where_line(interaction: discord.Interaction[Any], session: Session | None, lang: str) -> str:
    """Where the table is now, for a click on an older classic message of it; else nothing."""
    message = interaction.message
    if session is None or message is None or not is_classic(message) or session.rec.message_id in (None, message.id):
        return ""
    link = f"https://discord.com/channels/{session.rec.guild_id or '@me'}/{session.rec.channel_id}/{session.rec.message_id}"
    return "\n" + t(lang, "layout.where", link=link)


class Sender:
    def __init__(
        self, clock: Callable[[], int] = wall_ms, moved: Callable[[Session, int], Awaitable[None]] | None = None
    ) -> None:
        self.clock = clock  # the tables' clock, which a click's age is measured on (``age_s``)
        # Records a re-posted table's new message, within its edit turn: the redraws waiting
        # behind the re-post then edit the new message instead of posting a second table.
        self.moved = moved
        self.client: discord.Client | None = None
        self.pictures = Pictures()
        self.posts = ChannelPosts()
        self.edits = EditOrder()  # a table message's edits, one at a time, each drawn in its turn

    # --- channels --------------------------------------------------------------------------------
    def channel(self, session: Session) -> discord.abc.Messageable | None:
        return self.channel_by_id(session.rec.channel_id)

    def channel_by_id(self, channel_id: int) -> discord.abc.Messageable | None:
        if self.client is None:
            return None
        channel = self.client.get_channel(channel_id)
        # Text channels, threads, voice-channel chats: anything that can take a message.
        return cast("discord.abc.Messageable", channel) if hasattr(channel, "send") else None

    async def say(self, session: Session, text: str) -> None:
        channel = self.channel(session)
        if channel is not None:
            await self.posts.say(channel, text)

    # --- private answers ---------------------------------------------------------------------------
    async def private(
        self, interaction: discord.Interaction[Any], text: str, hand: Hand | None = None, lang: str = "fr"
    ) -> None:
        """``text`` to the clicker alone; with a ``hand``, one layout message: ``text``, the hand's
        pictures and buttons (``lang``: the reader's, for the pictures' words)."""
        if hand is None:
            await answer_privately(interaction, text)
            return
        shown = Hand(text, hand.view, hand.files, hand.colour)
        extra: dict[str, Any] = {"view": shown.layout(lang)}
        if hand.files:
            extra["files"] = hand.files
        await answer_privately(interaction, None, **extra)

    async def refuse(
        self,
        interaction: discord.Interaction[Any],
        session: Session | None,
        player: PlayerId,
        text: str,
        lang: str | None = None,
    ) -> None:
        """A refusal, privately. Clicked in a private hand, that message is drawn again as it is
        now with the reason on top (in the player's ``lang``), so that its old buttons do not linger."""
        message = interaction.message
        if (
            session is not None
            and session.state is not None
            and message is not None
            and message.flags.ephemeral
            and message.id != session.rec.message_id
            and player in session.players
            and presenter_for(session.game).has_private_answer()
        ):
            await self.show_private(interaction, session, player, f"⚠️ {text}", lang)
            return
        await self.private(interaction, text)

    async def after_old_click(self, interaction: discord.Interaction[Any], session: Session | None) -> None:
        """A click answered on a classic message (a table posted before the layout messages):
        the table's own message is drawn again as a layout message, so its buttons answer again."""
        message = interaction.message
        if session is None or session.state is None or message is None or not is_classic(message):
            return
        if message.id == session.rec.message_id:
            await self.refresh(session)

    async def show_private(
        self,
        interaction: discord.Interaction[Any],
        session: Session,
        player: PlayerId,
        head: str,
        lang: str | None = None,
    ) -> None:
        """Edits the private message the click came from: ``head``, then the player's hand (in
        ``lang``, the player's)."""
        await defer_if_late(interaction, self.clock())
        drawn = await draw_private(session, player, head, lang)
        message = interaction.message
        was_layout = message is not None and bool(getattr(message.flags, "components_v2", False))
        if drawn.view is None and not drawn.files and not was_layout:  # words alone (a list picked from)
            await self.edit_clicked(interaction, {"content": clip(drawn.text or head, 2000), "view": None}, [])
            return
        layout = drawn.layout(lang or session.lang)
        await self.edit_clicked(interaction, {**LAYOUT_EDIT, "view": layout}, drawn.files)

    # --- the table message ---------------------------------------------------------------------------
    async def show_table(self, interaction: discord.Interaction[Any], session: Session) -> None:
        """Edits the message the click came from into the table as it is now (after any edit of
        it already going out: drawn then, so that the older drawing never lands last)."""
        await defer_if_late(interaction, self.clock())
        if self.edits.busy(session.id) and not interaction.response.is_done():
            await defer(interaction)  # the 3 s do not wait for the channel's edit (a rate limit may hold it)
        async with self.edits.turn(session.id):
            drawn = await draw_table(session)
            try:
                await self.edit_clicked(interaction, {**LAYOUT_EDIT, "view": drawn.view}, drawn.files)
                return
            except discord.NotFound as error:
                if error.code != UNKNOWN_INTERACTION:
                    raise
        # Answered past Discord's 3 s (a starved bot): the click is lost, but the move is stored;
        # the channel still takes the edit, or the message would show the old buttons until a restart.
        log.info("table %s : réponse au clic trop tardive, message modifié par le salon", session.id)
        await self.refresh(session)

    async def edit_clicked(
        self, interaction: discord.Interaction[Any], changes: dict[str, Any], files: list[discord.File]
    ) -> None:
        """Edits the clicked message, through the answer or after it, re-uploading only changed pictures."""
        message_id = interaction.message.id if interaction.message is not None else None
        key, attachments = self.pictures.to_send(message_id, files)
        if attachments is not None:
            changes["attachments"] = attachments
        if interaction.response.is_done():
            await interaction.edit_original_response(**changes)
        else:
            await interaction.response.edit_message(**changes)
        self.pictures.shown(message_id, key)

    async def show_clicked(
        self,
        interaction: discord.Interaction[Any],
        session: Session,
        player: PlayerId,
        head: str,
        lang: str | None = None,
    ) -> None:
        """The clicked message as it is after the move: the table edited through the click; a
        private message (a hand, a group's list) drawn again — or closed —, the table then edited
        through the channel."""
        message = interaction.message
        if message is not None and message.id == session.rec.message_id:
            await self.show_table(interaction, session)
            return
        if message is not None and message.flags.ephemeral:
            await self.show_private(interaction, session, player, head, lang)
        elif not interaction.response.is_done():
            await defer(interaction)
        await self.refresh(session)

    async def refresh(self, session: Session) -> int | None:
        """Edits the table message through the channel (no interaction at hand); re-posts it if
        gone, its new id recorded before the next edit's turn (``moved``), and then returns that id.
        Drawn once the edits of the table already going out are done (``EditOrder``)."""
        channel = self.channel(session)
        if channel is None or session.state is None:
            return None
        async with self.edits.turn(session.id):
            return await self._redraw(channel, session)

    async def _redraw(self, channel: discord.abc.Messageable, session: Session) -> int | None:
        drawn = await draw_table(session)
        message_id = session.rec.message_id
        partial = getattr(channel, "get_partial_message", None)
        if message_id is not None and partial is not None:
            key, attachments = self.pictures.to_send(message_id, drawn.files)
            changes: dict[str, Any] = {**LAYOUT_EDIT, "view": drawn.view}
            if attachments is not None:
                changes["attachments"] = attachments
            try:
                await partial(message_id).edit(**changes)
                self.pictures.shown(message_id, key)
                return None
            except discord.NotFound:
                self.pictures.forget(message_id)
            drawn = await draw_table(session)  # an upload tried closes its files: draw again
        key, _ = self.pictures.to_send(None, drawn.files)
        sent = await channel.send(view=drawn.view, files=drawn.files)
        self.pictures.shown(sent.id, key)
        if self.moved is not None:
            await self.moved(session, sent.id)
        return sent.id

    async def strip_buttons(
        self, channel: discord.abc.Messageable, message_id: int | None, table: int
    ) -> None:
        """The table message left with nothing to click: a layout message keeps its words and
        pictures (its rows taken out), an older classic one loses its rows."""
        if message_id is None:
            return
        async with self.edits.turn(table):  # after any redraw going out, which would bring them back
            await self._strip(channel, message_id, table)

    async def strip_table(self, session: Session) -> None:
        """The table message left with nothing to click, its id read once its edit turn has come:
        a re-post of the table going out meanwhile (its message deleted) is the one stripped."""
        channel = self.channel(session)
        if channel is None:
            return
        async with self.edits.turn(session.id):
            if session.rec.message_id is not None:
                await self._strip(channel, session.rec.message_id, session.id)

    @staticmethod
    async def _strip(channel: discord.abc.Messageable, message_id: int, table: int) -> None:
        try:
            message = await channel.fetch_message(message_id)
            if message.flags.components_v2:
                await message.edit(view=without_buttons(discord.ui.LayoutView.from_message(message, timeout=None)))
            else:
                await message.edit(view=None)
        except discord.HTTPException:
            log.info("table %s : message introuvable", table)
