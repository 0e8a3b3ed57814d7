"""Whom a table waits for (pings, the turn timer, the embed's « À jouer ») is computed once per
state and kept on the session; it must still follow every move, whoever plays."""

from __future__ import annotations

import random
from pathlib import Path

from bot.sessions import SessionManager, waiting_for
from bot.store import Store
from bot.tables import mention, presenter_for
from games.core import registry

from .conftest import seated_game


async def test_whom_the_table_waits_for_follows_each_move_of_a_whole_game(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
    manager = SessionManager(store, registry.available())
    try:
        session = await seated_game(manager, ("1", "2", "3"), game="ludicitude")
        presenter = presenter_for(session.game)
        rng = random.Random(7)
        moves = 0
        while session.state is not None and not session.state.over and moves < 200:
            state = session.state
            expected = waiting_for(session.game, state)
            assert manager.waiting(session) == expected
            if session.game.deadline(state) is None:
                assert presenter.waiting_text(presenter.shown(session, None)) == ", ".join(mention(p, session.rec.names) for p in expected)
            player = rng.choice(expected)
            action = rng.choice(session.game.legal_actions(state, player))
            outcome = await manager.act(session.id, player, action, 1_000 + moves)
            assert outcome.error is None
            moves += 1
        assert moves > 10
    finally:
        await manager.close()
        await store.close()
