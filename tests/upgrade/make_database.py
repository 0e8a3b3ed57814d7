"""Writes the stored database of ``test_upgrade.py``: one table in play of each game, as the bot of
the day leaves it when it stops, and what a player saw there (``data/expected.json``).

Run it from the repository root with the code whose database the upgrade test must keep opening:

    .venv/bin/python -m tests.upgrade.make_database

It is not re-run after a change of the store or the record: the committed file is the point (a
database written by an older version). Make a new pair of files (a new name) for a new version to
guard, and keep the old ones.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
from pathlib import Path
from typing import Any

from bot.sessions import SessionManager
from bot.store import Store
from games.core import SYSTEM, TICK, Action, registry
from games.core.autoplay import choose

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
NAME = "v0.1.0-2026-12-01"
NOW = 1_790_000_000_000
SEED = 15
GUILD = 1_000
# Discord ids and names of the three players (as strings, as the bot keys players).
PLAYERS = {"2001": "Arthur", "2002": "Perceval", "2003": "Karadoc"}
MOVES = {"culdechouette": 9, "cabane": 12, "chevre": 10, "barricade": 14, "ludicitude": 8}


def database_path() -> Path:
    return DATA / f"{NAME}.sqlite3"


def expected_path() -> Path:
    return DATA / f"{NAME}.json"


async def play_table(manager: SessionManager, game_name: str, channel: int, rng: random.Random) -> dict[str, Any]:
    """A table opened, started and played at random through the session manager, stopped where a
    player must act and no timed window is open (as a table usually is when the bot stops)."""
    game = manager.games[game_name]
    seated = list(PLAYERS)[: max(game.min_players, min(3, game.max_players))]
    session = await manager.open(
        guild_id=GUILD, channel_id=channel, game=game_name, host_id=seated[0], host_name=PLAYERS[seated[0]]
    )
    for player in seated[1:]:
        await manager.join(session.id, player, PLAYERS[player])
    outcome = await manager.start(session.id, seated[0], seed=SEED + channel)
    assert outcome.error is None, outcome.error
    await manager.set_message(session, 900_000 + channel)
    at = NOW
    played = 0
    while True:
        state = session.state
        assert state is not None and not state.over, f"{game_name}: the game ended while being set up"
        if played >= MOVES[game_name] and game.deadline(state) is None:
            break
        move = choose(game, state, rng, at)
        assert move is not None, f"{game_name}: nothing can happen"
        player, action, at = move
        if player == SYSTEM:
            action = Action(kind=TICK)
        outcome = await manager.act(session.id, player, action, at, turn=state.turn_no)
        assert outcome.error is None, outcome.error
        if outcome.ended:  # a rare short game: this seed cannot give a table in play
            raise RuntimeError(f"{game_name}: the game ended after {played} moves; choose other moves")
        played += player != SYSTEM
    state = session.state
    return {
        "session_id": session.id,
        "channel_id": channel,
        "message_id": session.rec.message_id,
        "game": game_name,
        "players": list(state.players),
        "names": dict(session.rec.names),
        "scores": game.scores(state),
        "turn_no": state.turn_no,
        "waiting": manager.waiting(session),
        "last_at_ms": at,
        "state": state.model_dump(mode="json"),
    }


async def make(database: Path) -> dict[str, Any]:
    rng = random.Random(SEED)
    store = await Store.open(database)
    manager = SessionManager(store, registry.available(), clock=lambda: NOW)
    try:
        tables = [
            await play_table(manager, name, 100 + i, rng) for i, name in enumerate(sorted(MOVES))
        ]
    finally:
        await manager.close()
        await store.close()
    commit = subprocess.run(
        ["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=HERE, check=False
    ).stdout.strip()
    return {"made_by_commit": commit, "now_ms": NOW, "guild_id": GUILD, "tables": tables}


def main() -> None:
    database = database_path()
    DATA.mkdir(exist_ok=True)
    for path in (database, Path(f"{database}-wal"), Path(f"{database}-shm")):
        path.unlink(missing_ok=True)
    expected = asyncio.run(make(database))
    expected_path().write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n")
    print(f"{database} ({database.stat().st_size} octets), {expected_path()}")


if __name__ == "__main__":
    main()
