"""``python -m bot backup <file>``: a consistent copy of the live database, by SQLite's online backup.

The copy is made page by page with short pauses, so the running bot keeps writing meanwhile (SQLite
restarts the copy if another connection wrote, and the result is one consistent moment). It is
written to a temporary file, checked, switched out of WAL (one self-contained file), then renamed
over ``<file>``.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path


class BackupError(Exception):
    """Said to the admin as is (French)."""


@dataclass
class BackupReport:
    target: Path
    sessions: int
    finished_games: int  # played to the end
    abandoned_games: int  # started, then abandoned or closed for inactivity
    size: int


def game_counts(db: sqlite3.Connection) -> tuple[int, int, int]:
    """Tables, games played to the end, games abandoned once started."""
    sessions = int(db.execute("SELECT COUNT(*) FROM sessions").fetchone()[0])
    rows = dict(db.execute("SELECT outcome, COUNT(*) FROM finished_games GROUP BY outcome").fetchall())
    return sessions, int(rows.get("over", 0)), int(rows.get("abandoned", 0))


def backup(database: Path, target: Path) -> BackupReport:
    if not database.is_file():
        raise BackupError(f"base introuvable : {database}")
    if target.resolve() == database.resolve():
        raise BackupError("la sauvegarde doit aller dans un autre fichier que la base")
    if target.is_dir():
        raise BackupError(f"{target} est un dossier : donnez un nom de fichier")
    if not target.parent.is_dir():
        raise BackupError(f"le dossier {target.parent} n'existe pas : créez-le ou choisissez-en un autre")
    partial = target.with_name(f".{target.name}.partiel")
    partial.unlink(missing_ok=True)
    try:
        source = sqlite3.connect(database, timeout=30)
        try:
            copy = sqlite3.connect(partial)
            try:
                source.backup(copy, pages=256, sleep=0.005)
                copy.execute("PRAGMA journal_mode=DELETE")
                verdict = copy.execute("PRAGMA integrity_check").fetchone()[0]
                if verdict != "ok":
                    raise BackupError(f"la copie est abîmée : {verdict}")
                sessions, finished, abandoned = game_counts(copy)
            finally:
                copy.close()
        finally:
            source.close()
        os.replace(partial, target)
    except sqlite3.Error as error:
        raise BackupError(f"sauvegarde impossible : {error}") from None
    finally:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
    return BackupReport(target, sessions, finished, abandoned, target.stat().st_size)
