"""``python -m bot backup`` copies the live database while the bot writes, and ``python -m bot
healthcheck`` (the Docker HEALTHCHECK) says whether the database opens and the bot is beating —
neither needs the Discord token."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.backup import BackupError, backup
from bot.health import STALE_S, check
from bot.sessions import SessionManager, wall_ms
from bot.store import Store
from games.core import Action

from .conftest import GAMES

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path: Path, *args: str, database: Path) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "PYTHONPATH": str(ROOT),
        "TAVERNE_DATABASE": str(database),
    }
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp_path,  # no .env there, and no DISCORD_TOKEN anywhere
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )


async def play_games(manager: SessionManager, first_channel: int, count: int) -> None:
    """``count`` toy games to the end, one after the other: a store being written all along."""
    for channel in range(first_channel, first_channel + count):
        session = await manager.open(guild_id=1, channel_id=channel, game="toy", host_id="1", host_name="A")
        await manager.join(session.id, "2", "B")
        await manager.start(session.id, "1", seed=channel, loaded=[5, 1, 5])
        for player in ("1", "2", "1"):
            await manager.act(session.id, player, Action(kind="lancer"), wall_ms())


def counts(database: Path) -> tuple[int, int, str]:
    db = sqlite3.connect(database)
    try:
        sessions = db.execute("SELECT COUNT(*) FROM sessions").fetchone()[0]
        finished = db.execute("SELECT COUNT(*) FROM finished_games").fetchone()[0]
        mode = db.execute("PRAGMA journal_mode").fetchone()[0]
    finally:
        db.close()
    return int(sessions), int(finished), str(mode)


async def test_a_backup_made_while_the_store_is_open_and_writing_holds_the_games(tmp_path: Path) -> None:
    database, copy = tmp_path / "taverne.sqlite3", tmp_path / "sauvegardes" / "copie.sqlite3"
    copy.parent.mkdir()
    store = await Store.open(database)
    manager = SessionManager(store, GAMES)
    try:
        await play_games(manager, 100, 5)
        writing = asyncio.create_task(play_games(manager, 200, 60))
        await asyncio.sleep(0.05)
        report = await asyncio.to_thread(backup, database, copy)
        assert not writing.done()  # the copy was made while games were being played
        await writing
    finally:
        await manager.close()
        await store.close()
    sessions, finished, mode = counts(copy)
    assert 5 <= finished <= 65 and finished == report.finished_games and sessions == report.sessions
    assert mode == "delete"  # one self-contained file, nothing to copy beside it
    assert counts(database)[1] == 65
    restored = await Store.open(copy)
    try:
        assert [s.played for s in await restored.stats(1)] == [finished]
    finally:
        await restored.close()


def test_python_m_bot_backup_needs_no_token_and_refuses_a_missing_database(tmp_path: Path) -> None:
    database = tmp_path / "taverne.sqlite3"
    asyncio.run(_one_game(database))
    done = run_bot(tmp_path, "backup", "copie.sqlite3", database=database)
    assert done.returncode == 0, done.stderr
    assert "Sauvegarde écrite : copie.sqlite3" in done.stdout
    assert "2 table(s), 1 partie(s) terminée(s), 1 abandonnée(s)" in done.stdout
    assert counts(tmp_path / "copie.sqlite3")[1] == 2
    nowhere = run_bot(tmp_path, "backup", "pas-de-dossier/copie.sqlite3", database=database)
    assert nowhere.returncode == 1 and not (tmp_path / "pas-de-dossier").exists()
    assert "Sauvegarde impossible : le dossier pas-de-dossier n'existe pas" in nowhere.stderr
    missing = run_bot(tmp_path, "backup", "copie.sqlite3", database=tmp_path / "nulle-part.sqlite3")
    assert missing.returncode == 1
    assert "Sauvegarde impossible : base introuvable" in missing.stderr and "Traceback" not in missing.stderr
    with pytest.raises(BackupError):
        backup(database, database)


async def _one_game(database: Path) -> None:
    """One game won, and one started then abandoned."""
    store = await Store.open(database)
    manager = SessionManager(store, GAMES)
    try:
        await play_games(manager, 1, 1)
        session = await manager.open(guild_id=1, channel_id=2, game="toy", host_id="1", host_name="A")
        await manager.join(session.id, "2", "B")
        await manager.start(session.id, "1", seed=2, loaded=[5, 1, 5])
        await manager.abandon(2, "1")
    finally:
        await manager.close()
        await store.close()


async def beat(database: Path, status: str, at_ms: int) -> None:
    store = await Store.open(database)
    try:
        await store.beat(status, at_ms, 4242)
    finally:
        await store.close()


async def test_healthcheck_follows_the_database_and_the_heartbeat(tmp_path: Path) -> None:
    database = tmp_path / "taverne.sqlite3"
    now = wall_ms()
    assert check(database, now_ms=now).code == 1  # no database yet
    await (await Store.open(database)).close()
    never = check(database, now_ms=now)  # a database, no bot ever ran on it
    assert never.code == 1 and "le bot n'a jamais tourné" in never.text
    await beat(database, "connected", now - 20_000)
    healthy = check(database, now_ms=now)
    assert healthy.code == 0 and "bot connecté (pid 4242), battement il y a 20 s" == healthy.text
    stale = check(database, now_ms=now + int(STALE_S * 1000))
    assert stale.code == 1 and "pas de battement du bot (pid 4242, « connected ») depuis 110 s" in stale.text
    await beat(database, "starting", now)
    assert check(database, now_ms=now + 200_000).code == 1  # never got connected
    starting = check(database, now_ms=now + 1_000)
    assert starting.code == 1 and "pas encore connecté" in starting.text  # Docker's start period covers it
    await beat(database, "stopped", now)
    stopped = check(database, now_ms=now + 1_000)
    assert stopped.code == 1 and stopped.text == "bot arrêté (pid 4242) il y a 1 s"  # no one can play
    not_ours = tmp_path / "autre.sqlite3"
    sqlite3.connect(not_ours).execute("CREATE TABLE t (x)").connection.close()
    assert check(not_ours).code == 1
    (tmp_path / "abime.sqlite3").write_bytes(b"ceci n'est pas une base" * 100)
    broken = check(tmp_path / "abime.sqlite3")
    assert broken.code == 1 and broken.text.startswith("base illisible")


async def test_python_m_bot_healthcheck_exit_codes(tmp_path: Path) -> None:
    database = tmp_path / "taverne.sqlite3"
    missing = run_bot(tmp_path, "healthcheck", database=database)
    assert missing.returncode == 1 and "base introuvable" in missing.stderr
    await beat(database, "connected", wall_ms())
    fresh = run_bot(tmp_path, "healthcheck", database=database)
    assert fresh.returncode == 0 and "bot connecté" in fresh.stdout
    await beat(database, "connected", wall_ms() - 40_000)
    assert run_bot(tmp_path, "healthcheck", "--max-age", "30", database=database).returncode == 1
    assert "Traceback" not in fresh.stderr + missing.stderr


def test_a_malformed_setting_makes_the_healthcheck_answer_1_not_dockers_reserved_2(tmp_path: Path) -> None:
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT), "TAVERNE_LOG_LEVEL": "bavard"}
    result = subprocess.run(
        [sys.executable, "-m", "bot", "healthcheck"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 1 and "TAVERNE_LOG_LEVEL : niveau inconnu" in result.stderr


@pytest.mark.bot_errors(r"non écrit dans la base")
async def test_a_beat_the_database_refuses_is_one_error_line_and_the_check_fails(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    import logging

    from bot import health
    from bot.app import create_bot
    from bot.settings import Settings

    database = tmp_path / "taverne.sqlite3"
    bot = create_bot(Settings(DISCORD_TOKEN="x", database=database), GAMES, sync_commands=False)
    await bot.open_store()
    try:
        await bot._beat(health.CONNECTED)
        at = wall_ms()
        assert check(database, now_ms=at).code == 0
        with sqlite3.connect(database) as db:  # the database stops taking the beat
            db.execute("CREATE TRIGGER refuse BEFORE UPDATE ON heartbeat BEGIN SELECT RAISE(ABORT, 'disque plein'); END")
        with caplog.at_level(logging.DEBUG, logger="bot"):
            caplog.clear()
            await bot._beat(health.CONNECTED)
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(errors) == 1 and "non écrit dans la base (disque plein)" in errors[0].getMessage()
        assert errors[0].exc_info is None  # the traceback only at DEBUG
        assert check(database, now_ms=at + int(STALE_S * 1000) + 1000).code == 1
    finally:
        await bot.close()
