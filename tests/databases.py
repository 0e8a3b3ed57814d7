"""The bot's database in a test: a SQLite file in tmp_path, or a fresh database on the run's
PostgreSQL server (tests/postgres_server.py). A module marked ``both_databases`` runs each of its
tests that use the ``database`` fixture (directly, or through ``make_manager`` or ``tavern``) once
per backend; the others use SQLite, the default.

``TestDatabase.query`` / ``execute`` read and write behind the bot's back, with ``?`` placeholders
for both, so that a test asserts what is stored, not what the store says it stored."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from bot.store.queries import numbered
from tests import postgres_server

BACKENDS = ("sqlite", "postgresql")
MARKER = "both_databases"
_names = itertools.count()


@dataclass
class TestDatabase:
    __test__ = False  # not a test class, whatever its name
    kind: str
    target: Path | str
    server: postgres_server.Server | None = None

    @property
    def postgres(self) -> bool:
        return self.kind == "postgresql"

    def query(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        if not self.postgres:
            with contextlib.closing(sqlite3.connect(self.target)) as db:
                return [tuple(r) for r in db.execute(sql, params).fetchall()]
        return _in_thread(self._pg_query(numbered(sql), params))

    def execute(self, sql: str, *params: Any) -> None:
        if not self.postgres:
            with contextlib.closing(sqlite3.connect(self.target)) as db, db:
                db.execute(sql, params)
            return
        _in_thread(self._pg_query(numbered(sql), params, script=not params))

    async def _pg_query(self, sql: str, params: tuple[Any, ...], script: bool = False) -> list[tuple[Any, ...]]:
        con = await asyncpg.connect(str(self.target))
        try:
            if script:  # several statements, no parameters: the simple query protocol
                await con.execute(sql)
                return []
            return [tuple(r) for r in await con.fetch(sql, *params)]
        finally:
            await con.close()


def _in_thread(work: Any) -> Any:
    """Runs a coroutine to its end on a loop of its own (the test's loop is busy awaiting us)."""
    out: list[Any] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            out.append(asyncio.run(work))
        except BaseException as error:
            failed.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return out[0]


_worker_database: list[str] = []


async def new_postgres_database(server: postgres_server.Server, *, whole: bool = False) -> str:
    """A fresh, empty place on the run's server for one test, and its URL: a schema of its own in
    this worker's database (``search_path`` in the URL: making one takes milliseconds, a database
    half a second), or with ``whole`` a database of its own (for pg_dump and pg_restore)."""
    worker = f"t_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}_{os.getpid()}"
    con = await asyncpg.connect(server.url())
    try:
        if whole:
            name = f"{worker}_{next(_names)}"
            await con.execute(f'CREATE DATABASE "{name}"')
            return server.url(name)
        if not _worker_database:
            await con.execute(f'CREATE DATABASE "{worker}"')
            _worker_database.append(worker)
    finally:
        await con.close()
    schema = f"s{next(_names)}"
    con = await asyncpg.connect(server.url(worker))
    try:
        await con.execute(f"CREATE SCHEMA {schema}")
    finally:
        await con.close()
    return server.url(worker) + f"?search_path={schema}"


class _Rows:
    def __init__(self, rows: list[tuple[Any, ...]]) -> None:
        self._rows = rows

    def fetchall(self) -> list[tuple[Any, ...]]:
        return self._rows

    def fetchone(self) -> tuple[Any, ...] | None:
        return self._rows[0] if self._rows else None

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self._rows)


class _PostgresLikeSqlite:
    """Enough of a ``sqlite3.Connection`` (``execute(sql, params).fetchone()/fetchall()``, ``with``)
    for the tests' reads and writes behind the bot's back, on PostgreSQL."""

    def __init__(self, url: str) -> None:
        self._database = TestDatabase("postgresql", url)

    def execute(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> _Rows:
        return _Rows(self._database.query(sql, *params))

    def close(self) -> None:
        pass

    def __enter__(self) -> _PostgresLikeSqlite:
        return self

    def __exit__(self, *_: object) -> None:
        pass


Where = Path | str | TestDatabase


class Reader:
    """Reads behind the bot's back from a test that polls while the emulator runs on its loop. On
    PostgreSQL, ``connect`` opens a connection per query in a thread the loop waits for (a
    password exchange each time, the emulator frozen meanwhile): fine for a few reads, not for fifty
    tables polling. Here one small pool on the test's loop serves every read; SQLite reads directly."""

    def __init__(self, where: Where) -> None:
        self.target = target_of(where)
        self._pool: asyncpg.Pool | None = None

    @property
    def postgres(self) -> bool:
        return isinstance(self.target, str) and self.target.startswith("postgresql://")

    async def fetch(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        if not self.postgres:
            with contextlib.closing(sqlite3.connect(self.target, timeout=10)) as db:
                return [tuple(r) for r in db.execute(sql, params).fetchall()]
        if self._pool is None:
            self._pool = await asyncpg.create_pool(str(self.target), min_size=1, max_size=4)
        async with self._pool.acquire() as con:
            return [tuple(r) for r in await con.fetch(numbered(sql), *params)]

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None


def target_of(where: Where) -> Path | str:
    return where.target if isinstance(where, TestDatabase) else where


def connect(where: Where, timeout: float = 5.0) -> Any:
    """``sqlite3.connect`` for a file, its look-alike for a PostgreSQL URL: helpers that read what
    the bot stored work on both backends unchanged."""
    target = target_of(where)
    if isinstance(target, str) and target.startswith("postgresql://"):
        return _PostgresLikeSqlite(target)
    return sqlite3.connect(target, timeout=timeout)
