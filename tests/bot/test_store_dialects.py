"""The two stores are one schema: the same tables and columns after the same steps; PostgreSQL's own
start-up failures say what to do, and never the password."""

from __future__ import annotations

import asyncio
import socket
import sqlite3
from pathlib import Path

import pytest

from bot.failures import TEMPORARY, failure_of
from bot.store import Store, StoreUnavailable
from bot.store.errors import StoreUnreachable
from bot.store.migrations import MIGRATIONS, MIGRATIONS_PG
from bot.store.target import shown
from tests.databases import TestDatabase, new_postgres_database
from tests.postgres_server import Server

TAVERNE_TABLES = (
    "sessions", "actions", "finished_games", "finished_players", "guild_settings", "heartbeat", "bot_state", "shard_leases",
)


def sqlite_columns(path: Path) -> dict[str, list[str]]:
    with sqlite3.connect(path) as db:
        return {t: [r[1] for r in db.execute(f"PRAGMA table_info({t})")] for t in TAVERNE_TABLES}


async def test_both_dialects_have_the_same_steps_tables_and_columns(tmp_path: Path, postgres: Server) -> None:
    assert len(MIGRATIONS_PG) == len(MIGRATIONS)
    path = tmp_path / "t.sqlite3"
    url = await new_postgres_database(postgres)
    for target in (path, url):
        await (await Store.open(target)).close()
    on_pg = {
        table: [r[0] for r in TestDatabase("postgresql", url).query(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
            "AND table_name = ? ORDER BY ordinal_position", table,
        )]
        for table in TAVERNE_TABLES
    }
    assert on_pg == sqlite_columns(path)


async def test_a_postgres_database_left_at_an_older_step_is_brought_up_to_date_keeping_its_tables(
    postgres: Server,
) -> None:
    url = await new_postgres_database(postgres)
    old = TestDatabase("postgresql", url)
    for step in MIGRATIONS_PG[:2]:
        old.execute(step)
    old.execute("CREATE TABLE taverne_schema (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)")
    old.execute("INSERT INTO taverne_schema VALUES (1, 2)")
    old.execute(
        "INSERT INTO sessions (channel_id, game, host_id, status, created_ms, active_ms, turn_timeout_ms) "
        "VALUES (5, 'toy', '1', 'lobby', 0, 0, 60000)"
    )
    store = await Store.open(url)
    try:
        [table] = await store.open_sessions()
        assert (table.channel_id, table.turn_timeout_ms, table.events, table.end_shown) == (5, 60000, [], True)
        assert await store.schema_version() == len(MIGRATIONS_PG)
    finally:
        await store.close()


async def test_a_postgres_database_from_a_newer_taverne_is_refused_and_left_alone(postgres: Server) -> None:
    url = await new_postgres_database(postgres)
    await (await Store.open(url)).close()
    TestDatabase("postgresql", url).execute("UPDATE taverne_schema SET version = 99")
    with pytest.raises(StoreUnavailable, match=r"version plus récente de Taverne \(schéma 99"):
        await Store.open(url)
    assert TestDatabase("postgresql", url).query("SELECT version FROM taverne_schema") == [(99,)]


async def test_two_processes_starting_together_on_a_new_database_both_open_it(postgres: Server) -> None:
    url = await new_postgres_database(postgres)
    first, second = await asyncio.gather(Store.open(url), Store.open(url))
    try:
        assert await first.schema_version() == await second.schema_version() == len(MIGRATIONS_PG)
    finally:
        await first.close()
        await second.close()


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_a_server_out_of_reach_is_a_passing_failure_that_names_it_without_the_password() -> None:
    url = f"postgresql://taverne:s3cr3t-pw@127.0.0.1:{closed_port()}/taverne"
    with pytest.raises(StoreUnreachable) as failed:
        await Store.open(url)
    text = str(failed.value)
    assert text.startswith("PostgreSQL injoignable (postgresql://taverne:***@127.0.0.1:")
    assert "s3cr3t-pw" not in text and "le serveur tourne-t-il" in text
    # A passing failure for the supervisor: the next start retries, as for a network outage.
    assert failure_of(failed.value).code == TEMPORARY


async def test_a_wrong_password_or_a_missing_database_says_which_without_quoting_the_password(postgres: Server) -> None:
    wrong = postgres.url("postgres").replace(postgres.password, "not-the-password")
    with pytest.raises(StoreUnavailable, match="refuse l'utilisateur ou le mot de passe") as refused:
        await Store.open(wrong)
    assert "not-the-password" not in str(refused.value) and not isinstance(refused.value, StoreUnreachable)
    with pytest.raises(StoreUnavailable, match="n'existe pas sur le serveur : créez-la") as missing:
        await Store.open(postgres.url("no_such_base"))
    assert postgres.password not in str(missing.value)


def test_a_url_is_shown_with_its_password_masked() -> None:
    assert shown("postgresql://bot:p%40ss@db:5432/taverne") == "postgresql://bot:***@db:5432/taverne"
    assert shown("postgresql://db/taverne") == "postgresql://db/taverne"
    assert shown(Path("data/taverne.sqlite3")) == "data/taverne.sqlite3"

