"""The router: one table from custom_id prefix to handler, and errors mapped to answers in one place.

Every click and every submitted form reaches the bot through one entry, ``Tables.on_interaction``
→ ``received`` → ``route``: discord.py keeps no view of the bot's messages and dispatches nothing
itself (``components.TaverneItem``). A click whose button is no longer on the message as Discord
sends it now (another player's click changed the table first) is routed like any other, so it is
applied if still legal, or told why not. Forms need no Modal object either: one sent before a
restart works.

Handlers raise what they refuse: ``TableError`` (the table's words), ``IllegalAction`` (the game's
words for the table the click is for), ``ids.BadId`` (a custom_id this bot did not write).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

import discord

from games.core import IllegalAction

from .. import rules_book
from ..sessions import TableError, stored
from ..words import table_error
from . import ids, rematch_clicks
from .click import Click, Handler
from .components import TEMPLATE, ClickRoute
from .forms import ask, submitted
from .lobby import lobby_click
from .menu import menu
from .play import action
from .refusals import explain
from .sending import UNKNOWN_INTERACTION, where_line

if TYPE_CHECKING:
    from .table_ui import TableUI

log = logging.getLogger(__name__)


async def rules_page(ui: TableUI, click: Click) -> None:
    """◀ ▶ through a game's rules (``tvr:<game>:<page>``)."""
    game, page = ids.parse_rules_id(click.custom_id)
    if game not in rules_book.FILES:
        raise ids.BadId(game)
    embed, view = rules_book.rules_page(game, page)
    await click.interaction.response.edit_message(embed=embed, view=view)


ROUTES: dict[str, Handler] = {
    "tv": action,  # a game action's button
    "tvs": action,  # a select of actions (or of groups of a very long list)
    "tvq": ask,  # opens a form for an action's free numbers or words
    "tvm": menu,  # the table's menu: my hand, leave
    "tvl": lobby_click,  # Rejoindre / Quitter / Commencer
    "tvr": rules_page,  # the rules pages of /regles
    "tvre": rematch_clicks.rematch_click,  # « Revanche » on a finished table, « Je rejoue » on its rematch
}


def presenter_route(handler: ClickRoute) -> Handler:
    """A presenter's own handler (``Presenter.routes``) as a route of the table."""

    async def routed(ui: TableUI, click: Click) -> None:
        await handler(click.interaction, click.custom_id, click.values)

    return routed


async def gone(ui: TableUI, click: Click) -> None:
    # A Taverne prefix no route knows: a component of another version, no longer on any table.
    raise TableError("gone")


async def route(
    ui: TableUI, interaction: discord.Interaction[Any], custom_id: str, values: list[str]
) -> None:
    click = Click(interaction, custom_id, values)
    match = TEMPLATE.fullmatch(custom_id)
    handler = ui.routes.get(match["prefix"], gone) if match is not None else None
    if handler is None:
        await answering(ui, click, _malformed())
        return
    await answering(ui, click, _warmed(ui, click, handler))


async def _warmed(ui: TableUI, click: Click, handler: Handler) -> None:
    """The channel's table loaded first when it was not in memory (its first click since then)."""
    await stored(ui.manager.warm(click.interaction.channel_id))
    await handler(ui, click)


async def _malformed() -> None:
    raise TableError("malformed")


async def answering(ui: TableUI, click: Click, work: Awaitable[None]) -> None:
    """Runs a handler; what it refuses is answered privately, in the words of the table or game."""
    try:
        await work
        return
    except TableError as error:
        refused: TableError | IllegalAction = error
    except ids.BadId:
        refused = TableError("malformed")
    except IllegalAction as error:
        refused = error if click.session is not None else TableError("malformed")
    lang = ui.language_of(click)  # the handler may have found the table meanwhile
    if isinstance(refused, IllegalAction) and click.session is not None:
        text = explain(click.session, refused, lang)
    else:
        text = table_error(lang, refused if isinstance(refused, TableError) else TableError("malformed"))
    text += where_line(click.interaction, click.session, lang)
    if click.redraws_hand:
        await ui.sender.refuse(click.interaction, click.session, click.player, text, lang)
    else:
        await ui.sender.private(click.interaction, text)
    await ui.sender.after_old_click(click.interaction, click.session)


async def received(ui: TableUI, interaction: discord.Interaction[Any]) -> None:
    """Every interaction discord.py reads: clicks and submitted forms are routed, the rest
    (slash commands: the command tree's) left alone."""
    try:
        await _received(ui, interaction)
    except discord.NotFound as error:
        if error.code != UNKNOWN_INTERACTION:
            raise
        # Answered after Discord's 3 s (a starved bot): nobody waits for this answer any more, and
        # what was played is stored; one line, not a traceback per click of a slow burst.
        log.warning("interaction %s (salon %s) : réponse trop tardive, Discord ne l'attend plus", interaction.id, interaction.channel_id)


async def _received(ui: TableUI, interaction: discord.Interaction[Any]) -> None:
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    if interaction.type is discord.InteractionType.modal_submit:
        if custom_id.startswith("tvq:"):
            click = Click(interaction, custom_id)
            await answering(ui, click, _warmed(ui, click, submitted))
        return
    if interaction.type is not discord.InteractionType.component:
        return
    # Not one of this bot's ids at all (another bot version, a modified client) is routed too: the
    # clicker is told, instead of Discord's « Échec de l'interaction ».
    await route(ui, interaction, custom_id, [str(v) for v in data.get("values", [])])
