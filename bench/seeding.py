"""A database of many tables in play, as a busy server leaves it when the bot stops: each table has
its channel, its message, its players, its log lines, the actions played so far and the state.

The states are real mid-game states (random legal play) taken from a small pool per game, each
stopped where the table waits for a player (no shout window open), so a restart resumes them without
having to close anything.
"""

from __future__ import annotations

import random
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.sessions import wall_ms
from bot.store import NEWS_KEPT, PLAYING, SessionRecord
from games.core import SYSTEM, TICK, Action, Event, Game
from games.core.autoplay import choose

from .storage import insert_session, open_db

POOL = 40  # distinct states per game


@dataclass
class Played:
    game: str
    state: str
    events: list[Event]  # the latest public ones, kept with the table as the bot keeps them
    actions: list[tuple[str, str, int]]  # player, action JSON, at_ms


def mid_game(game: Game[Any], players: list[str], rng: random.Random, now: int) -> Played:
    """A game played at random for a few to a few dozen moves, stopped while a player must act."""
    while True:
        state, _ = game.start(players, {}, seed=rng.randrange(2**31), now_ms=now)
        public: list[Event] = []
        actions: list[tuple[str, str, int]] = []
        at = now
        for _ in range(rng.randint(3, 40)):
            move = choose(game, state, rng, at)
            if move is None or state.over:
                break
            player, action, at = move
            state, events = game.apply(state, player, action, at)
            actions.append((player, action.model_dump_json(), at))
            public += [e for e in events if e.to is None]
        for _ in range(20):  # close the windows left open, as the table's timer would have
            deadline = game.deadline(state)
            if deadline is None or state.over:
                break
            at = max(at, deadline)
            state, events = game.apply(state, SYSTEM, Action(kind=TICK), at)
            actions.append((SYSTEM, Action(kind=TICK).model_dump_json(), at))
            public += [e for e in events if e.to is None]
        if not state.over and game.deadline(state) is None:
            return Played(game.name, state.model_dump_json(), public[-NEWS_KEPT:], actions)


def fill(
    path: Path,
    games: dict[str, Game[Any]],
    places: list[tuple[int, int, int]],
    players: list[str],
    names: dict[str, str],
    seed: int = 11,
    *,
    played_ago_ms: int = 0,
    due_in_ms: int | None = None,
) -> None:
    """One table in play per (guild id, channel id, table message id) of ``places``, last played
    ``played_ago_ms`` ago; ``due_in_ms``: its timer's next due time as the bot stamps it (None: a
    database from before the due times were stored)."""
    rng = random.Random(seed)
    now = wall_ms() - played_ago_ms
    order = list(games)
    # A pool no larger than the game's tables: a run with none or a few (the empty database every
    # restart is compared with, the smoke tests) plays no game it would not store.
    pools = {
        name: [
            mid_game(game, players[: _seats(game, len(players))], rng, now)
            for _ in range(min(POOL, len(places[i :: len(order)])))
        ]
        for i, (name, game) in enumerate(games.items())
    }
    db = open_db(str(path))
    try:
        db.execute("BEGIN")
        for i, (guild_id, channel_id, message_id) in enumerate(places):
            game = games[order[i % len(order)]]
            played = rng.choice(pools[game.name])
            seated = players[: _seats(game, len(players))]
            rec = SessionRecord(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game.name,
                host_id=seated[0],
                names={p: names[p] for p in seated},
                options=game.options().model_dump(mode="json"),
                state=played.state,
                status=PLAYING,
                message_id=message_id,
                events=list(played.events),
                created_ms=now - 60_000,
                started_ms=now - 50_000,
                active_ms=now,
                waiting_since_ms=now,
                due_ms=None if due_in_ms is None else now + played_ago_ms + due_in_ms,
            )
            session_id = insert_session(db, rec)
            db.executemany(
                "INSERT INTO actions (session_id, seq, player, action, at_ms) VALUES (?, ?, ?, ?, ?)",
                [(session_id, seq, p, a, at) for seq, (p, a, at) in enumerate(played.actions, start=1)],
            )
        db.execute("COMMIT")
    finally:
        db.close()


def _seats(game: Game[Any], available: int) -> int:
    return max(game.min_players, min(3, game.max_players, available))


def describe_pool(path: Path) -> dict[str, float]:
    """Mean stored sizes, for the report: state JSON and log per table."""
    with sqlite3.connect(path) as db:
        state, log = db.execute("SELECT AVG(LENGTH(state)), AVG(LENGTH(log)) FROM sessions").fetchone()
    return {"state": float(state or 0), "log": float(log or 0)}
