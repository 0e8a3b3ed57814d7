"""Removing a player on Discord: the table's « Exclure… » button (``tvm:<table>:<turn>:kick``)
opens a private choice of the seated players: for the host, whom to remove (``kickpick``, then a
private confirmation ``kickyes~<player>``); for any other seated human, whom to vote out
(``votepick``, then ``vote~<player>``, or ``unvote~<player>`` to withdraw a vote). A removal plays
the game's ``expulser`` through the session manager (bot/sessions/removals.py), redraws the table
and says who was removed, and by whom, in the channel.

Every item is a ``TaverneItem``: a private choice opened before a restart still answers after it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from games.core import PlayerId
from speech import t

from ..sessions import Session, TableError
from ..sessions.removals import Removal
from ..sessions.robot_tables import NO_HUMAN
from ..sessions.votes import check_host_removal, check_vote, may_vote, needed, seated_humans, votes_on
from . import ids
from .click import Click
from .components import TaverneItem, button, clip
from .drawing import announcements
from .removal_menu import HOST_PICK, HOST_YES, OPEN, UNVOTE, VOTE, VOTE_PICK
from .timing import in_time

if TYPE_CHECKING:
    from .table_ui import TableUI


async def removal_click(ui: TableUI, click: Click, session: Session, tail: str) -> None:
    """One of this module's ``tvm:`` tails, clicked."""
    click.session = session
    what, _, player = tail.partition(ids.SEP)
    if what == OPEN:
        await open_choice(ui, click, session)
    elif what in (HOST_PICK, VOTE_PICK):
        target = click.values[0] if len(click.values) == 1 else ""
        await confirm(ui, click, session, what, target)
    elif what == HOST_YES and player:
        await removed_by_host(ui, click, session, player)
    elif what in (VOTE, UNVOTE) and player:
        await voted(ui, click, session, player, withdraw=what == UNVOTE)
    else:
        raise TableError("malformed")


def _private_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def _tail_id(session: Session, tail: str) -> str:
    assert session.state is not None
    return ids.table_id("tvm", session.id, session.state.turn_no, tail)


async def open_choice(ui: TableUI, click: Click, session: Session) -> None:
    """The private choice: whom to remove (the host) or whom to vote out (the others)."""
    player, lang = click.player, ui.language_of(click)
    # The host's part goes with ``host_id``, as for handing another's seat to a robot and /abandonner.
    host = player == session.rec.host_id
    if not host and player not in seated_humans(session):
        raise TableError("not_seated")
    if not host and not may_vote(session):
        raise TableError("vote_too_few")
    others = [p for p in (session.players if host else seated_humans(session)) if p != player]
    if not others:
        raise TableError("nobody_to_remove")
    options = [
        discord.SelectOption(
            label=clip(session.name(p), 100),
            value=p,
            description=None if host else clip(_count_words(session, p, player, lang), 100),
        )
        for p in others[:25]
    ]
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=_tail_id(session, HOST_PICK if host else VOTE_PICK),
        placeholder=t(lang, "removal.pick"),
        options=options,
    )
    text = t(lang, "removal.host_choose" if host else "removal.vote_choose")
    await click.interaction.response.send_message(text, view=_private_view(TaverneItem(select)), ephemeral=True)


def _count_words(session: Session, target: PlayerId, voter: PlayerId, lang: str) -> str:
    votes = votes_on(session, target)
    key = "removal.count_mine" if voter in votes else "removal.count"
    return t(lang, key, votes=len(votes), needed=needed(session, target))


async def confirm(ui: TableUI, click: Click, session: Session, what: str, target: PlayerId) -> None:
    """The private confirmation of a removal or a vote (or the withdrawal of one's vote)."""
    player, lang = click.player, ui.language_of(click)
    name = session.name(target)
    if what == HOST_PICK:
        check_host_removal(session, player, target)
        text, tail, label = t(lang, "removal.host_really", player=name), HOST_YES, "removal.host_yes"
    else:
        check_vote(session, player, target)
        votes = votes_on(session, target)
        mine = player in votes
        counts = {"player": name, "votes": len(votes), "needed": needed(session, target)}
        text = t(lang, "removal.vote_mine" if mine else "removal.vote_really", **counts)
        tail, label = (UNVOTE, "removal.unvote") if mine else (VOTE, "removal.vote_yes")
    custom_id = _tail_id(session, f"{tail}{ids.SEP}{target}")
    item = TaverneItem(button(custom_id, clip(t(lang, label, player=name), 80), style=discord.ButtonStyle.danger))
    await click.interaction.response.edit_message(content=text, view=_private_view(item))


async def removed_by_host(ui: TableUI, click: Click, session: Session, target: PlayerId) -> None:
    interaction, name = click.interaction, session.name(target)
    removal = await in_time(
        interaction, ui.manager.remove_by_host(session.id, click.player, target), ui.manager.clock()
    )
    await _answer(interaction, t(ui.language_of(click), "removal.host_done", player=name))
    line = t(session.lang, "removal.by_host", host=session.name(click.player), player=name)
    await tell(ui, removal, [line])


async def voted(ui: TableUI, click: Click, session: Session, target: PlayerId, *, withdraw: bool) -> None:
    interaction, name, voter = click.interaction, session.name(target), session.name(click.player)
    work = ui.manager.vote_removal(session.id, click.player, target, withdraw=withdraw)
    removal = await in_time(interaction, work, ui.manager.clock())
    counts = {"player": name, "votes": removal.votes, "needed": removal.needed}
    lang, server = ui.language_of(click), session.lang
    if withdraw:
        private, lines = "removal.unvoted", [t(server, "removal.vote_withdrawn", voter=voter, **counts)]
    else:
        private = "removal.voted_out" if removal.removed else "removal.voted"
        lines = [t(server, "removal.vote_cast", voter=voter, **counts)]
        if removal.removed:
            lines.append(t(server, "removal.by_vote", **counts))
    await _answer(interaction, t(lang, private, **counts))
    await tell(ui, removal, lines)


async def _answer(interaction: discord.Interaction[Any], text: str) -> None:
    if not interaction.response.is_done():
        await interaction.response.edit_message(content=text, view=None)
    else:
        await interaction.edit_original_response(content=text, view=None)


async def tell(ui: TableUI, removal: Removal, lines: list[str]) -> None:
    """The table redrawn when a player was removed, and the channel told (one message)."""
    session = removal.session
    if removal.removed and session.rec.status != NO_HUMAN:
        await ui.sender.refresh(session)
    news = [*ui.news.held.take(session.id), *lines, *announcements(session, removal.events)]
    end = await ui.news.say(session, news, removal.waiting, None)
    await ui.record_shown(session, end=end)
