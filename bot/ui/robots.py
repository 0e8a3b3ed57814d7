"""The robots on Discord: their levels in words, a seat handed to a robot from the leave flow
(« Laisser ma place à un robot », ``tvm:<table>:<turn>:robot``; the host's « Confier à un robot la
place de… », ``tvm:<table>:<turn>:seatof``), and the end of a table whose humans are all gone, said
in the channel."""

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
GIVE_SEAT_OF = "seatof"  # the tail of the host's « Confier à un robot la place de… »


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


def seat_of_select(session: Session, host: str, lang: str) -> discord.ui.Item[Any] | None:
    """The host's choice, beside their own « Quitter »: another human's seat (one who walked away)
    given to a robot. None when no other human is seated."""
    assert session.state is not None
    others = [p for p in session.players if p != host and p not in session.rec.robots][:25]
    if not others:
        return None
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=ids.table_id("tvm", session.id, session.state.turn_no, GIVE_SEAT_OF),
        placeholder=t(lang, "robots.give_seat_of"),
        options=[discord.SelectOption(label=session.name(p)[:100], value=p) for p in others],
    )
    return TaverneItem(select)


async def give_seat_of(ui: TableUI, click: Click, session: Session) -> None:
    """The host hands another human's seat to a robot: the channel is told, the player too when
    they look (their buttons are refused from now on)."""
    interaction = click.interaction
    click.session = session
    if click.player != session.rec.host_id:
        raise TableError("not_host", host=session.name(session.rec.host_id))
    player = click.values[0] if len(click.values) == 1 else ""
    if player == click.player or player not in session.players or player in session.rec.robots:
        raise TableError("not_a_human_seat")
    before = session.name(player)
    session, ended = await in_time(
        interaction, ui.manager.give_seat(session.id, player, DEFAULT_LEVEL), ui.manager.clock()
    )
    server = await server_language(ui.client, session.rec.guild_id)
    robot = session.name(player)
    private = t(reader_language(interaction, server), "robots.seat_of_given_private", player=before, robot=robot)
    if not interaction.response.is_done():
        await interaction.response.edit_message(content=private, view=None)
    line = t(server, "robots.seat_of_given", player=before, robot=robot, level=level_word(server, DEFAULT_LEVEL))
    if not ended:
        await ui.sender.refresh(session)
    end = await ui.news.say(session, [line], ui.manager.waiting(session), None)
    await ui.record_shown(session, end=end)


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
    if not ended:
        await ui.sender.refresh(session)
    end = await ui.news.say(session, [line], ui.manager.waiting(session), None)
    await ui.record_shown(session, end=end)


async def tell_no_human(sender: Sender, session: Session, lines: list[str]) -> bool:
    """A table closed for want of a human: ``lines`` and the end said in the channel, the table's
    buttons taken off. Returns whether it was such a table."""
    if session.rec.status != NO_HUMAN:
        return False
    lang = await server_language(sender.client, session.rec.guild_id)
    await sender.say(session, "\n".join([*lines, t(lang, "robots.no_human", game=session.game.title)]))
    await sender.strip_table(session)
    return True
