"""The bot's heartbeat and ``python -m bot healthcheck`` (the Docker HEALTHCHECK).

While connected to Discord the bot rewrites one row of the ``heartbeat`` table every ``BEAT_S``
seconds: ``starting`` when it opens its database, ``connected`` while the gateway is up, ``stopped``
when it shuts down cleanly. The check needs no token and writes nothing: it exits 0 only when the
bot is connected and beat less than ``STALE_S`` seconds ago. A bot that stopped (cleanly or not),
is still starting, lost Discord, or could not write its beat is unhealthy: Docker's start period
covers the start, and a stopped bot is one nobody can play with.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from .shards import Shards
from .store.target import is_postgres, shown

BEAT_S = 30.0
# Three missed beats: a gateway reconnection (seconds) passes, a bot cut off for minutes does not.
STALE_S = 90.0

STARTING, CONNECTED, STOPPED = "starting", "connected", "stopped"


@dataclass
class Health:
    code: int  # the exit code: 0 healthy, 1 not
    text: str


def check(
    database: Path | str, *, now_ms: int | None = None, stale_s: float = STALE_S, shards: Shards | None = None
) -> Health:
    """The heartbeat of the bot, or with ``shards`` (``TAVERNE_SHARDS``) that of the process running
    them: the leases of its shards, renewed with its beat."""
    now_ms = time.time_ns() // 1_000_000 if now_ms is None else now_ms
    if shards is not None:
        return check_shards(database, shards, now_ms, stale_s)
    if is_postgres(database):
        from .pg_admin import read_heartbeat

        found = read_heartbeat(str(database))
    else:
        found = _read_sqlite(Path(database))
    if isinstance(found, Health):
        return found
    version, row = found
    return verdict(row, version, shown(database), now_ms, stale_s)


def _read_sqlite(database: Path) -> Health | tuple[int, tuple[str, int, int] | None]:
    """The schema version and the heartbeat row, or the Health saying why they cannot be read."""
    if not database.is_file():
        return Health(1, f"base introuvable : {database}")
    try:
        # A plain connection that only reads: a read-only URI cannot open a WAL file whose -shm is gone.
        db = sqlite3.connect(database, timeout=5)
        try:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "sessions" not in tables:
                return Health(1, f"{database} n'est pas une base Taverne (aucune table « sessions »)")
            db.execute("SELECT COUNT(*) FROM sessions").fetchone()
            row = (
                db.execute("SELECT status, at_ms, pid FROM heartbeat WHERE id = 1").fetchone()
                if "heartbeat" in tables
                else None
            )
        finally:
            db.close()
    except sqlite3.Error as error:
        return Health(1, f"base illisible ({database}) : {error}")
    return version, (str(row[0]), int(row[1]), int(row[2])) if row else None


def verdict(row: tuple[str, int, int] | None, version: int, where: str, now_ms: int, stale_s: float) -> Health:
    """What the last beat says about the bot, whichever database holds it."""
    if row is None:
        return Health(1, f"aucun battement dans {where} (schéma {version}) : le bot n'a jamais tourné sur cette base")
    status, at_ms, pid = row
    age_s = max(0.0, (now_ms - at_ms) / 1000)
    if status == STOPPED:
        return Health(1, f"bot arrêté (pid {pid}) il y a {age_s:.0f} s")
    if age_s > stale_s:
        return Health(
            1,
            f"pas de battement du bot (pid {pid}, « {status} ») depuis {age_s:.0f} s "
            f"(plus de {stale_s:.0f} s) : déconnecté de Discord, bloqué, base non inscriptible ou arrêté brutalement",
        )
    if status != CONNECTED:
        return Health(1, f"bot en démarrage (pid {pid}), pas encore connecté à Discord")
    return Health(0, f"bot connecté (pid {pid}), battement il y a {age_s:.0f} s")


def check_shards(database: Path | str, shards: Shards, now_ms: int, stale_s: float) -> Health:
    """Healthy when every shard of ``shards`` has a lease renewed by a connected process lately."""
    if is_postgres(database):
        from .pg_admin import read_leases

        found = read_leases(str(database))
    else:
        found = _read_sqlite_leases(Path(database))
    if isinstance(found, Health):
        return found
    return shards_verdict(found, shards, shown(database), now_ms, stale_s)


def _read_sqlite_leases(database: Path) -> Health | dict[str, tuple[str, int, int]]:
    """shard -> (status, renewed_ms, pid), or the Health saying why the leases cannot be read."""
    if not database.is_file():
        return Health(1, f"base introuvable : {database}")
    try:
        db = sqlite3.connect(database, timeout=5)
        try:
            return {
                str(r[0]): (str(r[1]), int(r[2]), int(r[3]))
                for r in db.execute("SELECT shard, status, renewed_ms, pid FROM shard_leases")
            }
        finally:
            db.close()
    except sqlite3.Error as error:
        return Health(1, f"baux des shards illisibles ({database}) : {error}")


def shards_verdict(
    rows: dict[str, tuple[str, int, int]], shards: Shards, where: str, now_ms: int, stale_s: float
) -> Health:
    """What the leases say about the process running ``shards``, whichever database holds them."""
    for key in shards.lease_keys():
        row = rows.get(key)
        name = f"shard {key.split(':')[1]} sur {shards.count}"
        if row is None:
            return Health(1, f"{name} : aucun processus ne l'a jamais pris dans {where}")
        status, renewed_ms, pid = row
        age_s = max(0.0, (now_ms - renewed_ms) / 1000)
        if status == STOPPED:
            return Health(1, f"{name} : processus arrêté (pid {pid}) il y a {age_s:.0f} s")
        if age_s > stale_s:
            return Health(1, f"{name} : pas de battement (pid {pid}, « {status} ») depuis {age_s:.0f} s")
        if status != CONNECTED:
            return Health(1, f"{name} : processus en démarrage (pid {pid}), pas encore connecté à Discord")
    return Health(0, f"shards {shards} : processus connecté (pid {pid}), battement il y a {age_s:.0f} s")
