"""Graceful shutdown: a move being written when the bot is asked to stop is finished, committed and
answered, then the database is closed — in-process through ``bot.close()``, and for real: ``python -m
bot`` in its own process, pointed at the Discord emulator, stopped by SIGTERM.

The move is held "in flight" for as long as the test wants by a second SQLite connection holding the
database's write lock: the bot has applied the click and waits to commit it (SQLite's busy timeout).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.app import create_bot
from bot.health import check
from emulator import Emulator, InteractionRecord, Message, User
from emulator.running import running
from games.cabane import GAME as CABANE
from tests.e2e.table import button_for, seat_and_start, table_message
from tests.e2e.tavern import Tavern

ROOT = Path(__file__).resolve().parents[2]
# What the bot logs once it has taken the signal (bot/__main__.py).
SIGTERM_TAKEN = "SIGTERM reçu : arrêt en douceur"


@pytest.fixture(autouse=True)
def channel_limit(emu: Emulator) -> None:
    """Messages sent faster than Discord's 5 per 5 s (the test plays at machine speed)."""
    emu.set_rate_limit(50, 1.0)


@contextlib.contextmanager
def write_lock(database: Path) -> Iterator[None]:
    """Another connection holds the write lock: the bot's next commit waits until it is released."""
    blocker = sqlite3.connect(database, isolation_level=None)
    try:
        blocker.execute("BEGIN IMMEDIATE")
        yield
        blocker.execute("ROLLBACK")
    finally:
        blocker.close()


def stored_moves(database: Path) -> list[tuple[str, str]]:
    db = sqlite3.connect(database)
    try:
        return [(p, json.loads(a)["kind"]) for p, a in db.execute("SELECT player, action FROM actions ORDER BY seq")]
    finally:
        db.close()


def heartbeat(database: Path) -> str:
    db = sqlite3.connect(database)
    try:
        return str(db.execute("SELECT status FROM heartbeat").fetchone()[0])
    finally:
        db.close()


async def open_cabane(emu: Emulator, tavern: Tavern) -> tuple[Message, User]:
    """A seeded Cabane table, started; the table message and the player it waits for (asked of the
    game itself, from the state the bot stored)."""
    reply = await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": "cabane", "options": "graine=3"})
    assert reply.message is not None and not reply.ephemeral, reply.content
    await seat_and_start(emu, reply.message, tavern.arthur, [tavern.perceval])
    db = sqlite3.connect(tavern.database)
    try:
        (raw,) = db.execute("SELECT state FROM sessions WHERE status = 'playing'").fetchone()
    finally:
        db.close()
    state = CABANE.load(raw)
    (waiting,) = CABANE.to_act(state)
    thrower = next(u for u in tavern.players if str(u.id) == waiting)
    return table_message(tavern.channel), thrower


async def test_close_finishes_and_commits_the_move_in_flight_then_closes_the_database(tavern: Tavern) -> None:
    emu = tavern.emu
    bot = create_bot(tavern.settings(), clock=emu.now_ms)
    async with running(bot, emu):
        table, thrower = await open_cabane(emu, tavern)
        session = bot.manager.in_channel(tavern.channel.id)
        assert session is not None
        # Connected (on_ready comes a moment after the guilds: Tavern.settings' guild_ready_s): the Docker healthcheck says so.
        for _ in range(100):
            if heartbeat(tavern.database) == "connected":
                break
            await asyncio.sleep(0.05)
        health = check(tavern.database)
        assert health.code == 0 and health.text.startswith(f"bot connecté (pid {os.getpid()})")
        with write_lock(tavern.database):
            click = await emu.click(table, thrower, button_for(table, "lancer").custom_id, wait=False)
            await emu.wait_until(session.lock.locked, 3, "the click to reach the table")
            closing = asyncio.create_task(bot.close())
            await asyncio.sleep(0.5)
            assert not closing.done()  # waiting for the move being written
        await asyncio.wait_for(closing, 10)
        assert bot.is_closed()
        with pytest.raises(RuntimeError):
            _ = bot.store
    record = await wait_answered(click)
    assert record.acknowledged and not record.errors
    assert "lance :" in table.text()  # the answer reached the players before the bot closed
    assert stored_moves(tavern.database)[-1] == (str(thrower.id), "lancer")
    assert heartbeat(tavern.database) == "stopped"
    # The last connection closed cleanly: SQLite folded its write-ahead log back into the file.
    assert not Path(f"{tavern.database}-wal").exists()
    emu.assert_no_violations()


async def wait_answered(record: InteractionRecord) -> InteractionRecord:
    await asyncio.wait_for(record.responded.wait(), 5)
    return record


async def test_sigterm_stops_python_m_bot_gracefully_with_the_move_in_flight_committed(
    tavern: Tavern, tmp_path: Path
) -> None:
    emu = tavern.emu
    log = tmp_path / "bot.log"
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": emu.token,
        "TAVERNE_DATABASE": str(tavern.database),
        "TAVERNE_API_BASE": emu.api_base,
        "TAVERNE_GATEWAY_URL": emu.gateway_url,
        "TAVERNE_LOG_LEVEL": "DEBUG",
    }
    with log.open("wb") as out:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=tmp_path, env=env, stdout=out, stderr=out,
            stdin=asyncio.subprocess.DEVNULL,
        )
    try:
        await emu.wait_until(lambda: emu.connected or process.returncode is not None, 30, "python -m bot to connect")
        assert emu.connected, log.read_text(errors="replace")[-3000:]
        await emu.wait_for_command("jouer", timeout=10)
        table, thrower = await open_cabane(emu, tavern)
        with write_lock(tavern.database):
            click = await emu.click(table, thrower, button_for(table, "lancer").custom_id, wait=False)
            # The bot defers a click it cannot answer within 2 s: the move is then waiting to commit.
            await emu.wait_until(lambda: click.acknowledged, 5, "the bot to defer the click")
            process.send_signal(signal.SIGTERM)
            # Released once the bot has taken the signal, well within the store's 5 s wait for the
            # lock (a fixed pause here, on a loaded machine, outlasted it: « database is locked »).
            await emu.wait_until(lambda: SIGTERM_TAKEN in log.read_text(errors="replace"), 10, "the bot to take SIGTERM")
            assert process.returncode is None  # still finishing the move
        code = await asyncio.wait_for(process.wait(), 20)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    text = log.read_text(errors="replace")
    assert code == 0, text[-3000:]
    assert stored_moves(tavern.database)[-1] == (str(thrower.id), "lancer")
    assert "lance :" in table.text()
    assert heartbeat(tavern.database) == "stopped"
    assert not Path(f"{tavern.database}-wal").exists()
    # One line per event worth knowing, the signal and the end; never the token, even at DEBUG.
    for line in ("table 1 ouverte : cabane", "table 1 : partie de cabane commencée", "graine 3",
                 SIGTERM_TAKEN, "arrêt terminé : base de données fermée"):
        assert line in text, text[-3000:]
    assert "Traceback" not in text
    assert emu.token not in text
    emu.assert_no_violations()
