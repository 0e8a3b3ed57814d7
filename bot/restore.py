"""``python -m bot restore <file>``: a backup put back in place of the database, the bot stopped.

Refused while a bot uses the database: its heartbeat is fresh, or it holds the database's lock (a
running bot keeps a shared ``flock`` on the file; with Docker the restore runs in ``docker compose
run``, another process namespace, where only the file and its lock are shared). The backup is
checked first (SQLite's integrity check, a schema this version knows, Taverne's tables); the database
as it was is kept beside it; the new file takes the owner and mode of the old one, and the old
``-wal``/``-shm`` are removed so that SQLite does not replay them over the restored file.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .backup import game_counts
from .health import CONNECTED, STALE_S, STARTING, STOPPED
from .store.migrations import MIGRATIONS

TABLES = ("sessions", "actions", "finished_games", "finished_players", "guild_settings")


class RestoreError(Exception):
    """Said to the admin as is (French)."""


@dataclass
class RestoreReport:
    source: Path
    database: Path
    kept: Path | None  # the database as it was before, or None when there was none
    version: int
    open_tables: int
    finished_games: int


@contextlib.contextmanager
def in_use_lock(database: Path, *, exclusive: bool) -> Iterator[int | None]:
    """The lock a running bot holds (shared) and a restore takes (exclusive, without waiting).
    Yields the descriptor, or None when the file does not exist."""
    try:
        fd = os.open(database, os.O_RDONLY)
    except FileNotFoundError:
        yield None
        return
    try:
        try:
            fcntl.flock(fd, (fcntl.LOCK_EX | fcntl.LOCK_NB) if exclusive else (fcntl.LOCK_SH | fcntl.LOCK_NB))
        except BlockingIOError:
            raise RestoreError(
                f"un bot utilise {database} (il tient son verrou) : arrêtez-le d'abord "
                "(docker compose stop taverne, ou Ctrl-C)"
            ) from None
        yield fd
    finally:
        os.close(fd)


def hold_shared(database: Path) -> int | None:
    """For the running bot: a shared lock on its database, held until the descriptor is closed.
    None when another process holds it exclusively (a restore in progress) or the file cannot be read."""
    try:
        fd = os.open(database, os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def check_backup(source: Path) -> tuple[int, int, int]:
    """The backup's schema version, open tables and finished games; RestoreError when it is not a
    sound Taverne database this version can open."""
    if not source.is_file():
        raise RestoreError(f"sauvegarde introuvable : {source}")
    try:
        with contextlib.closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=5)) as db:
            verdict = db.execute("PRAGMA integrity_check").fetchone()[0]
            if verdict != "ok":
                raise RestoreError(f"{source} est abîmée (contrôle d'intégrité : {verdict})")
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            present = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            missing = [t for t in TABLES if t not in present]
            if missing:
                raise RestoreError(f"{source} n'est pas une base Taverne (tables absentes : {', '.join(missing)})")
            if version > len(MIGRATIONS):
                raise RestoreError(
                    f"{source} vient d'une version plus récente de Taverne (schéma {version}, celle-ci connaît "
                    f"{len(MIGRATIONS)}) : mettez Taverne à jour avant de la restaurer"
                )
            open_tables = int(
                db.execute("SELECT COUNT(*) FROM sessions WHERE status IN ('lobby', 'playing')").fetchone()[0]
            )
            return version, open_tables, game_counts(db)[1]
    except sqlite3.Error as error:
        raise RestoreError(f"{source} n'est pas une base SQLite lisible ({error})") from None


def bot_beating(database: Path, now_ms: int) -> str | None:
    """What says a bot is running on ``database`` (a fresh heartbeat), or None."""
    if not database.is_file():
        return None
    try:
        with contextlib.closing(sqlite3.connect(database, timeout=5)) as db:
            row = db.execute("SELECT status, at_ms, pid FROM heartbeat WHERE id = 1").fetchone()
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            # Shard processes share the heartbeat row: one stopped may have written it last.
            lease = (
                db.execute(
                    "SELECT shard, pid FROM shard_leases WHERE expires_ms > ? AND status != ?", (now_ms, STOPPED)
                ).fetchone()
                if "shard_leases" in tables
                else None
            )
    except sqlite3.Error:
        return None  # unreadable: it is being replaced, and no bot can be using it
    if lease is not None:
        return f"bail du shard {lease[0]} tenu par le pid {lease[1]}"
    if row is None or str(row[0]) not in {CONNECTED, STARTING}:
        return None
    age_s = (now_ms - int(row[1])) / 1000
    return f"battement il y a {age_s:.0f} s, pid {row[2]}" if age_s < STALE_S else None


def _copy(source: Path, target: Path) -> None:
    """A self-contained copy (no -wal) by SQLite's backup, durable on disk before it is used."""
    target.unlink(missing_ok=True)
    with contextlib.closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=5)) as src:
        with contextlib.closing(sqlite3.connect(target)) as out:
            src.backup(out)
            out.execute("PRAGMA journal_mode=DELETE")
    with open(target, "rb+") as handle:
        os.fsync(handle.fileno())


def restore(source: Path, database: Path, *, now_ms: int | None = None) -> RestoreReport:
    now_ms = time.time_ns() // 1_000_000 if now_ms is None else now_ms
    if source.resolve() == database.resolve():
        raise RestoreError("la sauvegarde et la base sont le même fichier")
    if not database.parent.is_dir():
        raise RestoreError(f"le dossier de la base n'existe pas : {database.parent}")
    version, open_tables, finished = check_backup(source)
    with in_use_lock(database, exclusive=True):
        beating = bot_beating(database, now_ms)
        if beating is not None:
            raise RestoreError(
                f"un bot tourne sur {database} ({beating}) : arrêtez-le d'abord (docker compose stop taverne)"
            )
        incoming = database.with_name(f".{database.name}.restauration")
        kept: Path | None = None
        try:
            _copy(source, incoming)
            if database.exists():
                before = database.stat()
                os.chown(incoming, before.st_uid, before.st_gid)
                os.chmod(incoming, before.st_mode & 0o7777)
                kept = database.with_name(f"{database.name}.avant-restauration-{time.strftime('%Y%m%d-%H%M%S')}")
                _copy(database, kept)  # with what its -wal held
                os.chown(kept, before.st_uid, before.st_gid)
                os.chmod(kept, before.st_mode & 0o7777)
            for suffix in ("-wal", "-shm", "-journal"):
                Path(f"{database}{suffix}").unlink(missing_ok=True)
            os.replace(incoming, database)
        except (OSError, sqlite3.Error) as error:
            raise RestoreError(f"restauration impossible : {error}") from None
        finally:
            incoming.unlink(missing_ok=True)
    return RestoreReport(source, database, kept, version, open_tables, finished)
