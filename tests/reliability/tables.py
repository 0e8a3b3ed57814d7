"""Tables of the real games through the real session manager and store (no Discord), and what the
database says about them afterwards."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from bot.sessions import Session, SessionManager
from bot.store import Store
from games.core import Action, BaseState, Game, PlayerId, registry
from tests.databases import Where, connect, target_of

# A fixed clock: no turn timer or window timer fires on its own during a test.
NOW = 1_790_000_000_000
SEED = 7


@asynccontextmanager
async def manager_on(
    database: Where, games: dict[str, Game[Any]] | None = None
) -> AsyncIterator[SessionManager]:
    store = await Store.open(target_of(database))
    manager = SessionManager(store, games or registry.available(), clock=lambda: NOW)
    await manager.restore()
    try:
        yield manager
    finally:
        await manager.close()
        await store.close()


async def started_table(
    manager: SessionManager,
    game: str,
    players: list[PlayerId],
    *,
    channel: int = 10,
    guild: int = 1,
    loaded: list[int] | None = None,
    options: dict[str, Any] | None = None,
) -> Session:
    session = await manager.open(
        guild_id=guild,
        channel_id=channel,
        game=game,
        host_id=players[0],
        host_name=players[0],
        options=options,
    )
    for player in players[1:]:
        await manager.join(session.id, player, player)
    outcome = await manager.start(session.id, players[0], seed=SEED, loaded=loaded)
    assert outcome.error is None, outcome.error
    return session


def stored_moves(database: Where, session_id: int) -> list[tuple[PlayerId, Action, int, int | None]]:
    with connect(database) as db:
        rows = db.execute(
            "SELECT player, action, at_ms, interaction_id FROM actions WHERE session_id = ? ORDER BY seq",
            (session_id,),
        ).fetchall()
    return [(r[0], Action.model_validate_json(r[1]), r[2], r[3]) for r in rows]


def stored_state(database: Where, session_id: int) -> tuple[str, str | None]:
    with connect(database) as db:
        status, state = db.execute(
            "SELECT status, state FROM sessions WHERE id = ?", (session_id,)
        ).fetchone()
    return status, state


def replayed(
    game: Game[Any],
    database: Where,
    session_id: int,
    players: list[PlayerId],
    options: dict[str, Any],
    seed: int = SEED,
    loaded: list[int] | None = None,
) -> BaseState:
    """The game played again from its start with the actions the database kept, each once."""
    state, _ = game.start(players, options, seed=seed, loaded=loaded)
    for player, action, at, _ in stored_moves(database, session_id):
        state, _ = game.apply(state, player, action, at)
    return state


def options_of(database: Where, session_id: int) -> dict[str, Any]:
    with connect(database) as db:
        (raw,) = db.execute("SELECT options FROM sessions WHERE id = ?", (session_id,)).fetchone()
    return dict(json.loads(raw))
