"""The table's own buttons (``tvm:``): « Mon jeu » shows the clicker's hand privately, « Quitter »
asks to confirm privately (a misclick must not cost a game), and the confirmation leaves;
« Exclure… » and what follows it are removal.py's."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from speech import t

from ..sessions import Session, TableError
from . import ids
from .click import Click
from .components import TaverneItem, button
from .drawing import draw_hand
from .play import leave
from .removal import removal_click
from .removal_menu import is_removal
from .robots import GIVE_SEAT, GIVE_SEAT_OF, give_seat, give_seat_button, give_seat_of, seat_of_select

if TYPE_CHECKING:
    from .table_ui import TableUI

CONFIRM = "bye"  # the tail of the confirmation's custom_id


async def menu(ui: TableUI, click: Click) -> None:
    parsed, session = ui.table_named(click.custom_id, same_turn=False)
    if parsed.tail == "me":
        await my_hand(ui, click, session)
    elif parsed.tail == "quit":
        if click.player not in session.players:
            raise TableError("not_seated")
        lang = ui.language_of(click)
        await click.interaction.response.send_message(
            t(lang, "menu.quit_really"), view=confirm_view(session, lang, click.player), ephemeral=True
        )
    elif parsed.tail == CONFIRM:
        await leave(ui, click, session)
    elif parsed.tail == GIVE_SEAT:
        await give_seat(ui, click, session)
    elif parsed.tail == GIVE_SEAT_OF:
        await give_seat_of(ui, click, session)
    elif is_removal(parsed.tail):
        await removal_click(ui, click, session, parsed.tail)
    else:
        raise TableError("malformed")


async def my_hand(ui: TableUI, click: Click, session: Session) -> None:
    click.session = session
    lang = ui.language_of(click)
    # A seat handed to a robot: its hand is the robot's now, not shown to the player who left.
    hand = await draw_hand(session, click.player, lang) if click.player not in session.rec.robots else None
    if hand is None or hand.empty:
        await ui.sender.private(click.interaction, t(lang, "menu.nothing_hidden"))
    else:
        await ui.sender.private(click.interaction, hand.text or t(lang, "menu.your_hand"), hand, lang)


def confirm_view(session: Session, lang: str, player: str) -> discord.ui.View:
    """« Oui, je quitte la partie »: a Taverne button like the others, so it works after a restart;
    or « Laisser ma place à un robot » (``robots.give_seat``); for the host, also another human's
    seat given to a robot (``robots.give_seat_of``)."""
    assert session.state is not None
    view = discord.ui.View(timeout=None)
    custom_id = ids.table_id("tvm", session.id, session.state.turn_no, CONFIRM)
    view.add_item(
        TaverneItem(button(custom_id, t(lang, "menu.quit_yes"), style=discord.ButtonStyle.danger))
    )
    view.add_item(give_seat_button(session, lang))
    seat_of = seat_of_select(session, player, lang) if player == session.rec.host_id else None
    if seat_of is not None:
        view.add_item(seat_of)
    return view
