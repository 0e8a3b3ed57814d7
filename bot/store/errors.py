"""What the store refuses, and why a database cannot be used, in one line for the admin."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from ..shards import ALL

# How long a statement waits for a lock another connection holds before the store gives up.
BUSY_MS = 5000


class StoreUnavailable(Exception):
    """The database cannot be used: the message says what to do (French, one line)."""


class StoreUnreachable(StoreUnavailable):
    """The database server cannot be reached for now (down, starting, network): a passing failure,
    the next start may succeed without the admin doing anything."""


class StoreFailure(Exception):
    """A call to the PostgreSQL store failed (the server gone, a statement refused): like a
    ``sqlite3.Error`` for the SQLite store, nothing was done. Its message holds no password."""


# What a store call raises when the database failed it: the session manager turns these into the
# storage refusal (« rien n'a été fait »), its memory put back as committed.
STORE_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, StoreFailure)


def explain(path: Path, error: BaseException, busy_ms: int = BUSY_MS) -> str:
    """One line for the admin about why ``path`` cannot be opened or written."""
    text = str(error).lower()
    if "locked" in text or "busy" in text:
        return (
            f"base verrouillée par un autre programme depuis {busy_ms / 1000:.0f} s ({path}) : un autre bot "
            "tourne-t-il sur ce fichier ? arrêtez-le, puis relancez"
        )
    if "readonly" in text or "read-only" in text or isinstance(error, PermissionError):
        return (
            f"base en lecture seule pour ce programme ({path}) : rendez le fichier, ses -wal/-shm et son "
            "dossier inscriptibles par l'utilisateur du bot (Docker : chown 10001:10001)"
        )
    if "not a database" in text or "malformed" in text:
        return f"{path} n'est pas une base SQLite lisible ({error}) : restaurez une sauvegarde (python -m bot restore)"
    if "unable to open" in text or isinstance(error, OSError):
        return (
            f"base illisible ({path} : {error}) : vérifiez que le dossier existe et que le fichier appartient "
            "à l'utilisateur du bot (Docker : chown 10001:10001)"
        )
    return f"base inutilisable ({path} : {error})"


class ChannelTaken(Exception):
    """A table is already open in this channel."""


class DuplicateInteraction(Exception):
    """This interaction's action is stored already (Discord delivered the click twice)."""


def lease_refusal(key: str, row: dict[str, Any], now_ms: int) -> str:
    """One line for the admin: the shard ``key`` is held by the live process of lease ``row``."""

    def shard(name: str) -> str:
        return "tous les shards" if name == ALL else "le shard " + name.split(":")[1] + " sur " + name.split(":")[0]

    return (
        f"{shard(key)} : déjà servi par un autre processus ({shard(str(row['shard']))}, pid {row['pid']} sur "
        f"{row['host']}, renouvelé il y a {max(0, now_ms - row['renewed_ms']) / 1000:.0f} s ; libre dans "
        f"{max(0, row['expires_ms'] - now_ms) / 1000:.0f} s s'il est arrêté) : donnez à chaque processus "
        "d'autres shards (TAVERNE_SHARDS), ou arrêtez l'autre"
    )
