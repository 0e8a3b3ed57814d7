"""The shards' leases in the database: a live holder refuses a clashing process, a dead one on this
host gives its shards back at once, an expired lease is free, a lease taken over is noticed."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import Holder, LeaseRefused, Store
from tests.databases import TestDatabase

pytestmark = pytest.mark.both_databases

TTL = 90_000
NOW = 10_000_000


async def take(store: Store, keys: list[str], holder: Holder, now: int = NOW, alive: bool = True) -> list[str]:
    return await store.take_leases(keys, holder, now, TTL, status="starting", alive=lambda pid: alive)


@pytest.mark.parametrize(
    ("first", "second", "refused"),
    [
        (["2:0"], ["2:0"], "le shard 0 sur 2"),
        (["2:0"], ["2:1", "2:0"], "le shard 0 sur 2"),
        (["all"], ["2:1"], "le shard 1 sur 2"),
        (["2:1"], ["all"], "tous les shards"),
        (["2:1"], ["4:3"], "le shard 3 sur 4"),  # another shard count overlaps every shard
    ],
)
async def test_a_live_holder_refuses_a_process_that_would_answer_the_same_guilds(
    database: TestDatabase, first: list[str], second: list[str], refused: str
) -> None:
    store = await Store.open(database.target)
    try:
        await take(store, first, Holder("hote-a", 100, "x"))
        with pytest.raises(LeaseRefused) as error:
            await take(store, second, Holder("hote-b", 200, "y"), NOW + 30_000)
        text = str(error.value)
        assert text.startswith(refused) and "pid 100 sur hote-a" in text and "libre dans 60 s" in text
        assert "\n" not in text
    finally:
        await store.close()


async def test_other_shards_live_side_by_side_and_a_dead_or_expired_holder_gives_way(database: TestDatabase) -> None:
    store = await Store.open(database.target)
    try:
        a, b = Holder("hote", 100, "a"), Holder("hote", 200, "b")
        await take(store, ["2:0"], a)
        assert await take(store, ["2:1"], b) == []  # another shard: no clash
        # a's process died on this host: its restart takes shard 0 back at once.
        again = Holder("hote", 300, "c")
        assert await take(store, ["2:0"], again, NOW + 1_000, alive=False) == ["2:0"]
        assert await store.renew_leases(a, "connected", NOW + 2_000, TTL) == 0  # a lost it
        assert await store.renew_leases(again, "connected", NOW + 2_000, TTL) == 1
        # On another machine, only the lease's end frees it.
        elsewhere = Holder("autre-hote", 100, "d")
        with pytest.raises(LeaseRefused):
            await take(store, ["2:1"], elsewhere, NOW + 2_000, alive=False)
        assert await take(store, ["2:1"], elsewhere, NOW + 2_000 + TTL, alive=True) == []
        await store.release_leases(again, "stopped", NOW + 3_000)
        assert await take(store, ["2:0"], Holder("autre-hote", 5, "e"), NOW + 3_001) == []
        # What the healthcheck reads: one row per shard, its last holder and status.
        assert sorted(database.query("SELECT shard, pid, status FROM shard_leases")) == [
            ("2:0", 5, "starting"), ("2:1", 100, "starting"),
        ]
    finally:
        await store.close()


async def test_a_restore_is_refused_while_a_shard_process_holds_its_lease(tmp_path: Path) -> None:
    from bot.restore import RestoreError, restore

    database, backup = tmp_path / "taverne.sqlite3", tmp_path / "copie.sqlite3"
    for path in (database, backup):
        await (await Store.open(path)).close()
    store = await Store.open(database)
    try:
        await take(store, ["2:0"], Holder("hote", 4242, "x"))
    finally:
        await store.close()
    with pytest.raises(RestoreError) as refused:
        restore(backup, database, now_ms=NOW + 1_000)
    assert "bail du shard 2:0 tenu par le pid 4242" in str(refused.value)
    assert restore(backup, database, now_ms=NOW + TTL + 1).open_tables == 0  # expired: the restore goes on
