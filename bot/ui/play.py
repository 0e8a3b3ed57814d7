"""A game action clicked (``tv:`` buttons, ``tvs:`` selects, a submitted form, « Quitter »):
parse → act → draw → send, a straight line of calls."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import LEAVE, Action
from speech import t

from ..sessions import Session, TableError
from ..tables import presenter_for
from ..tables.base import GROUP
from . import ids
from .click import Click
from .decoding import decode_click
from .timing import at_ms, display_name, in_time

if TYPE_CHECKING:
    from .table_ui import TableUI

async def action(ui: TableUI, click: Click) -> None:
    """A button or a select of the table (or of a private hand): the action it stands for, played."""
    if click.custom_id.startswith("tvs:") and click.custom_id.split(":", 3)[-1].startswith(GROUP):
        await group(ui, click)
        return
    click.session, click.redraws_hand = ui.session_of(click), True
    session, turn, chosen = decode_click(
        ui.manager, click.interaction.channel_id, click.custom_id, click.values, player=click.player
    )
    await play(ui, click, session, chosen, turn)


async def group(ui: TableUI, click: Click) -> None:
    """A group of a very long list was picked: its actions, privately, to choose from."""
    parsed, session = ui.table_named(click.custom_id, same_turn=True)
    click.session = session
    lang = ui.language_of(click)
    index = ids.from36(click.values[0]) if len(click.values) == 1 else -1
    view = presenter_for(session.game).group_view(session, parsed.tail[len(GROUP) :], index, lang)
    if view is None:
        raise TableError("gone")
    await click.interaction.response.send_message(t(lang, "play.choose"), view=view, ephemeral=True)


async def play(ui: TableUI, click: Click, session: Session, chosen: Action, turn: int | None) -> None:
    """Acts, then shows the click's message as it is after the move, then tells the channel."""
    interaction, player = click.interaction, click.player
    click.session, click.redraws_hand = session, True
    outcome = await in_time(
        interaction,
        ui.manager.act(
            session.id,
            player,
            chosen,
            at_ms(interaction),
            turn=turn,
            interaction_id=interaction.id,
            name=display_name(interaction.user),
        ),
        ui.manager.clock(),
    )
    if outcome.error is not None:
        raise outcome.error
    lang = ui.language_of(click)
    await ui.sender.show_clicked(interaction, session, player, t(lang, "play.played"), lang)
    end = await ui.news.after(
        session, outcome.events, outcome.waiting, player=player, interaction=interaction, lang=lang
    )
    await ui.record_shown(session, end=end)


async def leave(ui: TableUI, click: Click, session: Session) -> None:
    """« Oui, je quitte la partie »: the player leaves; the confirmation says so."""
    interaction, player = click.interaction, click.player
    click.session = session
    outcome = await in_time(
        interaction,
        ui.manager.act(
            session.id, player, Action(kind=LEAVE), at_ms(interaction), interaction_id=interaction.id
        ),
        ui.manager.clock(),
    )
    if outcome.error is not None:
        raise outcome.error
    if not interaction.response.is_done():
        await interaction.response.edit_message(content=t(ui.language_of(click), "play.left"), view=None)
    await ui.sender.refresh(session)
    end = await ui.news.after(session, outcome.events, outcome.waiting, player=player)
    await ui.record_shown(session, end=end)
