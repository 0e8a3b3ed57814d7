"""The database failing when a game is won: the winning move stands, and the table is closed and
its end told at the next click (or restart), counted once."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.sessions import SessionManager, TableError
from bot.store import Store
from games.cabane import GAME as CABANE
from games.core import Action

from .conftest import Heard

THROW = Action(kind="lancer")


@pytest.mark.bot_errors(r"fermeture impossible pour l'instant")
async def test_a_win_whose_closing_fails_stands_and_the_next_click_closes_the_table(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await Store.open(db_path)
    heard = Heard()
    manager = SessionManager(store, {"cabane": CABANE}, listener=heard)
    try:
        session = await manager.open(
            guild_id=1, channel_id=10, game="cabane", host_id="a", host_name="A", options={"mode": "bataille", "cible": 3}
        )
        await manager.join(session.id, "b", "B")
        await manager.start(session.id, "a", seed=7)
        real_finish = store.finish

        async def disk_full(*_: object) -> None:
            raise sqlite3.OperationalError("database or disk is full")

        monkeypatch.setattr(store, "finish", disk_full)
        at = 0
        while session.state is not None and not session.state.over:
            at += 1
            outcome = await manager.act(session.id, CABANE.to_act(session.state)[0], THROW, at)
            assert outcome.error is None and not outcome.ended
        winner = session.state.winners[0] if session.state is not None else ""
        assert manager.in_channel(10) is session  # still open: its closing was not stored
        monkeypatch.setattr(store, "finish", real_finish)
        with pytest.raises(TableError) as late:
            await manager.act(session.id, "a", THROW, at + 1)
        assert late.value.code == "closed" and manager.in_channel(10) is None
        assert heard.kinds()[-1] == "closed_late"
        [stats] = await store.stats(1)
        assert (stats.game, stats.played, stats.won) == ("cabane", 1, 1)
        assert [r[0] for r in await store.leaderboard(1) if r[2] == 1] == [{"a": "A", "b": "B"}[winner]]
    finally:
        await manager.close()
        await store.close()
