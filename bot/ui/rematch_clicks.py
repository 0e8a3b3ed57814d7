"""What « Revanche » and « Je rejoue » do (``tvre:``), and what the channel hears when the seats
left waiting are freed. Refusals (not a player, a second click, an old button, another table in the
channel) are raised as ``TableError`` and answered privately by the router."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from ..i18n import t
from ..sessions import Notice, Session, stored
from ..tables import mention
from .click import Click
from .lobby import lobby_embed, lobby_view, redraw_the_noted_copy
from .rematch import ASK, parse_rematch_id
from .robots import server_language
from .timing import display_name, in_time

if TYPE_CHECKING:
    from .table_ui import TableUI

NOTICES = ("rematch_freed", "rematch_closed")


async def rematch_click(ui: TableUI, click: Click) -> None:
    table, what = parse_rematch_id(click.custom_id)
    if what == ASK:
        await asked(ui, click, table)
    else:
        await confirmed(ui, click, table)


async def asked(ui: TableUI, click: Click, finished: int) -> None:
    """« Revanche » on a finished table: its rematch's lobby posted in the channel; or, open
    already and keeping a seat for the clicker, that seat taken."""
    interaction, manager = click.interaction, ui.manager
    work = manager.ask_rematch(finished, click.player, display_name(interaction.user), interaction.channel_id)
    session, opened = await in_time(interaction, work, manager.clock())
    click.session = session
    if not opened:
        await ui.sender.private(interaction, t(ui.language_of(click), "rematch.confirmed"))
        await ui.listener.redraw_lobby(session)
        return
    lang = await server_language(ui.client, session.rec.guild_id)
    embed, view = lobby_embed(session, lang), lobby_view(session, lang)
    sent: discord.Message
    if interaction.response.is_done():
        sent = await interaction.followup.send(embed=embed, view=view, wait=True)
    else:
        await interaction.response.send_message(embed=embed, view=view)
        sent = await interaction.original_response()
    await ui.record_shown(session, sent.id)


async def confirmed(ui: TableUI, click: Click, table: int) -> None:
    """« Je rejoue » on the rematch's lobby: the seat kept for the clicker is theirs."""
    session = await stored(ui.manager.confirm_rematch(table, click.player))
    click.session = session
    lang = await server_language(ui.client, session.rec.guild_id)
    await click.interaction.response.edit_message(embed=lobby_embed(session, lang), view=lobby_view(session, lang))
    await redraw_the_noted_copy(ui, click.interaction, session)


async def rematch_notice(ui: TableUI, session: Session, notice: Notice) -> None:
    """Seats freed for want of a click: the lobby drawn again and the channel told; a rematch left
    without any human: closed, and told."""
    who = ", ".join(mention(p, {}) for p in notice.players)
    if notice.kind == "rematch_closed":
        await ui.sender.say(session, t(session.lang, "rematch.closed", game=session.game.title))
        await ui.clear_buttons(session)
        return
    await ui.listener.redraw_lobby(session)
    await ui.sender.say(session, t(session.lang, "rematch.freed", game=session.game.title, players=who))
