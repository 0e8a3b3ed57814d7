"""A table as stored: the record (state, the table's own facts, its latest events) and its row.

The record keeps the game, never its words: events are described when a message is drawn, for its
reader. Lines in words written by older versions (schema 5 and before) are kept as they were.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.core import Event

from .news import dump_events, load_events

LOBBY, PLAYING, OVER, ABANDONED, BROKEN = "lobby", "playing", "over", "abandoned", "broken"
OPEN_STATUSES = (LOBBY, PLAYING)
# The latest public events kept with a table: its embed tells them, in words made when it is drawn.
NEWS_KEPT = 8


class Row(Protocol):
    """A row as either driver gives it (``sqlite3.Row``, ``asyncpg.Record``): read by column name."""

    def __getitem__(self, key: str, /) -> Any: ...


@dataclass
class SessionRecord:
    """One table as stored: the lobby, then the game's state after each accepted action, the
    table's own facts (names, message, timers) and its latest public events, never their words."""

    channel_id: int
    game: str
    host_id: str
    guild_id: int | None = None
    names: dict[str, str] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    state: str | None = None
    status: str = LOBBY
    message_id: int | None = None
    # Lines in words written by a version before the events were kept (schema 5 and older): shown
    # before the events, each dropped when a new event makes room (``NEWS_KEPT`` at most together).
    log: list[str] = field(default_factory=list)
    # The latest public events (``to`` None), oldest first, at most ``NEWS_KEPT``.
    events: list[Event] = field(default_factory=list)
    created_ms: int = 0
    started_ms: int | None = None
    active_ms: int = 0
    # Who the table waits for (a key), since when, and whether they were warned: the turn timer.
    waiting_key: str = ""
    waiting_since_ms: int = 0
    warned: bool = False
    turn_timeout_ms: int | None = None
    # The dice seed chosen at /jouer (graine=…), used when the game starts; None: a random one.
    seed: int | None = None
    # A finished game's end told in its channel (False from the finish until the 🏆 message is out).
    end_shown: bool = True
    # The computer players seated at the table: player id -> level (« debutant », « fort »).
    robots: dict[str, str] = field(default_factory=dict)
    # When the table next does something by itself (``next_due``), stamped by the session manager
    # at every save: the timers of the tables not in memory are found by it. None: not known yet.
    due_ms: int | None = None
    # A rematch's lobby (« Revanche »): ``of`` (the finished table), ``pending`` (the players whose
    # seat waits for their click) and ``until_ms`` (when those seats are freed); bot/sessions/rematch.py.
    rematch: dict[str, Any] = field(default_factory=dict)
    # The votes to remove a player (bot/sessions/removals.py): target -> voters, in voting order.
    votes: dict[str, list[str]] = field(default_factory=dict)
    id: int = 0
    seq: int = 0

    def keep_news(self, events: list[Event]) -> None:
        """Keeps the public ones of ``events`` as the table's latest; lines in words from an older
        record make room for them, oldest first."""
        public = [e for e in events if e.to is None]
        if not public:
            return
        self.events = [*self.events, *public][-NEWS_KEPT:]
        room = NEWS_KEPT - len(self.events)
        self.log = self.log[-room:] if room > 0 else []


@dataclass
class FinishedPlayer:
    player_id: str
    name: str
    score: int | None
    won: bool


@dataclass
class GameStats:
    game: str
    played: int
    won: int
    minutes: float = 0.0  # average length of these games


_COLUMNS = (
    "guild_id, channel_id, game, host_id, names, options, state, status, message_id, log, "
    "created_ms, started_ms, active_ms, waiting_key, waiting_since_ms, warned, turn_timeout_ms, seed, "
    "end_shown, events, robots, due_ms, rematch, votes"
)


def _values(rec: SessionRecord) -> tuple[Any, ...]:
    return (
        rec.guild_id,
        rec.channel_id,
        rec.game,
        rec.host_id,
        json.dumps(rec.names, ensure_ascii=False),
        json.dumps(rec.options, ensure_ascii=False),
        rec.state,
        rec.status,
        rec.message_id,
        json.dumps(rec.log, ensure_ascii=False),
        rec.created_ms,
        rec.started_ms,
        rec.active_ms,
        rec.waiting_key,
        rec.waiting_since_ms,
        int(rec.warned),
        rec.turn_timeout_ms,
        rec.seed,
        int(rec.end_shown),
        dump_events(rec.events),
        json.dumps(rec.robots, ensure_ascii=False),
        rec.due_ms,
        json.dumps(rec.rematch),
        json.dumps(rec.votes),
    )


def _json(row: Row, key: str, kind: type[dict[str, Any]] | type[list[Any]]) -> Any:
    value = json.loads(row[key])
    if not isinstance(value, kind):
        raise TypeError(f"{key} : {kind.__name__} attendu")
    return value


def _votes(row: Row) -> dict[str, list[str]]:
    votes = _json(row, "votes", dict)
    if not all(isinstance(v, list) and all(isinstance(p, str) for p in v) for v in votes.values()):
        raise TypeError("votes : listes de joueurs attendues")
    return {str(target): list(voters) for target, voters in votes.items()}


def _record(row: Row) -> SessionRecord:
    return SessionRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game=row["game"],
        host_id=row["host_id"],
        names=_json(row, "names", dict),
        options=_json(row, "options", dict),
        state=row["state"],
        status=row["status"],
        message_id=row["message_id"],
        log=_json(row, "log", list),
        created_ms=row["created_ms"],
        started_ms=row["started_ms"],
        active_ms=row["active_ms"],
        waiting_key=row["waiting_key"],
        waiting_since_ms=row["waiting_since_ms"],
        warned=bool(row["warned"]),
        turn_timeout_ms=row["turn_timeout_ms"],
        seed=row["seed"],
        end_shown=bool(row["end_shown"]),
        events=load_events(row["game"], row["events"]),
        robots=_json(row, "robots", dict),
        due_ms=row["due_ms"],
        rematch=_json(row, "rematch", dict),
        votes=_votes(row),
        seq=row["seq"],
    )


def finished_row(rec: SessionRecord, outcome: str, ended_ms: int) -> tuple[Any, ...]:
    """The row of ``finished_games`` for a table that was played (``started_ms`` set)."""
    started = rec.started_ms or 0
    return (rec.id, rec.guild_id, rec.channel_id, rec.game, outcome, started, ended_ms, max(0, ended_ms - started))


def player_rows(finished_id: int, players: list[FinishedPlayer]) -> list[tuple[Any, ...]]:
    return [(finished_id, p.player_id, p.name, p.score, int(p.won)) for p in players]


def game_stats(row: Row) -> GameStats:
    return GameStats(row["game"], int(row["played"]), int(row["won"] or 0), float(row["minutes"] or 0))


def _plain_record(row: Row) -> SessionRecord:
    """What can be read of a row whose JSON columns cannot: enough to tell its channel."""

    def number(key: str) -> int | None:
        value = row[key]
        return value if isinstance(value, int) else None

    return SessionRecord(
        id=row["id"],
        guild_id=number("guild_id"),
        channel_id=number("channel_id") or 0,
        game=str(row["game"]),
        host_id=str(row["host_id"]),
        status=str(row["status"]),
        message_id=number("message_id"),
    )


