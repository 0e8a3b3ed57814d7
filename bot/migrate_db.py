"""``python -m bot migrate-db FROM TO``: every table of one database copied into another, SQLite to
PostgreSQL or back, the bot stopped.

Both are opened as the bot opens them (so both are at this version's schema), the arrival must be
empty, the columns of each table must be the same on both sides; then all the rows go in ONE
transaction, committed only when each table holds as many rows as the source: a copy is whole or
nothing is written. The source is never changed (beyond the schema steps the bot itself would apply).
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from .health import CONNECTED, STALE_S, STARTING
from .restore import RestoreError, in_use_lock
from .store import STORE_ERRORS, Store, StoreUnavailable
from .store.base import TABLES, Rows
from .store.target import Target, is_postgres, shown, without_secret


class MigrateError(Exception):
    """Said to the admin as is (French), the password masked."""


@dataclass
class MigrateReport:
    source: str  # as shown: a URL without its password
    target: str
    counts: dict[str, int]


def _same(source: Target, target: Target) -> bool:
    if is_postgres(source) or is_postgres(target):
        return str(source) == str(target)
    return Path(source).resolve() == Path(target).resolve()


async def _refuse_if_running(store: Store, where: str, now_ms: int) -> None:
    beat = await store.heartbeat()
    if beat is None:
        return
    status, at_ms, pid = beat
    age_s = (now_ms - at_ms) / 1000
    if status in {CONNECTED, STARTING} and age_s < STALE_S:
        raise MigrateError(
            f"un bot tourne sur {where} (battement il y a {age_s:.0f} s, pid {pid}) : arrêtez-le d'abord "
            "(docker compose stop taverne), puis relancez la copie"
        )


async def _read(source: Store, target: Store, where: str) -> dict[str, tuple[list[str], Rows]]:
    """Every table's columns and rows from ``source``, after checking ``target`` is empty and has
    the same columns."""
    filled = [t for t in TABLES if await target.count(t)]
    if filled:
        raise MigrateError(
            f"la base d'arrivée {where} n'est pas vide (tables {', '.join(filled)}) : donnez une base neuve"
        )
    tables: dict[str, tuple[list[str], Rows]] = {}
    for table in TABLES:
        columns, arriving = await source.columns(table), await target.columns(table)
        if sorted(columns) != sorted(arriving):
            raise MigrateError(
                f"la table {table} n'a pas les mêmes colonnes des deux côtés ({', '.join(sorted(set(columns) ^ set(arriving)))})"
            )
        tables[table] = (columns, await source.rows(table, columns))
    return tables


async def migrate_db(source: Target, target: Target, *, now_ms: int | None = None) -> MigrateReport:
    now_ms = time.time_ns() // 1_000_000 if now_ms is None else now_ms
    where_from, where_to = shown(source), shown(target)
    if _same(source, target):
        raise MigrateError("la base de départ et celle d'arrivée sont la même")
    if not is_postgres(source) and not Path(source).is_file():
        raise MigrateError(f"base de départ introuvable : {where_from}")
    with contextlib.ExitStack() as held:
        try:
            if not is_postgres(source):  # a bot running on the file holds its lock
                held.enter_context(in_use_lock(Path(source), exclusive=True))
        except RestoreError as error:
            raise MigrateError(str(error)) from None
        stores: list[Store] = []
        try:
            stores.append(await Store.open(source))
            await _refuse_if_running(stores[0], where_from, now_ms)
            stores.append(await Store.open(target))
            tables = await _read(stores[0], stores[1], where_to)
            counts = await stores[1].load(tables)
        except StoreUnavailable as error:
            raise MigrateError(without_secret(str(error), source if len(stores) == 0 else target)) from None
        except STORE_ERRORS as error:
            detail = without_secret(without_secret(str(error), source), target)
            raise MigrateError(f"copie impossible, rien n'est écrit dans {where_to} : {detail}") from None
        finally:
            for store in stores:
                with contextlib.suppress(*STORE_ERRORS, sqlite3.Error):
                    await store.close()
    expected = {table: len(rows) for table, (_, rows) in tables.items()}
    if counts != expected:
        raise MigrateError(f"comptes différents après la copie : {counts} au lieu de {expected}")
    return MigrateReport(where_from, where_to, counts)
