"""``python -m bot restore <file>`` puts a backup back safely: refused while a bot uses the database
or for a file that is not a sound Taverne backup; the database as it was is kept; the new file has
the old one's owner and mode; the old -wal/-shm do not replay over it; and the bot backs the
database up by itself before a migration."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.backup import backup
from bot.restore import RestoreError, hold_shared, restore
from bot.sessions import wall_ms
from bot.store import FinishedPlayer, SessionRecord, Store
from bot.store.migrations import MIGRATIONS

ROOT = Path(__file__).resolve().parents[2]
UPGRADE_DATA = ROOT / "tests" / "upgrade" / "data"


async def finished_games(database: Path, count: int, first_channel: int = 1) -> None:
    """``count`` games stored as played to the end (the store's own writes)."""
    store = await Store.open(database)
    try:
        for channel in range(first_channel, first_channel + count):
            rec = await store.create_session(SessionRecord(channel_id=channel, game="culdechouette", host_id="1", guild_id=1))
            rec.started_ms, rec.status = 1_000, "over"
            await store.finish(rec, "over", [FinishedPlayer("1", "Arthur", 343, True)], 61_000)
    finally:
        await store.close()


def finished(database: Path) -> int:
    with sqlite3.connect(database) as db:
        return int(db.execute("SELECT COUNT(*) FROM finished_games").fetchone()[0])


def run_restore(tmp_path: Path, source: Path, database: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT), "TAVERNE_DATABASE": str(database)}
    return subprocess.run(
        [sys.executable, "-m", "bot", "restore", str(source)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60, check=False,
    )


async def test_a_backup_is_put_back_and_the_database_as_it_was_is_kept(tmp_path: Path) -> None:
    database, copy = tmp_path / "taverne.sqlite3", tmp_path / "sauvegarde.sqlite3"
    await finished_games(database, 1)
    backup(database, copy)
    await finished_games(database, 2, first_channel=10)
    # As a bot killed by SIGKILL leaves it: its last write only in the -wal (which belongs to the
    # database as it was, and must not replay over the restored file).
    killed = sqlite3.connect(database)
    killed.execute("PRAGMA journal_mode=WAL")
    killed.execute("INSERT INTO guild_settings (guild_id, settings) VALUES (99, '{}')")
    killed.commit()
    assert Path(f"{database}-wal").stat().st_size > 0
    try:
        done = run_restore(tmp_path, copy, database)
    finally:
        killed.close()
    assert done.returncode == 0, done.stderr
    assert "Base restaurée" in done.stdout and "1 partie(s) terminée(s)" in done.stdout
    assert finished(database) == 1
    assert not Path(f"{database}-wal").exists() and not Path(f"{database}-shm").exists()
    kept = list(tmp_path.glob("taverne.sqlite3.avant-restauration-*"))
    assert len(kept) == 1 and finished(kept[0]) == 3
    with sqlite3.connect(kept[0]) as db:
        assert db.execute("SELECT COUNT(*) FROM guild_settings WHERE guild_id = 99").fetchone()[0] == 1
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT COUNT(*) FROM guild_settings").fetchone()[0] == 0
    store = await Store.open(database)  # and the bot opens it
    await store.close()


async def test_the_restored_file_keeps_the_owner_and_mode_of_the_original(tmp_path: Path) -> None:
    database, copy = tmp_path / "taverne.sqlite3", tmp_path / "sauvegarde.sqlite3"
    await finished_games(database, 1)
    backup(database, copy)
    database.chmod(0o640)
    owner = (12345, 12346) if os.geteuid() == 0 else (os.getuid(), os.getgid())
    if os.geteuid() == 0:
        os.chown(database, *owner)  # as in a Docker volume: the bot's user, not root's
    report = restore(copy, database)
    stat = database.stat()
    assert (stat.st_uid, stat.st_gid, stat.st_mode & 0o777) == (*owner, 0o640)
    assert report.kept is not None and report.kept.stat().st_mode & 0o777 == 0o640


async def test_refused_while_a_bot_uses_the_database(tmp_path: Path) -> None:
    database, copy = tmp_path / "taverne.sqlite3", tmp_path / "sauvegarde.sqlite3"
    await finished_games(database, 1)
    backup(database, copy)
    # A bot running here (its shared lock), as from another process namespace (docker compose run).
    fd = hold_shared(database)
    assert fd is not None
    try:
        held = run_restore(tmp_path, copy, database)
    finally:
        os.close(fd)
    assert held.returncode == 1 and "Restauration refusée : un bot utilise" in held.stderr
    # A fresh heartbeat (a bot on another machine sharing the file, or whose lock is not seen).
    store = await Store.open(database)
    await store.beat("connected", wall_ms(), 4242)
    await store.close()
    beating = run_restore(tmp_path, copy, database)
    assert beating.returncode == 1 and "un bot tourne sur" in beating.stderr and "pid 4242" in beating.stderr
    assert not list(tmp_path.glob("*.avant-restauration-*"))  # nothing was touched
    # The beat goes stale (the bot died without a word): the restore goes ahead.
    store = await Store.open(database)
    await store.beat("connected", wall_ms() - 600_000, 4242)
    await store.close()
    assert run_restore(tmp_path, copy, database).returncode == 0


@pytest.mark.parametrize("what", ["abîmée", "pas Taverne", "plus récente", "pas SQLite", "absente"])
async def test_a_file_that_is_not_a_sound_backup_is_refused_and_nothing_changes(tmp_path: Path, what: str) -> None:
    database, source = tmp_path / "taverne.sqlite3", tmp_path / "sauvegarde.sqlite3"
    await finished_games(database, 2)
    if what == "pas Taverne":
        with sqlite3.connect(source) as db:
            db.execute("CREATE TABLE notes (x)")
    elif what == "plus récente":
        backup(database, source)
        with sqlite3.connect(source) as db:
            db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    elif what == "pas SQLite":
        source.write_bytes(b"pas une base " * 500)
    elif what == "abîmée":
        backup(database, source)
        with sqlite3.connect(source) as db:
            size = int(db.execute("PRAGMA page_size").fetchone()[0])
            root = int(db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'finished_players'").fetchone()[0])
        raw = bytearray(source.read_bytes())
        raw[(root - 1) * size : (root - 1) * size + 16] = b"\x0d\xff\xff" + b"\xff" * 13  # its page header
        source.write_bytes(bytes(raw))
    with pytest.raises(RestoreError) as refused:
        restore(source, database)
    words = {
        "pas Taverne": "n'est pas une base Taverne (tables absentes : sessions",
        "plus récente": "vient d'une version plus récente de Taverne",
        "pas SQLite": "n'est pas une base SQLite lisible",
        "abîmée": "abîmée",
        "absente": "sauvegarde introuvable",
    }
    assert words[what] in str(refused.value) or (what == "abîmée" and "n'est pas une base SQLite lisible" in str(refused.value))
    assert finished(database) == 2 and not list(tmp_path.glob("*.avant-restauration-*"))


async def test_the_bot_backs_the_database_up_before_a_migration(tmp_path: Path) -> None:
    """The database made by Taverne 0.1.0 (schema 4), opened by this version: a copy as it was first."""
    stored = sorted(UPGRADE_DATA.glob("*.sqlite3"))[0]
    database = tmp_path / "taverne.sqlite3"
    shutil.copyfile(stored, database)
    with sqlite3.connect(database) as db:
        before = int(db.execute("PRAGMA user_version").fetchone()[0])
        sessions = int(db.execute("SELECT COUNT(*) FROM sessions").fetchone()[0])
    assert before < len(MIGRATIONS)
    store = await Store.open(database)
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()
    copy = tmp_path / f"taverne.sqlite3.avant-schema-{before + 1}"
    with sqlite3.connect(copy) as db:
        assert int(db.execute("PRAGMA user_version").fetchone()[0]) == before
        assert int(db.execute("SELECT COUNT(*) FROM sessions").fetchone()[0]) == sessions
    # Up to date now: the next start copies nothing.
    await (await Store.open(database)).close()
    assert len(list(tmp_path.glob("*.avant-schema-*"))) == 1
