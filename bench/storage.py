"""Plain ``sqlite3`` on the bot's own schema, with the pragmas ``bot/store`` opens its file with."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.store import SessionRecord, Store
from bot.store.migrations import MIGRATIONS
from bot.store.record import _COLUMNS, _values

PRAGMAS = ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA foreign_keys=ON")
SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")
ASSIGNMENTS = ", ".join(f"{c.strip()} = ?" for c in _COLUMNS.split(","))


async def store_pragmas(path: Path) -> tuple[str, ...]:
    """The pragmas ``Store.open`` sets on its connection, read back from it (they are not kept in
    the file), so plain sqlite3 is measured with whatever the store uses today."""
    store = await Store.open(fresh(path))
    try:
        db = store._db
        async with db.execute("PRAGMA journal_mode") as cursor:
            journal = (await cursor.fetchone() or ["wal"])[0]
        async with db.execute("PRAGMA synchronous") as cursor:
            level = int((await cursor.fetchone() or [2])[0])
    finally:
        await store.close()
    return (
        f"PRAGMA journal_mode={journal}",
        f"PRAGMA synchronous={SYNCHRONOUS[level]}",
        "PRAGMA foreign_keys=ON",
    )


def open_db(path: str, pragmas: tuple[str, ...] = PRAGMAS) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are written out, as the store does) on the
    bot's schema, every migration step applied."""
    db = sqlite3.connect(path, isolation_level=None)
    for pragma in pragmas:
        db.execute(pragma)
    if int(db.execute("PRAGMA user_version").fetchone()[0]) == 0:
        for step in MIGRATIONS:
            db.executescript(step)
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
    return db


def insert_session(db: sqlite3.Connection, rec: SessionRecord) -> int:
    values = _values(rec)
    cursor = db.execute(f"INSERT INTO sessions ({_COLUMNS}) VALUES ({', '.join('?' * len(values))})", values)
    rec.id = int(cursor.lastrowid or 0)
    return rec.id


def update_session(db: sqlite3.Connection, rec: SessionRecord) -> None:
    db.execute(f"UPDATE sessions SET {ASSIGNMENTS} WHERE id = ?", (*_values(rec), rec.id))


def fresh(path: Path) -> Path:
    """``path`` with no database left from an earlier run (nor its WAL files)."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return path
