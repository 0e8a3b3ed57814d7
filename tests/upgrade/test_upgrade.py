"""An upgrade never ends a game: a database written by an older Taverne (``data/``, made by
``make_database.py`` with that day's code) opens in today's bot, and every table in it plays on.

This is the guard of any change to the store, the record or the session manager: the committed
database is never re-made to fit the new code.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.sessions import SessionManager
from bot.store import Store
from games.core import registry

DATA = Path(__file__).resolve().parent / "data"
STORED = sorted(DATA.glob("*.sqlite3"))


def expected_of(database: Path) -> dict[str, Any]:
    expected: dict[str, Any] = json.loads(database.with_suffix(".json").read_text())
    return expected


@asynccontextmanager
async def bot_on(database: Path, now_ms: int) -> AsyncIterator[SessionManager]:
    """The session manager and the store as the bot starts them, tables restored."""
    store = await Store.open(database)
    manager = SessionManager(store, registry.available(), clock=lambda: now_ms)
    await manager.restore()
    try:
        yield manager
    finally:
        await manager.close()
        await store.close()


def copied(database: Path, tmp_path: Path) -> Path:
    """The committed file stays as the old version wrote it: the test works on a copy."""
    copy = tmp_path / database.name
    shutil.copyfile(database, copy)
    return copy


@pytest.fixture(params=STORED, ids=[p.stem for p in STORED])
def stored(request: pytest.FixtureRequest) -> Path:
    path: Path = request.param
    return path


def test_a_stored_database_is_committed_with_a_table_of_every_game() -> None:
    assert STORED, "no stored database in tests/upgrade/data/"
    for database in STORED:
        games = {t["game"] for t in expected_of(database)["tables"]}
        assert games == set(registry.available()), database.name


async def test_every_table_of_an_old_database_comes_back_with_its_players_scores_and_turn(
    stored: Path, tmp_path: Path
) -> None:
    expected = expected_of(stored)
    database = copied(stored, tmp_path)
    async with bot_on(database, expected["now_ms"] + 10_000) as manager:
        for table in expected["tables"]:
            session = manager.in_channel(table["channel_id"])
            assert session is not None, f"the {table['game']} table did not come back"
            assert session.state is not None and not session.state.over
            assert session.game.name == table["game"]
            assert session.players == table["players"]
            assert {p: session.name(p) for p in session.players} == table["names"]
            assert session.game.scores(session.state) == table["scores"]
            assert session.state.turn_no == table["turn_no"]
            assert manager.waiting(session) == table["waiting"]
            assert session.rec.message_id == table["message_id"]
    with sqlite3.connect(database) as db:
        statuses = dict(db.execute("SELECT id, status FROM sessions").fetchall())
    assert set(statuses.values()) == {"playing"}, statuses


async def test_every_table_of_an_old_database_accepts_its_next_move_and_keeps_it(
    stored: Path, tmp_path: Path
) -> None:
    expected = expected_of(stored)
    database = copied(stored, tmp_path)
    # Ten seconds after the last stored move, on a clock that stays there: a window the new move
    # opens is still open at the second start, so that start has nothing to close.
    now = max(t["last_at_ms"] for t in expected["tables"]) + 10_000
    after: dict[int, tuple[int, dict[str, int]]] = {}
    async with bot_on(database, now) as manager:
        for table in expected["tables"]:
            session = manager.in_channel(table["channel_id"])
            assert session is not None and session.state is not None
            player = table["waiting"][0]
            # The first thing offered to the player the table waits for (a throw, a domino…).
            action = session.game.legal_actions(session.state, player)[0]
            outcome = await manager.act(
                session.id, player, action, now, turn=table["turn_no"]
            )
            assert outcome.error is None, f"{table['game']}: {action} refused: {outcome.error}"
            assert not outcome.ended
            assert session.state.version > 0
            after[table["channel_id"]] = (session.state.turn_no, session.game.scores(session.state))
    # Stopped and started again: the moves played after the upgrade are there too.
    async with bot_on(database, now) as manager:
        for table in expected["tables"]:
            session = manager.in_channel(table["channel_id"])
            assert session is not None and session.state is not None, table["game"]
            turn_no, scores = after[table["channel_id"]]
            assert (session.state.turn_no, session.game.scores(session.state)) == (turn_no, scores)
            assert set(scores) == set(table["scores"])
