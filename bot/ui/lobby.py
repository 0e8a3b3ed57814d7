"""The lobby: its message (who sits at the table, robots included, the options, Rejoindre / Quitter /
Commencer, the host's « Ajouter un robot » and « Retirer un robot ») and what its components do
(``tvl:``). Its words are the server's language: the whole channel reads the lobby."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import discord

from ..i18n import t
from ..sessions import Outcome, Session, stored
from ..store import ABANDONED
from ..tables import mention
from . import ids
from .click import Click
from .components import LobbyButton, button, clip
from .rematch import add_confirm_button, add_rematch_field, seat_words
from .robots import level_word, server_language
from .timing import UNKNOWN_INTERACTION, display_name, in_time

if TYPE_CHECKING:
    from .table_ui import TableUI

LEVELS = ("debutant", "fort")


def lobby_embed(session: Session, lang: str = "fr") -> discord.Embed:
    game, rec = session.game, session.rec
    host = mention(rec.host_id, rec.names)
    embed = discord.Embed(
        title=clip(t(lang, "lobby.title", game=game.title), 256),
        description=t(lang, "lobby.description", host=host, low=game.min_players, high=game.max_players),
        colour=discord.Colour(0x8E5B2E),
    )
    seated = "\n".join(f"{i}. {_seat(session, p, lang)}" for i, p in enumerate(rec.names, start=1))
    if rec.host_id not in rec.names:
        seated += "\n" + t(lang, "lobby.watching", host=host)
    embed.add_field(
        name=t(lang, "lobby.players", n=len(rec.names)),
        value=clip(seated.strip() or t(lang, "lobby.nobody"), 1024),
        inline=False,
    )
    if rec.options:
        shown = " ".join(f"`{k}={_word(v, lang)}`" for k, v in rec.options.items())
        embed.add_field(name=t(lang, "lobby.options"), value=clip(shown, 1024), inline=False)
    if rec.turn_timeout_ms:
        minutes = rec.turn_timeout_ms // 60_000
        embed.add_field(name=t(lang, "lobby.delay"), value=t(lang, "lobby.delay_value", minutes=minutes), inline=False)
    add_rematch_field(embed, session, lang)
    embed.set_footer(text=t(lang, "lobby.footer", table=session.id))
    return embed


def _seat(session: Session, player: str, lang: str) -> str:
    name = mention(player, session.rec.names)
    level = session.rec.robots.get(player)
    return seat_words(session, player, name, lang) if level is None else t(lang, "lobby.robot_seat", name=name, level=level_word(lang, level))


def _word(value: object, lang: str) -> str:
    if isinstance(value, bool):
        return t(lang, "lobby.yes") if value else t(lang, "lobby.no")
    return str(value)


class LobbyDrawing(NamedTuple):
    embed: discord.Embed
    view: discord.ui.View
    shows: tuple[object, object]  # what the message shows with them, to tell whether one is behind


def draw_lobby(session: Session, lang: str) -> LobbyDrawing:
    """The lobby message as it is now: what to send, and what it shows, built once."""
    embed, view = lobby_embed(session, lang), lobby_view(session, lang)
    return LobbyDrawing(embed, view, (embed.to_dict(), view.to_components()))


def lobby_view(session: Session, lang: str = "fr") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    rec, game = session.rec, session.game
    ready = len(rec.names) >= game.min_players
    parts: list[tuple[str, str, str | None, discord.ButtonStyle, bool]] = [
        ("join", "lobby.join", "🪑", discord.ButtonStyle.success, False),
        ("leave", "lobby.leave", None, discord.ButtonStyle.secondary, False),
        ("start", "lobby.start", "🎲", discord.ButtonStyle.primary, not ready),
    ]
    for what, key, emoji, style, disabled in parts:
        view.add_item(
            LobbyButton(button(ids.lobby_id(session.id, what), t(lang, key), emoji=emoji, style=style, disabled=disabled))
        )
    add_confirm_button(view, session, lang)
    add: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=ids.lobby_id(session.id, "robot"),
        placeholder=t(lang, "lobby.add_robot"),
        options=[
            discord.SelectOption(label=t(lang, "lobby.add_robot_level", level=level_word(lang, level)), value=level)
            for level in LEVELS
        ],
        disabled=len(rec.names) >= game.max_players,
        row=1,
    )
    view.add_item(LobbyButton(add))
    if rec.robots:
        remove: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=ids.lobby_id(session.id, "unrobot"),
            placeholder=t(lang, "lobby.remove_robot"),
            options=[
                discord.SelectOption(
                    label=clip(t(lang, "lobby.remove_robot_named", name=rec.names.get(robot, robot)), 100),
                    value=robot,
                )
                for robot in list(rec.robots)[:25]
            ],
            row=2,
        )
        view.add_item(LobbyButton(remove))
    return view


async def lobby_click(ui: TableUI, click: Click) -> None:
    """Rejoindre, Quitter, Commencer, a robot added or removed: the lobby message drawn again, or
    the game's table."""
    session_id, what = ids.parse_lobby_id(click.custom_id)
    interaction, player = click.interaction, click.player
    manager = ui.manager
    if what == "start":
        outcome = await in_time(interaction, manager.start(session_id, player), manager.clock())
        await started(ui, click, outcome)
        return
    chosen = click.values[0] if len(click.values) == 1 else ""
    if what == "join":
        session = await stored(manager.join(session_id, player, display_name(interaction.user)))
    elif what == "leave":
        session = await stored(manager.leave_lobby(session_id, player))
    elif what == "robot":
        session = await stored(manager.add_robot(session_id, player, chosen))
    else:
        session = await stored(manager.remove_robot(session_id, player, chosen))
    lang = await server_language(ui.client, session.rec.guild_id)
    if session.rec.status == ABANDONED:  # the last one stood up: the table closed
        await interaction.response.edit_message(content=t(lang, "lobby.closed"), embed=None, view=None)
        await redraw_the_noted_copy(ui, interaction, session)
        return
    try:
        await interaction.response.edit_message(embed=lobby_embed(session, lang), view=lobby_view(session, lang))
    except discord.NotFound as error:
        if error.code != UNKNOWN_INTERACTION:
            raise
        # Answered past Discord's 3 s (a starved bot): the seat is stored all the same, so the lobby
        # is drawn again through the channel, or « Commencer » would stay grey until a restart.
        await ui.listener.redraw_lobby(session)
        return
    await redraw_the_noted_copy(ui, interaction, session)


