"""The lobby: its message (who sits at the table, the options, Rejoindre / Quitter / Commencer)
and what its buttons do (``tvl:``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from ..sessions import Outcome, Session, stored
from ..store import ABANDONED
from ..tables import mention
from . import ids
from .click import Click
from .components import LobbyButton, button, clip
from .timing import display_name, in_time

if TYPE_CHECKING:
    from .table_ui import TableUI


def lobby_embed(session: Session) -> discord.Embed:
    game, rec = session.game, session.rec
    embed = discord.Embed(
        title=clip(f"Table de {game.title}", 256),
        description=(
            f"Hôte : {mention(rec.host_id, rec.names)}\n"
            f"De {game.min_players} à {game.max_players} joueurs. "
            "Rejoignez la table, puis l'hôte lance la partie."
        ),
        colour=discord.Colour(0x8E5B2E),
    )
    seated = "\n".join(f"{i}. {mention(p, rec.names)}" for i, p in enumerate(rec.names, start=1))
    embed.add_field(name=f"Joueurs ({len(rec.names)})", value=clip(seated or "personne", 1024), inline=False)
    if rec.options:
        shown = " ".join(f"`{k}={_word(v)}`" for k, v in rec.options.items())
        embed.add_field(name="Options", value=clip(shown, 1024), inline=False)
    if rec.turn_timeout_ms:
        embed.add_field(name="Délai par tour", value=f"{rec.turn_timeout_ms // 60_000} min", inline=False)
    embed.set_footer(text=f"Table n°{session.id}")
    return embed


def _word(value: object) -> str:
    if isinstance(value, bool):
        return "oui" if value else "non"
    return str(value)


def lobby_view(session: Session) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    ready = len(session.rec.names) >= session.game.min_players
    view.add_item(
        LobbyButton(
            button(
                ids.lobby_id(session.id, "join"), "Rejoindre", emoji="🪑", style=discord.ButtonStyle.success
            )
        )
    )
    view.add_item(
        LobbyButton(button(ids.lobby_id(session.id, "leave"), "Quitter", style=discord.ButtonStyle.secondary))
    )
    view.add_item(
        LobbyButton(
            button(
                ids.lobby_id(session.id, "start"),
                "Commencer",
                emoji="🎲",
                style=discord.ButtonStyle.primary,
                disabled=not ready,
            )
        )
    )
    return view


async def lobby_click(ui: TableUI, click: Click) -> None:
    """Rejoindre, Quitter, Commencer: the lobby message drawn again, or the game's table."""
    session_id, what = ids.parse_lobby_id(click.custom_id)
    interaction, player = click.interaction, click.player
    manager = ui.manager
    if what == "join":
        session = await stored(manager.join(session_id, player, display_name(interaction.user)))
    elif what == "leave":
        session = await stored(manager.leave_lobby(session_id, player))
    else:
        outcome = await in_time(interaction, manager.start(session_id, player), manager.clock())
        await started(ui, click, outcome)
        return
    if session.rec.status == ABANDONED:  # the last one stood up: the table closed
        await interaction.response.edit_message(
            content="Table fermée : plus personne n'y est assis.", embed=None, view=None
        )
        return
    await interaction.response.edit_message(embed=lobby_embed(session), view=lobby_view(session))


async def started(ui: TableUI, click: Click, outcome: Outcome) -> None:
    """The lobby message becomes the table; the first player is pinged."""
    session, interaction = outcome.session, click.interaction
    click.session = session
    if outcome.error is not None:
        raise outcome.error
    if interaction.message is not None:
        # Recorded before the table shows: a click on its buttons must find it the table's message.
        await ui.record_shown(session, interaction.message.id)
    await ui.sender.show_table(interaction, session)
    end = await ui.news.after(session, outcome.events, outcome.waiting, player=click.player)
    await ui.record_shown(session, end=end)
