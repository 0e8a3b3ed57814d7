"""Durability: accepted actions per second through the session manager, each committed to SQLite
before the manager returns, against the same commits made with plain ``sqlite3`` on the same disk
with the same pragmas (WAL, ``synchronous=FULL``, as ``bot/store`` opens its file).

The manager side is what a click costs the bot minus Discord: the per-table lock, the duplicate
check, the rules' ``apply``, the event lines, the state's JSON and the transaction (action row plus
table row). Several tables play at once, as on a server, so the engine of one table can run while
another's commit waits for the disk.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.sessions import SessionManager, wall_ms
from bot.sessions.legal import legal_actions
from bot.store import PLAYING, SessionRecord, Store
from games.core import SYSTEM, TICK, Action, Game

from .rules import seat_count
from .storage import fresh, insert_session, open_db, store_pragmas, update_session
from .table import Figure, number


@dataclass
class ManagerRun:
    actions: int
    seconds: float
    tables_opened: int

    @property
    def rate(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0


@dataclass
class DurabilityFigures:
    manager: ManagerRun
    raw_commits: int
    raw_s: float
    state_bytes: float
    pragmas: tuple[str, ...]

    @property
    def raw_rate(self) -> float:
        return self.raw_commits / self.raw_s if self.raw_s else 0.0

    def ratio(self, run: ManagerRun) -> float:
        return run.rate / self.raw_rate if self.raw_rate else 0.0


async def _open_table(manager: SessionManager, channel: int, game: Game[Any]) -> int:
    players = [str(channel * 10 + i) for i in range(seat_count(game))]
    session = await manager.open(
        guild_id=1, channel_id=channel, game=game.name, host_id=players[0], host_name="Hôte"
    )
    for player in players[1:]:
        await manager.join(session.id, player, f"Joueur {player}")
    outcome = await manager.start(session.id, players[0], seed=channel)
    return outcome.session.id


async def _drive(
    manager: SessionManager, channel: int, game: Game[Any], until: float, ids: itertools.count[int]
) -> None:
    """One table's players clicking random legal moves as fast as the manager takes them; a game
    that ends is followed by a new one in the same channel."""
    rng = random.Random(channel)
    while time.perf_counter() < until:
        session_id = await _open_table(manager, channel, game)
        while time.perf_counter() < until:
            session = manager.by_id(session_id)
            if session is None or session.state is None:
                break
            state = session.state
            # The players pick among the buttons the bot drew: its legal actions of this state,
            # computed once by the manager (as for the table's message), not once more here.
            legal = legal_actions(session)
            moves = [(p, a) for p in state.players for a in (legal.of_player(p) if legal is not None else [])]
            if moves:
                player, action = rng.choice(moves)
                await manager.act(
                    session_id, player, action, wall_ms(), turn=state.turn_no, interaction_id=next(ids)
                )
                continue
            deadline = game.deadline(state)
            if deadline is None:
                break
            # Nobody may click until a window closes: pass the time in, as the table's timer would.
            await manager.act(session_id, SYSTEM, Action(kind=TICK), max(wall_ms(), deadline))


async def through_manager(
    path: Path,
    games: dict[str, Game[Any]],
    seconds: float,
    tables: int = 20,
    store_class: type[Store] = Store,
) -> tuple[int, float, int]:
    """(accepted actions committed, seconds, tables opened: each opening, join and start is a
    commit of its own, counted in the seconds but not among the actions)."""
    store = await store_class.open(path)
    manager = SessionManager(store, games)
    ids = itertools.count(1)
    engines = list(games.values())
    start = time.perf_counter()
    try:
        await asyncio.gather(
            *(
                _drive(manager, 1000 + i, engines[i % len(engines)], start + seconds, ids)
                for i in range(tables)
            )
        )
        elapsed = time.perf_counter() - start
    finally:
        await manager.close()
        await store.close()
    with sqlite3.connect(path) as db:
        actions = int(db.execute("SELECT COUNT(*) FROM actions").fetchone()[0])
        opened = int(db.execute("SELECT COUNT(*) FROM sessions").fetchone()[0])
    return actions, elapsed, opened


def payload_sizes(path: Path) -> tuple[float, float]:
    """Mean size of a stored state and of a stored action, so the raw commits write the same bytes."""
    with sqlite3.connect(path) as db:
        state = db.execute("SELECT AVG(LENGTH(state)) FROM sessions WHERE state IS NOT NULL").fetchone()[0]
        action = db.execute("SELECT AVG(LENGTH(action)) FROM actions").fetchone()[0]
    return float(state or 0), float(action or 0)


def raw_sqlite(
    path: Path, seconds: float, state_bytes: int, action_bytes: int, pragmas: tuple[str, ...]
) -> tuple[int, float]:
    """The same transaction as ``Store.save_action`` (an action row, the table row rewritten),
    committed one at a time with plain ``sqlite3``; returns (commits, seconds)."""
    db = open_db(str(path), pragmas)
    try:
        rec = SessionRecord(
            channel_id=1,
            game="culdechouette",
            host_id="1",
            names={"1": "Hôte", "2": "Joueur 2"},
            status=PLAYING,
            state="x" * state_bytes,
        )
        insert_session(db, rec)
        action = "a" * action_bytes
        commits = 0
        start = time.perf_counter()
        while commits == 0 or time.perf_counter() - start < seconds:
            rec.seq += 1
            rec.state = f"{rec.seq:08d}" + "x" * max(0, state_bytes - 8)
            db.execute("BEGIN IMMEDIATE")
            db.execute(
                "INSERT INTO actions (session_id, seq, player, action, at_ms, interaction_id) VALUES (?, ?, ?, ?, ?, ?)",
                (rec.id, rec.seq, "1", action, wall_ms(), rec.seq),
            )
            update_session(db, rec)
            db.execute("COMMIT")
            commits += 1
        return commits, time.perf_counter() - start
    finally:
        db.close()


def measure(folder: Path, games: dict[str, Game[Any]], seconds: float) -> DurabilityFigures:
    def managed(name: str, store_class: type[Store]) -> tuple[ManagerRun, Path]:
        path = fresh(folder / f"durabilite-{name}.sqlite3")
        return ManagerRun(*asyncio.run(through_manager(path, games, seconds, store_class=store_class))), path

    pragmas = asyncio.run(store_pragmas(folder / "durabilite-pragmas.sqlite3"))

    def raw(name: str, state_bytes: float, action_bytes: float) -> tuple[int, float]:
        return raw_sqlite(
            fresh(folder / f"durabilite-{name}.sqlite3"),
            seconds,
            int(state_bytes),
            int(action_bytes),
            pragmas,
        )

    # The payload sizes of plain sqlite3's rows are those the manager's run stored.
    manager, path = managed("gestionnaire", Store)
    state_bytes, action_bytes = payload_sizes(path)
    commits, raw_s = raw("brut", state_bytes, action_bytes)
    return DurabilityFigures(manager, commits, raw_s, state_bytes, pragmas)


def figures(folder: Path, games: dict[str, Game[Any]], seconds: float) -> list[Figure]:
    result = measure(folder, games, seconds)
    section = "durabilité"
    return [
        Figure(
            section,
            f"gestionnaire : actions validées/s ({result.manager.actions} actions, "
            f"{result.manager.tables_opened} tables)",
            number(result.manager.rate),
        ),
        Figure(
            section,
            f"sqlite3 brut : mêmes transactions/s (état de {number(result.state_bytes)} o, "
            + " ".join(p.removeprefix("PRAGMA ") for p in result.pragmas[:2])
            + ")",
            number(result.raw_rate),
        ),
        Figure(
            section,
            "rapport gestionnaire / brut",
            f"{number(result.ratio(result.manager) * 100, 1)} %",
            "≥ 50 %",
            result.ratio(result.manager) >= 0.5,
        ),
    ]
