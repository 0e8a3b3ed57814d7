"""The admin's commands on PostgreSQL: ``python -m bot migrate-db`` moves a SQLite install into
PostgreSQL (and back) with every game in progress, checks the counts, refuses what would lose
something; ``healthcheck``, ``backup`` (pg_dump) and ``restore`` (pg_restore) work on a server as on
a file. No password in any message."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.health import check
from bot.sessions import SessionManager, wall_ms
from bot.store import Store
from games.core import Action
from tests.databases import TestDatabase, _in_thread, new_postgres_database
from tests.postgres_server import Server

from .conftest import GAMES, seated_game
from .test_ops_backup_and_health import _one_game, beat, run_bot

THROW = Action(kind="lancer")


async def a_game_in_progress(target: Path | str) -> int:
    """A finished game, an abandoned one, guild settings, and a table mid-game (one throw of 5)."""
    await _one_game(target)  # type: ignore[arg-type]
    store = await Store.open(target)
    manager = SessionManager(store, GAMES)
    try:
        await store.set_guild_settings(1, {"langue": "en"})
        session = await seated_game(manager, channel=30, loaded=[5, 3])
        await manager.act(session.id, "1", THROW, wall_ms())
        await store.beat("stopped", wall_ms(), 77)
        return session.id
    finally:
        await manager.close()
        await store.close()


async def play_on(target: Path | str, table: int) -> dict[str, int]:
    """Opens the bot's manager on ``target`` and plays the next throw at the table: its scores."""
    store = await Store.open(target)
    manager = SessionManager(store, GAMES)
    try:
        await manager.restore()
        session = manager.in_channel(30)
        assert session is not None and session.id == table
        await manager.act(session.id, "2", THROW, wall_ms())
        assert session.state is not None
        assert await store.guild_settings(1) == {"langue": "en"}
        return dict(session.game.scores(session.state))
    finally:
        await manager.close()
        await store.close()


def test_migrate_db_moves_a_sqlite_install_to_postgres_and_back_with_the_game_in_progress(
    tmp_path: Path, postgres: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "taverne.sqlite3"
    table = asyncio.run(a_game_in_progress(source))
    url = _in_thread(new_postgres_database(postgres))
    assert main(["migrate-db", str(source), url]) == 0
    said = capsys.readouterr()
    assert "Base copiée de " in said.out and "postgresql://taverne:***@127.0.0.1" in said.out
    assert "sessions 3, actions " in said.out and "finished_games 2" in said.out and "guild_settings 1" in said.out
    assert postgres.password not in said.out + said.err
    assert asyncio.run(play_on(url, table)) == {"1": 5, "2": 3}  # the game goes on where it was
    # New tables get new ids after the copied ones.
    rows = TestDatabase("postgresql", url).query("SELECT COUNT(*), MAX(id) FROM sessions")
    assert rows == [(3, table)]

    back = tmp_path / "retour.sqlite3"
    assert main(["migrate-db", url, str(back)]) == 0
    assert "retour.sqlite3" in capsys.readouterr().out
    moves = TestDatabase("sqlite", back).query("SELECT player, action FROM actions WHERE session_id = ? ORDER BY seq", table)
    assert [p for p, _ in moves][-2:] == ["1", "2"]


def test_migrate_db_refuses_what_would_lose_or_mix_games_and_writes_nothing(
    tmp_path: Path, postgres: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "taverne.sqlite3"
    asyncio.run(a_game_in_progress(source))
    url = _in_thread(new_postgres_database(postgres))
    assert main(["migrate-db", str(source), url]) == 0
    capsys.readouterr()
    assert main(["migrate-db", str(source), url]) == 1  # a second time: the arrival holds games
    assert "n'est pas vide (tables sessions, actions" in capsys.readouterr().err
    assert TestDatabase("postgresql", url).query("SELECT COUNT(*) FROM sessions") == [(3,)]

    asyncio.run(beat(source, "connected", wall_ms()))  # a bot runs on the source
    fresh = _in_thread(new_postgres_database(postgres))
    assert main(["migrate-db", str(source), fresh]) == 1
    assert "un bot tourne sur" in capsys.readouterr().err
    assert TestDatabase("postgresql", fresh).query("SELECT to_regclass('sessions') IS NULL") == [(True,)]

    assert main(["migrate-db", str(tmp_path / "nulle-part.sqlite3"), fresh]) == 1
    assert "base de départ introuvable" in capsys.readouterr().err
    closed = postgres.url("x").replace(f":{postgres.port}/", ":1/")
    asyncio.run(beat(source, "stopped", wall_ms()))
    assert main(["migrate-db", str(source), closed]) == 1
    said = capsys.readouterr().err
    assert "PostgreSQL injoignable (postgresql://taverne:***@127.0.0.1:1/x" in said
    assert postgres.password not in said and "Traceback" not in said


async def _empty(url: str) -> None:
    await (await Store.open(url)).close()


def test_healthcheck_reads_the_heartbeat_from_postgres(postgres: Server) -> None:
    url = _in_thread(new_postgres_database(postgres))
    now = wall_ms()
    asyncio.run(_empty(url))
    never = check(url, now_ms=now)
    assert never.code == 1 and "le bot n'a jamais tourné" in never.text and postgres.password not in never.text
    asyncio.run(beat(url, "connected", now - 20_000))  # type: ignore[arg-type]
    assert check(url, now_ms=now).text == "bot connecté (pid 4242), battement il y a 20 s"
    asyncio.run(beat(url, "stopped", now))  # type: ignore[arg-type]
    assert check(url, now_ms=now + 1_000).code == 1
    gone = check(postgres.url("x").replace(f":{postgres.port}/", ":1/"))
    assert gone.code == 1 and gone.text.startswith("base illisible (postgresql://taverne:***@")


async def test_backup_is_a_pg_dump_and_restore_puts_it_back_once_the_bot_is_stopped(
    tmp_path: Path, postgres: Server
) -> None:
    assert shutil.which("pg_dump"), "this test needs pg_dump (apt-get install postgresql-client; .ci/run installs it)"
    url = await new_postgres_database(postgres, whole=True)
    table = await a_game_in_progress(url)
    saved = run_bot(tmp_path, "backup", "taverne.dump", database=url)  # type: ignore[arg-type]
    assert saved.returncode == 0, saved.stderr
    assert "Sauvegarde écrite : taverne.dump" in saved.stdout and postgres.password not in saved.stdout
    database = TestDatabase("postgresql", url)
    database.execute("DELETE FROM actions WHERE session_id = ?", table)
    await beat(url, "connected", wall_ms())  # type: ignore[arg-type]
    refused = run_bot(tmp_path, "restore", "taverne.dump", database=url)  # type: ignore[arg-type]
    assert refused.returncode == 1 and "un bot tourne sur postgresql://taverne:***@" in refused.stderr
    await beat(url, "stopped", wall_ms())  # type: ignore[arg-type]
    restored = run_bot(tmp_path, "restore", "taverne.dump", database=url)  # type: ignore[arg-type]
    assert restored.returncode == 0, restored.stderr
    assert database.query("SELECT COUNT(*) FROM actions WHERE session_id = ?", table) == [(1,)]
    assert await play_on(url, table) == {"1": 5, "2": 3}
    sqlite_file = tmp_path / "a.sqlite3"
    await (await Store.open(sqlite_file)).close()
    wrong = run_bot(tmp_path, "restore", str(sqlite_file), database=url)  # type: ignore[arg-type]
    assert wrong.returncode == 1 and "python -m bot migrate-db" in wrong.stderr
