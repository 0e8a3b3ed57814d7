"""A lease per shard, so that two processes never answer the same guilds.

A process takes the leases of its shards when it opens the database and renews them with its
heartbeat; a lease not renewed for its time to live is free. A live lease held elsewhere refuses
the start (``LeaseRefused``: one line for the admin). A holder known dead — on this host, its
process gone, or this very pid (a container restarted by its supervisor gets the same one) — gives
its leases back at once: a crashed process restarted takes its own shards back without waiting. The
rows are also each process's heartbeat (``python -m bot healthcheck`` with ``TAVERNE_SHARDS``).
A mixin of ``Store``: it writes through its transactions."""

from __future__ import annotations

import os
import socket
import sqlite3
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import aiosqlite

from ..shards import clash
from .errors import StoreUnavailable, lease_refusal


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


def _known_dead(row: sqlite3.Row, me: Holder, alive: Callable[[int], bool]) -> bool:
    return bool(row["host"] == me.host and (row["pid"] == me.pid or not alive(int(row["pid"]))))


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
        taken_back: list[str] = []
        async with self._transaction() as db:
            async with db.execute("SELECT * FROM shard_leases WHERE expires_ms > ?", (now_ms,)) as cursor:
                live = [r for r in await cursor.fetchall() if r["owner"] != me.owner]
            for key in keys:
                for row in live:
                    if not clash(key, row["shard"]):
                        continue
                    if not _known_dead(row, me, alive):
                        raise LeaseRefused(lease_refusal(key, dict(row), now_ms))
                    taken_back.append(str(row["shard"]))
            # The dead holder's leases that clash are dropped: they would refuse the next start.
            for shard in set(taken_back):
                await db.execute("DELETE FROM shard_leases WHERE shard = ?", (shard,))
            await db.executemany(
                "INSERT INTO shard_leases (shard, owner, host, pid, status, renewed_ms, expires_ms) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (shard) DO UPDATE SET owner = excluded.owner, "
                "host = excluded.host, pid = excluded.pid, status = excluded.status, "
                "renewed_ms = excluded.renewed_ms, expires_ms = excluded.expires_ms",
                [(k, me.owner, me.host, me.pid, status, now_ms, now_ms + ttl_ms) for k in keys],
            )
        return sorted(set(taken_back))

    async def renew_leases(self, me: Holder, status: str, now_ms: int, ttl_ms: int) -> int:
        """Renews every lease ``me`` holds; returns how many it still holds (fewer than it took:
        another process took them after they expired, and this one must stop answering)."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE shard_leases SET status = ?, renewed_ms = ?, expires_ms = ? WHERE owner = ?",
                (status, now_ms, now_ms + ttl_ms, me.owner),
            )
            return int(cursor.rowcount)

    async def release_leases(self, me: Holder, status: str, now_ms: int) -> None:
        """At a clean stop: the shards are free at once for the next process."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE shard_leases SET status = ?, renewed_ms = ?, expires_ms = ? WHERE owner = ?",
                (status, now_ms, now_ms, me.owner),
            )
