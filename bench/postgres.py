"""PostgreSQL: accepted actions per second through the session manager on the PostgreSQL store,
each committed before the manager returns, against plain asyncpg making the same transactions
(the action's row inserted and the table's row rewritten, one transaction per action, one
connection per table, all tables at once) on the same server.

The server is ``TAVERNE_BENCH_POSTGRES`` (a URL: an admin's own server), or else a throwaway one
started for the run from the distribution's binaries, with ``fsync`` ON (tests/postgres_server.py's
durable settings), so that a commit costs what it costs on a real server.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import asyncpg

from bot.sessions import SessionManager
from bot.store import PLAYING, SessionRecord, Store
from bot.store.queries import numbered
from bot.store.record import _COLUMNS
from games.core import Game

from .durability import _drive
from .table import Figure, number

VARIABLE = "TAVERNE_BENCH_POSTGRES"
COLUMNS = len(_COLUMNS.split(","))
ASSIGNMENTS = ", ".join(f"{c.strip()} = ?" for c in _COLUMNS.split(","))


@contextlib.contextmanager
def server_url() -> Iterator[str]:
    given = os.environ.get(VARIABLE)
    if given:
        yield given
        return
    from tests import postgres_server

    with postgres_server.own_server(durable=True) as server:
        yield server.url()


async def _fresh(url: str, name: str) -> str:
    """An empty database ``name`` on the server (dropped first if a previous run left it)."""
    con = await asyncpg.connect(url)
    try:
        await con.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await con.execute(f'CREATE DATABASE "{name}"')
    finally:
        await con.close()
    base = url.rsplit("/", 1)[0]
    return f"{base}/{name}"


async def through_store(url: str, games: dict[str, Game[Any]], seconds: float, tables: int) -> tuple[int, float, int]:
    """(actions committed, seconds, mean state size in bytes) through the manager on PostgreSQL."""
    store = await Store.open(url)
    manager = SessionManager(store, games)
    ids = itertools.count(1)
    engines = list(games.values())
    start = time.perf_counter()
    try:
        await asyncio.gather(
            *(_drive(manager, 1000 + i, engines[i % len(engines)], start + seconds, ids) for i in range(tables))
        )
        elapsed = time.perf_counter() - start
        actions = await store.count("actions")
    finally:
        await manager.close()
        await store.close()
    con = await asyncpg.connect(url)
    try:
        size = int(await con.fetchval("SELECT COALESCE(AVG(length(state)), 0) FROM sessions") or 0)
    finally:
        await con.close()
    return actions, elapsed, size


async def raw_asyncpg(url: str, seconds: float, tables: int, state_bytes: int) -> tuple[int, float]:
    """The same transactions with plain asyncpg, as fast as one connection per table makes them."""
    await (await Store.open(url)).close()  # the schema
    pool = await asyncpg.create_pool(url, min_size=tables, max_size=tables)
    insert = numbered(
        "INSERT INTO actions (session_id, seq, player, action, at_ms, interaction_id) VALUES (?, ?, ?, ?, ?, ?)"
    )
    update = numbered(f"UPDATE sessions SET {ASSIGNMENTS} WHERE id = ?")
    state = '{"x": "' + "y" * max(0, state_bytes - 10) + '"}'
    counted = [0]

    async def table(channel: int, until: float) -> None:
        async with pool.acquire() as con:
            session_id = await con.fetchval(
                "INSERT INTO sessions (channel_id, game, host_id, status, created_ms, active_ms) "
                "VALUES ($1, 'bench', '1', 'playing', 0, 0) RETURNING id",
                channel,
            )
            for seq in itertools.count(1):
                if time.perf_counter() >= until:
                    return
                row = (1, channel, "bench", "1", "{}", "{}", state, "playing", None, "[]", 0, 0, seq, "", 0, 0,
                       None, None, 1, "[]", "{}", None, "{}", "{}")  # ..., events, robots, due_ms, rematch, votes
                assert len(row) == COLUMNS, "a column of sessions added: give the raw transaction its value"
                async with con.transaction():
                    await con.execute(insert, session_id, seq, "1", '{"kind":"lancer"}', seq, channel * 1_000_000 + seq)
                    await con.execute(update, *row, session_id)
                counted[0] += 1

    start = time.perf_counter()
    try:
        await asyncio.gather(*(table(1000 + i, start + seconds) for i in range(tables)))
        return counted[0], time.perf_counter() - start
    finally:
        await pool.close()


async def store_alone(url: str, seconds: float, tables: int, state_bytes: int) -> tuple[int, float]:
    """The store's ``save_action`` with no game behind it (the same rows as plain asyncpg's): what
    the store itself costs, apart from the rules and the manager."""
    store = await Store.open(url)
    state = '{"x": "' + "y" * max(0, state_bytes - 10) + '"}'
    counted = [0]

    async def table(channel: int, until: float) -> None:
        rec = await store.create_session(SessionRecord(channel_id=channel, game="bench", host_id="1", status=PLAYING))
        rec.state = state
        while time.perf_counter() < until:
            await store.save_action(rec, "1", '{"kind":"lancer"}', rec.seq, channel * 1_000_000 + rec.seq)
            counted[0] += 1

    start = time.perf_counter()
    try:
        await asyncio.gather(*(table(1000 + i, start + seconds) for i in range(tables)))
        return counted[0], time.perf_counter() - start
    finally:
        await store.close()


@dataclass
class Rate:
    per_s: float
    cpu_ms: float  # the bench process's CPU time per action (the rules, the manager, the driver)


def _rate(count: int, elapsed: float, cpu_s: float) -> Rate:
    return Rate(count / elapsed if elapsed else 0.0, cpu_s / count * 1000 if count else 0.0)


async def measure(games: dict[str, Game[Any]], seconds: float, tables: int) -> tuple[Rate, Rate, Rate, int]:
    with server_url() as url:
        store_url = await _fresh(url, "bench_store")
        alone_url = await _fresh(url, "bench_alone")
        raw_url = await _fresh(url, "bench_raw")
        cpu = time.process_time()
        actions, elapsed, size = await through_store(store_url, games, seconds, tables)
        manager = _rate(actions, elapsed, time.process_time() - cpu)
        cpu = time.process_time()
        saved, alone_elapsed = await store_alone(alone_url, seconds, tables, size)
        alone = _rate(saved, alone_elapsed, time.process_time() - cpu)
        cpu = time.process_time()
        commits, raw_elapsed = await raw_asyncpg(raw_url, seconds, tables, size)
        raw = _rate(commits, raw_elapsed, time.process_time() - cpu)
    return manager, alone, raw, size


def figures(games: dict[str, Game[Any]], seconds: float, tables: int = 20) -> list[Figure]:
    store, alone, raw, size = asyncio.run(measure(games, seconds, tables))
    ratio = store.per_s / raw.per_s if raw.per_s else 0.0
    section = "postgresql"
    return [
        Figure(section, f"gestionnaire sur PostgreSQL : actions validées/s ({tables} tables)", number(store.per_s)),
        Figure(section, "magasin seul (save_action, sans règles ni gestionnaire) : actions/s", number(alone.per_s)),
        Figure(section, f"asyncpg brut : mêmes transactions/s (état de {number(size)} o, une connexion par table)",
               number(raw.per_s)),
        Figure(section, "rapport gestionnaire / brut", f"{number(ratio * 100, 1)} %", "≥ 50 %", ratio >= 0.5),
        Figure(section, "rapport magasin seul / brut", f"{number(alone.per_s / raw.per_s * 100 if raw.per_s else 0, 1)} %"),
        Figure(
            section,
            "CPU du processus du banc par action : gestionnaire / magasin seul / asyncpg brut",
            f"{number(store.cpu_ms, 2)} / {number(alone.cpu_ms, 2)} / {number(raw.cpu_ms, 2)} ms",
        ),
    ]
