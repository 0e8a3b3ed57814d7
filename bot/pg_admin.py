"""The admin commands on a PostgreSQL database: ``healthcheck`` (reads the heartbeat), ``backup``
(PostgreSQL's own online dump, ``pg_dump``: a consistent moment while the bot keeps writing) and
``restore`` (``pg_restore`` in one transaction, the bot stopped).

The password never appears on a command line (``ps`` shows those) nor in a message: the tools get
it through ``PGPASSWORD``, and every message names the server with its password masked.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import time
from pathlib import Path

import asyncpg
import yarl

from .health import CONNECTED, STALE_S, STARTING, Health
from .store.pg_errors import OPEN_ERRORS
from .store.target import password, shown, without_secret

DOCKER_DUMP = "docker compose exec -T postgres pg_dump -U taverne --format=custom taverne > taverne.dump"


class PgAdminError(Exception):
    """Said to the admin as is (French), the password masked."""


async def _beat(url: str) -> tuple[int, tuple[str, int, int] | None]:
    con = await asyncpg.connect(url, timeout=5)
    try:
        if not await con.fetchval("SELECT to_regclass('taverne_schema') IS NOT NULL"):
            raise PgAdminError(f"{shown(url)} n'est pas une base Taverne (aucune table taverne_schema)")
        version = int(await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM taverne_schema"))
        row = await con.fetchrow("SELECT status, at_ms, pid FROM heartbeat WHERE id = 1")
        return version, (str(row[0]), int(row[1]), int(row[2])) if row else None
    finally:
        await con.close()


def read_heartbeat(url: str) -> Health | tuple[int, tuple[str, int, int] | None]:
    """The schema version and the heartbeat row, or the Health saying why they cannot be read."""
    try:
        return asyncio.run(_beat(url))
    except PgAdminError as error:
        return Health(1, str(error))
    except OPEN_ERRORS as error:
        return Health(1, f"base illisible ({shown(url)}) : {without_secret(str(error) or type(error).__name__, url)}")


async def _leases(url: str) -> dict[str, tuple[str, int, int]]:
    con = await asyncpg.connect(url, timeout=5)
    try:
        if not await con.fetchval("SELECT to_regclass('shard_leases') IS NOT NULL"):
            raise PgAdminError(f"{shown(url)} n'a pas de baux de shards (aucune table shard_leases)")
        rows = await con.fetch("SELECT shard, status, renewed_ms, pid FROM shard_leases")
        return {str(r[0]): (str(r[1]), int(r[2]), int(r[3])) for r in rows}
    finally:
        await con.close()


def read_leases(url: str) -> Health | dict[str, tuple[str, int, int]]:
    """shard -> (status, renewed_ms, pid), or the Health saying why the leases cannot be read."""
    try:
        return asyncio.run(_leases(url))
    except PgAdminError as error:
        return Health(1, str(error))
    except OPEN_ERRORS as error:
        return Health(1, f"baux des shards illisibles ({shown(url)}) : {without_secret(str(error) or type(error).__name__, url)}")


def bot_beating(url: str, now_ms: int | None = None) -> str | None:
    """What says a bot is running on this database (a fresh heartbeat), or None."""
    now_ms = time.time_ns() // 1_000_000 if now_ms is None else now_ms
    found = read_heartbeat(url)
    if isinstance(found, Health) or found[1] is None:
        return None
    status, at_ms, pid = found[1]
    age_s = (now_ms - at_ms) / 1000
    if status in {CONNECTED, STARTING} and age_s < STALE_S:
        return f"battement il y a {age_s:.0f} s, pid {pid}"
    return None


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise PgAdminError(
            f"{name} est introuvable sur cette machine (paquet postgresql-client) ; avec Docker : {DOCKER_DUMP} "
            "(docs/SCALING.md)"
        )
    return found


def _run(command: list[str], url: str) -> None:
    """Runs a PostgreSQL tool on ``url``: the password through the environment, never in argv."""
    secret = password(url)
    env = dict(os.environ)
    if secret:
        env["PGPASSWORD"] = secret
    bare = str(yarl.URL(url).with_password(None))
    result = subprocess.run([*command, f"--dbname={bare}"], env=env, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        detail = without_secret(" ".join((result.stderr or result.stdout).split())[-300:], url)
        raise PgAdminError(f"{Path(command[0]).name} a échoué sur {shown(url)} : {detail}")


def backup(url: str, target: Path) -> int:
    """``pg_dump --format=custom`` into ``target`` (replaced only once the dump is whole); its size."""
    if target.is_dir():
        raise PgAdminError(f"{target} est un dossier : donnez un nom de fichier")
    if not target.parent.is_dir():
        raise PgAdminError(f"le dossier {target.parent} n'existe pas : créez-le ou choisissez-en un autre")
    partial = target.with_name(f".{target.name}.partiel")
    try:
        _run([_tool("pg_dump"), "--format=custom", f"--file={partial}"], url)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return target.stat().st_size


def restore(source: Path, url: str) -> None:
    """A dump made by ``backup`` (``pg_dump --format=custom``) put back in place of the database's
    tables, in one transaction; refused while a bot beats on it."""
    if not source.is_file():
        raise PgAdminError(f"sauvegarde introuvable : {source}")
    with open(source, "rb") as handle:
        head = handle.read(16)
    if head.startswith(b"SQLite format 3"):
        raise PgAdminError(
            f"{source} est une base SQLite : pour la verser dans PostgreSQL, python -m bot migrate-db {source} <adresse>"
        )
    if not head.startswith(b"PGDMP"):
        raise PgAdminError(f"{source} n'est pas une sauvegarde pg_dump (--format=custom)")
    beating = bot_beating(url)
    if beating is not None:
        raise PgAdminError(f"un bot tourne sur {shown(url)} ({beating}) : arrêtez-le d'abord")
    _run([_tool("pg_restore"), "--clean", "--if-exists", "--no-owner", "--single-transaction", str(source)], url)
