"""The store changes docs/PERFORMANCE.md proposes keep the store's promises: an action is on disk
when ``save_action`` returns, a click delivered twice is refused, and it fails alone."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bench.prototypes import GroupCommitStore, OneHopStore
from bot.store import PLAYING, SessionRecord, Store


async def open_tables(store: Store, count: int) -> list[SessionRecord]:
    tables = []
    for channel in range(count):
        rec = SessionRecord(channel_id=100 + channel, game="cabane", host_id="1", status=PLAYING, state="{}")
        tables.append(await store.create_session(rec))
    return tables


def stored(path: Path) -> list[tuple[int, int, int | None, str]]:
    with sqlite3.connect(path) as db:
        return db.execute(
            "SELECT a.session_id, a.seq, a.interaction_id, s.state FROM actions a "
            "JOIN sessions s ON s.id = a.session_id ORDER BY a.session_id, a.seq"
        ).fetchall()


@pytest.mark.parametrize("store_class", [OneHopStore, GroupCommitStore])
async def test_each_action_and_its_table_are_on_disk_when_save_returns(
    tmp_path: Path, store_class: type[Store]
) -> None:
    path = tmp_path / "t.sqlite3"
    store = await store_class.open(path)
    try:
        tables = await open_tables(store, 5)
        for rec in tables:
            rec.state = f'{{"tour": {rec.id}}}'

        async def play(rec: SessionRecord) -> None:
            await store.save_action(rec, "1", '{"kind": "lancer"}', 1_000, rec.id * 10)

        await asyncio.gather(*(play(rec) for rec in tables))
        # Read by another connection while the store is still open: committed, not just cached.
        assert stored(path) == [(rec.id, 1, rec.id * 10, f'{{"tour": {rec.id}}}') for rec in tables]
        assert [rec.seq for rec in tables] == [1] * 5
    finally:
        await store.close()


async def test_a_click_delivered_twice_fails_alone_in_a_grouped_commit(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    store = await GroupCommitStore.open(path)
    try:
        first, second, third = await open_tables(store, 3)
        await store.save_action(first, "1", "{}", 1_000, 77)
        outcomes = await asyncio.gather(
            store.save_action(second, "1", "{}", 2_000, 77),  # the same interaction again
            store.save_action(third, "1", "{}", 2_000, 78),
            return_exceptions=True,
        )
        assert isinstance(outcomes[0], sqlite3.IntegrityError)
        assert outcomes[1] is None
        assert [(s, seq, i) for s, seq, i, _ in stored(path)] == [(first.id, 1, 77), (third.id, 1, 78)]
        assert (second.seq, third.seq) == (0, 1)
    finally:
        await store.close()
