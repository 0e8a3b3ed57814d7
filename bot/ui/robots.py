"""The robots on Discord: their levels in words, a seat handed to a robot from the leave flow
(« Laisser ma place à un robot », ``tvm:<table>:<turn>:robot``), and the end of a table whose humans
are all gone, said in the channel."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from ..i18n import reader_language, t
from ..sessions import Session, TableError
from ..sessions.robot_tables import NO_HUMAN
from ..sessions.robots import DEFAULT_LEVEL
from . import ids
from .click import Click
from .components import TaverneItem, button
from .timing import in_time

if TYPE_CHECKING:
    from .sending import Sender
    from .table_ui import TableUI

log = logging.getLogger(__name__)

GIVE_SEAT = "robot"  # the tail of the leave flow's « Laisser ma place à un robot »


def level_word(lang: str, level: str) -> str:
    return t(lang, f"robot.level.{level}")


async def server_language(client: Any, guild_id: int | None) -> str:
    """The server's language (the channel's words); French when the client cannot say."""
    language = getattr(client, "language", None)
    if language is None:
        return "fr"
    try:
        return str(await language(guild_id))
    except Exception:
        log.exception("langue du serveur %s illisible", guild_id)
        return "fr"


def give_seat_button(session: Session, lang: str) -> discord.ui.Item[Any]:
    """The leave flow's second choice: the robot plays on in the player's seat."""
    assert session.state is not None
    custom_id = ids.table_id("tvm", session.id, session.state.turn_no, GIVE_SEAT)
    return TaverneItem(button(custom_id, t(lang, "robots.give_seat"), emoji="🤖", style=discord.ButtonStyle.primary))


async def give_seat(ui: TableUI, click: Click, session: Session) -> None:
    """« Laisser ma place à un robot »: the player leaves, a robot plays their seat; the channel is
    told (and told the table ends when no human is left)."""
    interaction, player = click.interaction, click.player
    click.session = session
    if player not in session.players or player in session.rec.robots:
        raise TableError("not_seated")
    before = session.name(player)
    session, ended = await in_time(
        interaction, ui.manager.give_seat(session.id, player, DEFAULT_LEVEL), ui.manager.clock()
    )
    server = await server_language(ui.client, session.rec.guild_id)
    robot = session.name(player)
    private = t(reader_language(interaction, server), "robots.seat_given_private", robot=robot)
    if not interaction.response.is_done():
        await interaction.response.edit_message(content=private, view=None)
    line = t(server, "robots.seat_given", player=before, robot=robot, level=level_word(server, DEFAULT_LEVEL))
    moved = await ui.sender.refresh(session) if not ended else None
    end = await ui.news.say(session, [line], ui.manager.waiting(session), None)
    await ui.record_shown(session, moved, end=end)


async def tell_no_human(sender: Sender, session: Session, lines: list[str]) -> bool:
    """A table closed for want of a human: ``lines`` and the end said in the channel, the table's
    buttons taken off. Returns whether it was such a table."""
    if session.rec.status != NO_HUMAN:
        return False
    lang = await server_language(sender.client, session.rec.guild_id)
    await sender.say(session, "\n".join([*lines, t(lang, "robots.no_human", game=session.game.title)]))
    channel = sender.channel(session)
    if channel is not None:
        await sender.strip_buttons(channel, session.rec.message_id, session.id)
    return True
