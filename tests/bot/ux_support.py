"""A table on a stand-in channel, for the table UX tests: the real session manager on a real SQLite
file and the real click handler, with Discord's objects replaced by recorders (what was sent in the
channel, which messages were edited with what, what each click was answered)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

from bot.sessions import Session, SessionManager, wall_ms
from bot.store import Store
from bot.tables import presenter_for
from bot.ui.decoding import decode_click
from bot.ui.table_ui import TableUI
from games.core import Game, PlayerId

from .test_clicks import Interaction, Message, Said

TABLE = 555  # the table message's id
CHANNEL = 10
_ticks = itertools.count(1)


def now() -> int:
    """A click time never used before: an interaction's id is its time, and ids must differ."""
    return wall_ms() + next(_ticks)


@dataclass
class Edit:
    message_id: int
    changes: dict[str, Any]


@dataclass
class TableChannel:
    """A channel whose messages can be edited (``get_partial_message``), as a guild text channel."""

    sent: list[str] = field(default_factory=list)
    edits: list[Edit] = field(default_factory=list)
    ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1000))

    async def send(self, content: str | None = None, **kwargs: Any) -> Message:
        self.sent.append(content or "")
        return Message(next(self.ids))

    def get_partial_message(self, message_id: int) -> PartialTable:
        return PartialTable(self, message_id)


@dataclass
class PartialTable:
    channel: TableChannel
    id: int

    async def edit(self, **changes: Any) -> None:
        self.channel.edits.append(Edit(self.id, changes))


class Client:
    def __init__(self, channel: TableChannel) -> None:
        self.channel = channel

    def get_channel(self, channel_id: int) -> TableChannel:
        return self.channel

    def is_closed(self) -> bool:
        return False


@contextlib.asynccontextmanager
async def manager_for(
    db_path: Path, games: dict[str, Game[Any]], *, restore: bool = True, **timers: Any
) -> AsyncIterator[SessionManager]:
    """A session manager on ``db_path`` for ``games``; its timers stopped and its file closed after."""
    store = await Store.open(db_path)
    manager = SessionManager(store, games, **timers)
    try:
        if restore:
            await manager.restore()
        yield manager
    finally:
        await manager.close()
        await store.close()


async def start_table(
    manager: SessionManager,
    game: str,
    names: dict[PlayerId, str],
    *,
    loaded: list[int] | None = None,
    seed: int = 7,
    timer_delay_s: float = 0.05,
    timer_sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    **options: Any,
) -> tuple[Session, TableUI, TableChannel]:
    """A started table whose message is ``TABLE``, its click handler listening, the start told."""
    players = list(names)
    session = await manager.open(
        guild_id=1,
        channel_id=CHANNEL,
        game=game,
        host_id=players[0],
        host_name=names[players[0]],
        options=options,
    )
    for player in players[1:]:
        await manager.join(session.id, player, names[player])
    outcome = await manager.start(session.id, players[0], seed=seed, loaded=loaded)
    assert outcome.error is None
    await manager.set_message(session, TABLE)
    clicks, channel = listening(manager, timer_delay_s, timer_sleep)
    await clicks.news.after(session, outcome.events, outcome.waiting, player=players[0])
    return session, clicks, channel


def listening(
    manager: SessionManager,
    timer_delay_s: float = 0.05,
    timer_sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> tuple[TableUI, TableChannel]:
    """The click handler of ``manager``, ready, on a stand-in channel, hearing its timers; the
    timers' news held ``timer_delay_s`` of ``timer_sleep``'s time (a test's clock, or real time)."""
    clicks = TableUI(manager, timer_delay_s=timer_delay_s, timer_sleep=timer_sleep)
    channel = TableChannel()
    clicks.client = Client(channel)  # type: ignore[assignment]
    clicks.ready()
    manager.listener = clicks.listener
    return clicks, channel


def components(view: discord.ui.View | None) -> list[dict[str, Any]]:
    return [item.to_component_dict() for item in view.children] if view is not None else []


def table_components(session: Session) -> list[dict[str, Any]]:
    return components(presenter_for(session.game).components(session))


def find(items: list[dict[str, Any]], label: str) -> tuple[str, list[str]]:
    """The custom_id and values of the button or select option showing ``label``."""
    for item in items:
        if item["type"] == 2 and item.get("label") == label:
            return item["custom_id"], []
        for option in item.get("options", []):
            if option["label"] == label:
                return item["custom_id"], [option["value"]]
    shown = [i.get("label") or [o["label"] for o in i.get("options", [])] for i in items]
    raise AssertionError(f"nothing shows « {label} »: {shown}")


async def click(
    clicks: TableUI,
    session: Session,
    player: PlayerId,
    label: str,
    *,
    items: list[dict[str, Any]] | None = None,
    message_id: int = TABLE,
    ephemeral: bool = False,
) -> Interaction:
    """``player`` clicks what shows ``label`` on the table (or among ``items``, a private message)."""
    custom_id, values = find(table_components(session) if items is None else items, label)
    interaction = Interaction(int(player), now(), CHANNEL, message_id)
    assert interaction.message is not None
    interaction.message.flags.ephemeral = ephemeral
    await clicks.route(interaction, custom_id, values)  # type: ignore[arg-type]
    return interaction


def answer(interaction: Interaction) -> Said:
    [said] = interaction.said
    return said


def playable(
    manager: SessionManager, session: Session, player: PlayerId, items: list[dict[str, Any]]
) -> list[tuple[str, list[str]]]:
    """The custom_ids (and values) among ``items`` whose action ``player`` may take now."""
    assert session.state is not None
    legal = session.game.legal_actions(session.state, player)
    out = []
    for item in items:
        choices = [[o["value"]] for o in item.get("options", [])] if item["type"] == 3 else [[]]
        for values in choices:
            try:
                _, _, action = decode_click(manager, CHANNEL, item["custom_id"], values, player)
            except Exception:
                continue
            if action in legal:
                out.append((item["custom_id"], values))
    return out
