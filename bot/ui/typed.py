"""Actions typed as plain messages in a table's channel (a song, a shout): read by the game's rules
(``Game.read_message``: which line is a couplet, which interrupts the song), played, answered by a
short reply when refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from ..sessions import TableError, stored
from ..words import table_error
from .refusals import explain
from .timing import at_ms, display_name

if TYPE_CHECKING:
    from .table_ui import TableUI

REPLY_KEPT_S = 15


async def typed(ui: TableUI, message: discord.Message) -> None:
    if message.author.bot:
        return
    try:
        session = await stored(ui.manager.warm(message.channel.id))
    except TableError:
        return  # the database away: a typed shout is not answered, the table's buttons say why
    if session is None or session.state is None:
        return
    player = str(message.author.id)
    action = session.game.read_message(session.state, player, message.content)
    if action is None:
        return
    try:
        outcome = await stored(
            ui.manager.act(session.id, player, action, at_ms(message), name=display_name(message.author))
        )
    except TableError as error:
        # A reply in the channel: the server's language (a message carries no client locale).
        await message.reply(table_error(session.lang, error), delete_after=REPLY_KEPT_S, mention_author=False)
        return
    if outcome.error is not None:
        text = explain(session, outcome.error, session.lang)
        await message.reply(text, delete_after=REPLY_KEPT_S, mention_author=False)
        return
    await ui.sender.refresh(session)
    end = await ui.news.after(session, outcome.events, outcome.waiting, player=player)
    await ui.record_shown(session, end=end)