async def redraw_the_noted_copy(ui: TableUI, interaction: discord.Interaction[Any], session: Session) -> None:
    """A click answered on the lobby a bot that died had posted, while the copy the restart posted
    is the one noted: that copy is drawn again too, or it would show the lobby as it was (its
    buttons taken off if the click closed the table)."""
    if interaction.message is None or session.rec.message_id in (None, interaction.message.id):
        return
    if session.rec.status == ABANDONED:
        await ui.sender.strip_table(session)
    else:
        await ui.listener.redraw_lobby(session)


async def started(ui: TableUI, click: Click, outcome: Outcome) -> None:
    """The lobby message becomes the table; the first player is pinged."""
    session, interaction = outcome.session, click.interaction
    click.session = session
    if outcome.error is not None:
        raise outcome.error
    noted = session.rec.message_id
    if interaction.message is not None:
        # Recorded before the table shows: a click on its buttons must find it the table's message.
        await ui.record_shown(session, interaction.message.id)
    await ui.sender.show_table(interaction, session)
    if interaction.message is not None and noted not in (None, interaction.message.id):
        # Started from the lobby a bot that died had posted: the copy the restart posted keeps its
        # words, not its buttons (they could only answer that the game has started).
        channel = ui.sender.channel(session)
        if channel is not None:
            await ui.sender.strip_buttons(channel, noted, session.id)
    end = await ui.news.after(session, outcome.events, outcome.waiting, player=click.player)
    await ui.record_shown(session, end=end)
