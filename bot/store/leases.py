"""A lease per shard, so that two processes never answer the same guilds.

A process takes the leases of its shards when it opens the database and renews them with its
heartbeat; a lease not renewed for its time to live is free. A live lease held elsewhere refuses
the start (``LeaseRefused``: one line for the admin). A holder known dead — on this host, its
process gone, or this very pid (a container restarted by its supervisor gets the same one) — gives
its leases back at once: a crashed process restarted takes its own shards back without waiting. The
rows are also each process's heartbeat (``python -m bot healthcheck`` with ``TAVERNE_SHARDS``).
A mixin of SQLite's store (PostgreSQL's: ``pg_tables.py``, the same rules): it writes through its
transactions."""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Iterable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import aiosqlite

from ..shards import clash
from .errors import StoreUnavailable, lease_refusal
from .record import Row


class LeaseRefused(StoreUnavailable):
    """Another live process holds a shard this one is configured for."""


@dataclass(frozen=True)
class Holder:
    """Who holds a lease: the host, the process, and a token of this start."""

    host: str
    pid: int
    token: str

    @classmethod
    def me(cls) -> Holder:
        return cls(socket.gethostname(), os.getpid(), os.urandom(6).hex())

    @property
    def owner(self) -> str:
        return f"{self.host}:{self.pid}:{self.token}"


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _known_dead(row: Row, me: Holder, alive: Callable[[int], bool]) -> bool:
    return bool(row["host"] == me.host and (row["pid"] == me.pid or not alive(int(row["pid"]))))


# The rows of holders alive now (``expires_ms > now``), then each lease written for its taker.
LIVE_LEASES = "SELECT * FROM shard_leases WHERE expires_ms > ?"
UPSERT_LEASE = (
    "INSERT INTO shard_leases (shard, owner, host, pid, status, renewed_ms, expires_ms) "
    "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (shard) DO UPDATE SET owner = excluded.owner, "
    "host = excluded.host, pid = excluded.pid, status = excluded.status, "
    "renewed_ms = excluded.renewed_ms, expires_ms = excluded.expires_ms"
)
SET_LEASES = "UPDATE shard_leases SET status = ?, renewed_ms = ?, expires_ms = ? WHERE owner = ?"


def taken_back(
    keys: list[str], live: Iterable[Any], me: Holder, now_ms: int, alive: Callable[[int], bool]
) -> list[str]:
    """The shards of the live leases (held by others) that clash with ``keys`` and whose holder is
    known dead; ``LeaseRefused`` when one such holder may be alive. Either database's rows."""
    back: set[str] = set()
    others = [row for row in live if row["owner"] != me.owner]
    for key in keys:
        for row in others:
            if not clash(key, row["shard"]):
                continue
            if not _known_dead(row, me, alive):
                raise LeaseRefused(lease_refusal(key, dict(row), now_ms))
            back.add(str(row["shard"]))
    return sorted(back)


def lease_rows(keys: list[str], me: Holder, status: str, now_ms: int, ttl_ms: int) -> list[tuple[object, ...]]:
    return [(k, me.owner, me.host, me.pid, status, now_ms, now_ms + ttl_ms) for k in keys]


class Leases:
    _db: aiosqlite.Connection

    if TYPE_CHECKING:

        def _transaction(self) -> AbstractAsyncContextManager[aiosqlite.Connection]: ...

    async def take_leases(
        self,
        keys: list[str],
        me: Holder,
        now_ms: int,
        ttl_ms: int,
        *,
        status: str,
        alive: Callable[[int], bool] = pid_alive,
    ) -> list[str]:
        """Takes ``keys`` for ``me`` in one transaction, or raises ``LeaseRefused``; returns the
        leases taken back from a holder known dead (for the log)."""
        async with self._transaction() as db:
            async with db.execute(LIVE_LEASES, (now_ms,)) as cursor:
                back = taken_back(keys, await cursor.fetchall(), me, now_ms, alive)
            # The dead holder's leases that clash are dropped: they would refuse the next start.
            await db.executemany("DELETE FROM shard_leases WHERE shard = ?", [(shard,) for shard in back])
            await db.executemany(UPSERT_LEASE, lease_rows(keys, me, status, now_ms, ttl_ms))
        return back

    async def renew_leases(self, me: Holder, status: str, now_ms: int, ttl_ms: int) -> int:
        """Renews every lease ``me`` holds; returns how many it still holds (fewer than it took:
        another process took them after they expired, and this one must stop answering)."""
        async with self._transaction() as db:
            cursor = await db.execute(SET_LEASES, (status, now_ms, now_ms + ttl_ms, me.owner))
            return int(cursor.rowcount)

    async def release_leases(self, me: Holder, status: str, now_ms: int) -> None:
        """At a clean stop: the shards are free at once for the next process."""
        async with self._transaction() as db:
            await db.execute(SET_LEASES, (status, now_ms, now_ms, me.owner))
