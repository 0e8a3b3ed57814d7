"""Two bot processes, two shards, one database, through the emulator (which routes each guild's
events to its shard's connection): tables in guilds of both shards played at once; the process of
shard 0 SIGKILLed mid-game and started again takes its shard back (its lease's holder is known
dead), nothing acknowledged is lost, nothing is played twice. A second process configured for a
live shard is refused with one line; the healthcheck answers per process (that one on SQLite and on
PostgreSQL: the leases' take, the refusal and the healthcheck read each database their own way)."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.health import check
from bot.shards import Shards, shard_of
from emulator import Channel, Emulator, EmulatorError, Guild, InteractionRecord, User
from emulator.bot_process import BotProcess
from tests.databases import TestDatabase

from .test_crashes import Seen, Table, check_table

TABLES_PER_SHARD = 4
DEADLINE_S = 180.0


class ShardTable(Table):
    """A table whose guild's process may be down while the other process still answers."""

    async def call(self, make: Any) -> InteractionRecord | None:
        try:
            record: InteractionRecord = await make()
        except EmulatorError:
            await asyncio.sleep(0.1)  # no session for this guild's shard: its process restarts
            return None
        if not record.acknowledged:
            self.seen.unanswered.append(record)
        return record


def shard_world(emu: Emulator) -> tuple[list[Guild], list[tuple[Channel, list[User]]]]:
    guilds = [emu.add_guild(f"Taverne {n}", shard=(n, 2)) for n in range(2)]
    tables = []
    for guild in guilds:
        for n in range(TABLES_PER_SHARD):
            channel = guild.add_channel(f"cabane-{n + 1}")
            players = [emu.add_user(f"{name} {guild.id % 1000} {n}") for name in ("Alice", "Bob")]
            for user in players:
                guild.add_member(user)
            tables.append((channel, players))
    return guilds, tables


def process(emu: Emulator, database: Path | str, log: Path, shards: str) -> BotProcess:
    return BotProcess(
        emu, database, log, extra_env={"TAVERNE_SHARDS": shards, "TAVERNE_START_PAUSE_S": "0", "TAVERNE_LOG_LEVEL": "INFO"}
    )


def healthcheck(bot: BotProcess) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "healthcheck"],
        cwd=bot.log.parent, env=bot.env, capture_output=True, text=True, timeout=60, check=False,
    )
    return done.returncode, (done.stdout + done.stderr).strip()


async def test_two_shard_processes_play_at_once_and_a_killed_one_takes_its_shard_back(tmp_path: Path) -> None:
    database = tmp_path / "taverne.sqlite3"
    seen = Seen()
    async with Emulator(rate_limit=(1000, 1.0)) as emu:
        emu.shard_count = 2
        guilds, tables = shard_world(emu)
        assert [shard_of(g.id, 2) for g in guilds] == [0, 1]
        zero = process(emu, database, tmp_path / "zero.log", "0/2")
        one = process(emu, database, tmp_path / "one.log", "1/2")
        try:
            await zero.start()
            await one.start()
            assert [s.shard for s in zero.sessions + one.sessions] == [(0, 2), (1, 2)]
            await emu.wait_for_command("jouer", None, timeout=30)
            players = [ShardTable(emu, database, channel, users, seen) for channel, users in tables]
            playing = asyncio.gather(*(t.play(0.1 * n) for n, t in enumerate(players)))
            # Mid-game: some throws of both shards stored, then shard 0's process dies.
            await emu.wait_until(lambda: thrown(database) >= 2 * len(tables), 60, "throws on both shards")
            await zero.kill()
            seen.calm.set()
            await zero.start()
            finished = await asyncio.wait_for(playing, DEADLINE_S)
            # Healthy once each has said it is connected (the restarted one after its on_ready).
            await healthy(database, 2)
        except BaseException:
            print(zero.tail(), one.tail(), sep="\n---\n")
            raise
        finally:
            await zero.stop()
            await one.stop()
        for kind in ("no_response", "unknown_interaction"):
            emu.take_violations(kind)
        emu.assert_no_violations()

    assert zero.kills == 1 and len(finished) == len(tables)
    for session_id in finished:
        check_table(database, session_id)
    with sqlite3.connect(database) as db:
        stored = dict(db.execute("SELECT interaction_id, COUNT(*) FROM actions WHERE interaction_id IS NOT NULL GROUP BY 1"))
        by_guild = dict(db.execute("SELECT guild_id, COUNT(*) FROM finished_games GROUP BY 1"))
    assert all(n == 1 for n in stored.values()), "a click played twice"
    assert not [r for r in seen.answered if r.id not in stored], "a click answered on Discord but not kept"
    assert not [r for r in seen.refused if r.id in stored]
    assert by_guild == {g.id: TABLES_PER_SHARD for g in guilds}
    # Only shard 0's process sends the commands; the other says so.
    assert "synchronisées par le processus du shard 0" in (tmp_path / "one.log").read_text()
    # The restarted process took its lease back at once from its dead self.
    assert "baux repris à un processus arrêté sur cette machine : 2:0" in (tmp_path / "zero.log").read_text()


async def healthy(database: Path, count: int, timeout_s: float = 60.0) -> None:
    """Waits until every shard's process passes its healthcheck (a hang fails, with what it says)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while True:
        results = [check(database, shards=Shards((n,), count)) for n in range(count)]
        if all(r.code == 0 for r in results):
            return
        if loop.time() > deadline:
            raise AssertionError([r.text for r in results])
        await asyncio.sleep(0.2)


def thrown(database: Path) -> int:
    if not database.exists():
        return 0
    with sqlite3.connect(database, timeout=10) as db:
        try:
            return int(db.execute("SELECT COUNT(*) FROM actions WHERE interaction_id IS NOT NULL").fetchone()[0])
        except sqlite3.OperationalError:
            return 0


@pytest.mark.both_databases
async def test_a_second_process_for_a_live_shard_is_refused_in_one_line(tmp_path: Path, database: TestDatabase) -> None:
    target = database.target
    async with Emulator() as emu:
        emu.shard_count = 2
        emu.add_guild("Taverne 0", shard=(0, 2))
        zero = process(emu, target, tmp_path / "zero.log", "0/2")
        again = process(emu, target, tmp_path / "again.log", "0-1/2")
        every = process(emu, target, tmp_path / "every.log", "")
        try:
            await zero.start()
            assert await again.exits() == 75 and await every.exits() == 75
            # In a thread: on PostgreSQL the healthcheck runs its own event loop, as the command does.
            nobody = await asyncio.to_thread(check, target, shards=Shards((1,), 2))
            assert nobody.code == 1 and "shard 1 sur 2" in nobody.text  # nobody runs shard 1
            assert healthcheck(zero)[0] == 0  # the command, as a container's HEALTHCHECK runs it
        finally:
            await zero.stop()
        stopped = await asyncio.to_thread(check, target, shards=Shards((0,), 2))
        assert stopped.code == 1 and "arrêté" in stopped.text
    for log, refused in (("again.log", "le shard 0 sur 2"), ("every.log", "tous les shards")):
        lines = [line for line in (tmp_path / log).read_text().splitlines() if "déjà servi" in line]
        assert len(lines) == 1 and refused in lines[0] and f"pid {zero.pid}" in lines[0], lines
