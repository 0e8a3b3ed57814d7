"""The store writes the actions of tables playing at once in one transaction (group commit) and
keeps its promises: each action is on disk when ``save_action`` returns, and a click delivered
twice is refused by the unique index, alone, its neighbours committed."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import PLAYING, STORE_ERRORS, DuplicateInteraction, SessionRecord, Store
from tests.databases import TestDatabase

pytestmark = pytest.mark.both_databases


async def open_tables(store: Store, count: int) -> list[SessionRecord]:
    tables = []
    for channel in range(count):
        rec = SessionRecord(channel_id=100 + channel, game="cabane", host_id="1", status=PLAYING, state="{}")
        tables.append(await store.create_session(rec))
    return tables


def stored(database: TestDatabase) -> list[tuple[int, int, int | None, str]]:
    return database.query(
        "SELECT a.session_id, a.seq, a.interaction_id, s.state FROM actions a "
        "JOIN sessions s ON s.id = a.session_id ORDER BY a.session_id, a.seq"
    )


async def test_twenty_tables_playing_at_once_each_find_their_move_on_disk_when_save_returns(database: TestDatabase) -> None:
    store = await Store.open(database.target)
    try:
        tables = await open_tables(store, 20)
        seen_on_disk: dict[int, bool] = {}

        async def play(rec: SessionRecord) -> None:
            rec.state = f'{{"tour": {rec.id}}}'
            await store.save_action(rec, "1", '{"kind": "lancer"}', 1_000, rec.id * 10)
            # Read by another connection at once: committed, not just queued.
            seen_on_disk[rec.id] = (rec.id, 1, rec.id * 10, rec.state) in stored(database)

        await asyncio.gather(*(play(rec) for rec in tables))
        assert seen_on_disk == {rec.id: True for rec in tables}
        assert [rec.seq for rec in tables] == [1] * 20
    finally:
        await store.close()


async def test_a_click_delivered_twice_fails_alone_among_other_tables_moves(database: TestDatabase) -> None:
    store = await Store.open(database.target)
    try:
        first, second, third, fourth = await open_tables(store, 4)
        await store.save_action(first, "1", "{}", 1_000, 77)
        outcomes = await asyncio.gather(
            store.save_action(second, "1", "{}", 2_000, 78),
            store.save_action(third, "1", "{}", 2_000, 77),  # the same interaction again
            store.save_action(fourth, "1", "{}", 2_000, 79),
            return_exceptions=True,
        )
        assert outcomes[0] is None and outcomes[2] is None
        assert isinstance(outcomes[1], DuplicateInteraction)
        assert [(s, seq, i) for s, seq, i, _ in stored(database)] == [
            (first.id, 1, 77),
            (second.id, 1, 78),
            (fourth.id, 1, 79),
        ]
        assert (second.seq, third.seq, fourth.seq) == (1, 0, 1)
    finally:
        await store.close()


async def test_a_move_queued_when_the_bot_closes_is_committed_before_the_database_closes(database: TestDatabase) -> None:
    store = await Store.open(database.target)
    [rec] = await open_tables(store, 1)
    move = asyncio.ensure_future(store.save_action(rec, "1", "{}", 1_000, 5))
    await asyncio.sleep(0)
    await store.close()
    await move
    assert [(seq, i) for _, seq, i, _ in stored(database)] == [(1, 5)]
    with pytest.raises((ValueError, *STORE_ERRORS)):  # closed: refused, nothing written
        await store.save_action(rec, "1", "{}", 2_000, 6)
