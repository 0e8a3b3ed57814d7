"""A table in memory and what the manager tells about it: ``Session`` (its record, game, state,
lock and timer), ``Outcome`` (what an action did), ``Notice`` (what happened without a click),
``Due`` (what a table does next by itself) and the ``Listener`` that hears notices."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.core import BaseState, Event, Game, IllegalAction, PlayerId
from speech import SOURCE

from ..store import (
    SessionRecord,
)
from .legal import LegalActions

log = logging.getLogger(__name__)

def wall_ms() -> int:
    return time.time_ns() // 1_000_000


def rollback_copy(rec: SessionRecord) -> SessionRecord:
    """A copy of ``rec`` to put back if a commit fails: its lists and dicts copied one level deep.

    Enough because a change only sets fields, adds or removes entries (names, robots) or makes new
    lists (the latest events); what the entries hold (strings, numbers, events) is never changed in
    place. A deep copy cost about a tenth of the event loop's time per click (docs/PERFORMANCE.md).
    """
    # Through the instance's dict, not dataclasses.fields and replace (which runs __init__ again):
    # every accepted click makes one, and those two were most of its cost.
    copied = object.__new__(type(rec))
    copied.__dict__.update(
        {name: type(value)(value) if isinstance(value, _CONTAINERS) else value for name, value in rec.__dict__.items()}
    )
    return copied


_CONTAINERS = (list, dict, set)


@dataclass
class Session:
    rec: SessionRecord
    game: Game[Any]
    state: BaseState | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task[None] | None = None
    # A deadline whose tick the game refused: not re-armed until the state moves on.
    stuck_deadline: int | None = None
    # Every player's legal actions in the current state, and whom the table waits for (``legal``).
    legal_memo: LegalActions | None = field(default=None, repr=False)
    # The game's views of the current state, by viewer (None: the channel), made when first drawn.
    view_memo: tuple[BaseState, int, dict[PlayerId | None, Any]] | None = field(default=None, repr=False)
    # The latest news in words, kept by ``bot/tables/shown.py`` (``NewsWords``): a click draws
    # them three or four times, and each event stays among the latest for several moves.
    news_memo: Any = field(default=None, repr=False)
    # What each reader may see of the current state (``bot/tables/shown.py``, ``ShownMemo``): a click
    # reads it for the table's words, its buttons, its announcement and each hand.
    shown_memo: Any = field(default=None, repr=False)
    # The language the channel reads the table in: its server's (/config langue), set by the manager.
    lang: str = SOURCE
    # When the state last changed (ms; None after a restart until first asked): a robot's pace
    # counts from it. And the robots' next move for the current state (``robots.plan``).
    changed_ms: int | None = None
    robot_memo: tuple[Any, Any] | None = field(default=None, repr=False)

    @property
    def id(self) -> int:
        return self.rec.id

    @property
    def players(self) -> list[PlayerId]:
        return list(self.state.players) if self.state is not None else list(self.rec.names)

    def name(self, player: PlayerId) -> str:
        return self.rec.names.get(player, player)


@dataclass
class Outcome:
    """What an accepted (or refused) action did; ``error`` is the game's refusal. ``waiting``: whom
    the table waits for now (its pings), so that the UI need not ask again."""

    session: Session
    events: list[Event] = field(default_factory=list)
    error: IllegalAction | None = None
    ended: bool = False
    turn_changed: bool = False
    waiting: list[PlayerId] = field(default_factory=list)


@dataclass
class Notice:
    """Something that happened without a click. ``kind``: window_closed, warned, removed,
    idle_closed, resumed, ended (at the restart: a game found over, now closed, or closed just
    before the bot died; its end not told yet), closed_late (a won game whose closing failed on a
    storage error, closed by the next click), lobby_lost (a lobby stored without its message,
    to be shown again), lobby_restored (a lobby found at the restart, its message to be redrawn
    from what is stored). A table set aside as unreadable goes to the listener's ``table_broken``,
    when it has one."""

    kind: str
    players: list[PlayerId] = field(default_factory=list)
    deadline_ms: int | None = None


@dataclass(frozen=True)
class Due:
    """What a table does next by itself: close for idleness (``idle``), close a timed window
    (``window``, after the grace for clicks in flight), warn the players it waits for (``warn``) or
    remove them (``remove``); ``at``: when, in ms."""

    kind: str
    at: int


def _at(due: Due) -> int:
    return due.at


class Listener(Protocol):
    async def table_changed(self, session: Session, events: list[Event], notice: Notice) -> None: ...
