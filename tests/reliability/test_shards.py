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

import asyncpg
import pytest

from bot.health import check
from bot.shards import Shards, shard_of
from emulator import Channel, Emulator, EmulatorError, Guild, InteractionRecord, User
from emulator.bot_process import BotProcess
from emulator.forks import Zygote
from tests.databases import Reader, TestDatabase

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


def process(emu: Emulator, database: Path | str, log: Path, shards: str, zygote: Zygote) -> BotProcess:
    return BotProcess(
        emu,
        database,
        log,
        extra_env={"TAVERNE_SHARDS": shards, "TAVERNE_START_PAUSE_S": "0", "TAVERNE_LOG_LEVEL": "INFO"},
        zygote=zygote,
    )


def healthcheck(bot: BotProcess) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "healthcheck"],
        cwd=bot.log.parent, env=bot.env, capture_output=True, text=True, timeout=60, check=False,
    )
    return done.returncode, (done.stdout + done.stderr).strip()


@pytest.mark.both_databases
async def test_two_shard_processes_play_at_once_and_a_killed_one_takes_its_shard_back(
    tmp_path: Path, database: TestDatabase, bot_zygote: Zygote
) -> None:
    seen, reader = Seen(), Reader(database)
    async with Emulator(rate_limit=(1000, 1.0)) as emu:
        emu.shard_count = 2
        guilds, tables = shard_world(emu)
        assert [shard_of(g.id, 2) for g in guilds] == [0, 1]
        zero = process(emu, database.target, tmp_path / "zero.log", "0/2", bot_zygote)
        one = process(emu, database.target, tmp_path / "one.log", "1/2", bot_zygote)
        try:
            # Together on a new database, as a supervisor starts them (each its own shard's session).
            await asyncio.gather(zero.start(), one.start())
            assert [s.shard for s in zero.sessions + one.sessions] == [(0, 2), (1, 2)]
            await emu.wait_for_command("jouer", None, timeout=30)
            players = [ShardTable(emu, reader, channel, users, seen) for channel, users in tables]
            playing = asyncio.gather(*(t.play(0.1 * n) for n, t in enumerate(players)))
            # Mid-game: some throws of both shards stored, then shard 0's process dies.
            await until_thrown(reader, 2 * len(tables))
            await zero.kill()
            seen.calm.set()
            await zero.start()
            finished = await asyncio.wait_for(playing, DEADLINE_S)
            # Healthy once each has said it is connected (the restarted one after its on_ready).
            await healthy(database.target, 2)
        except BaseException:
            print(zero.tail(), one.tail(), sep="\n---\n")
            raise
        finally:
            await zero.stop()
            await one.stop()
            await reader.close()
        for kind in ("no_response", "unknown_interaction"):
            emu.take_violations(kind)
        emu.assert_no_violations()

    assert zero.kills == 1 and len(finished) == len(tables)
    kept_once(database, seen, finished, guilds)
    # Only shard 0's process sends the commands; the other says so.
    assert "synchronisées par le processus du shard 0" in (tmp_path / "one.log").read_text()
    # The restarted process took its lease back at once from its dead self.
    assert "baux repris à un processus arrêté sur cette machine : 2:0" in (tmp_path / "zero.log").read_text()


@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
async def test_a_killed_process_on_another_machine_is_replaced_once_its_lease_has_ended(
    tmp_path: Path, database: TestDatabase, bot_zygote: Zygote
) -> None:
    """PostgreSQL only: shard processes on several machines share a server, never a SQLite file.
    Shard 0's process dies on machine A (its lease row names that host); its replacement starts
    here: it cannot know whether A's process is gone, so it is refused (exit 75, the supervisor
    tries again) until the lease ends, then takes shard 0 and its tables, and the games finish.
    The lease's 90 s are not waited for: its end is moved to now, as those seconds would have."""
    seen, reader = Seen(), Reader(database)
    async with Emulator(rate_limit=(1000, 1.0)) as emu:
        emu.shard_count = 2
        guilds, tables = shard_world(emu)
        zero = process(emu, database.target, tmp_path / "zero.log", "0/2", bot_zygote)
        one = process(emu, database.target, tmp_path / "one.log", "1/2", bot_zygote)
        replacement = process(emu, database.target, tmp_path / "replacement.log", "0/2", bot_zygote)
        try:
            await asyncio.gather(zero.start(), one.start())
            await emu.wait_for_command("jouer", None, timeout=30)
            players = [ShardTable(emu, reader, channel, users, seen) for channel, users in tables]
            playing = asyncio.gather(*(t.play(0.1 * n) for n, t in enumerate(players)))
            await until_thrown(reader, 2 * len(tables))
            await zero.kill()
            database.execute("UPDATE shard_leases SET host = ? WHERE shard = ?", "machine-a", "2:0")
            assert await replacement.exits() == 75
            refusal = [line for line in (tmp_path / "replacement.log").read_text().splitlines() if "déjà servi" in line]
            assert len(refusal) == 1 and f"pid {zero.pid} sur machine-a" in refusal[0], refusal
            # Meanwhile shard 1's tables are played on (the other process answers them).
            database.execute("UPDATE shard_leases SET expires_ms = renewed_ms WHERE shard = ?", "2:0")
            seen.calm.set()
            await replacement.start()
            finished = await asyncio.wait_for(playing, DEADLINE_S)
            await healthy(database.target, 2)
        except BaseException:
            print(zero.tail(), one.tail(), replacement.tail(), sep="\n---\n")
            raise
        finally:
            await replacement.stop()
            await one.stop()
            await reader.close()
        for kind in ("no_response", "unknown_interaction"):
            emu.take_violations(kind)
        emu.assert_no_violations()

    assert len(finished) == len(tables)
    kept_once(database, seen, finished, guilds)
    assert database.query("SELECT pid FROM shard_leases WHERE shard = ?", "2:0") == [(replacement.pid,)]
    # Taken because the lease had ended, not from a holder known dead.
    assert "baux repris" not in (tmp_path / "replacement.log").read_text()


def kept_once(database: TestDatabase, seen: Seen, finished: list[int], guilds: list[Guild]) -> None:
    """Every game finished, each stored state its stored actions played once; every click answered
    on Discord kept, none refused kept, none played twice; each guild's games counted once."""
    for session_id in finished:
        check_table(database, session_id)
    stored = dict(
        database.query("SELECT interaction_id, COUNT(*) FROM actions WHERE interaction_id IS NOT NULL GROUP BY 1")
    )
    by_guild = dict(database.query("SELECT guild_id, COUNT(*) FROM finished_games GROUP BY 1"))
    assert all(n == 1 for n in stored.values()), "a click played twice"
    assert not [r for r in seen.answered if r.id not in stored], "a click answered on Discord but not kept"
    assert not [r for r in seen.refused if r.id in stored]
    assert by_guild == {g.id: TABLES_PER_SHARD for g in guilds}


async def until_thrown(reader: Reader, count: int, timeout_s: float = 60.0) -> None:
    """Waits until ``count`` clicks are stored (the database read on the test's loop, not blocking it)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while await thrown(reader) < count:
        assert loop.time() < deadline, f"fewer than {count} throws stored after {timeout_s} s"
        await asyncio.sleep(0.05)


async def healthy(
    database: Path | str, count: int, timeout_s: float = 60.0, shards: tuple[int, ...] | None = None
) -> None:
    """Waits until every shard's process (or those of ``shards``) passes its healthcheck (a hang
    fails, with what it says). In a thread: on PostgreSQL the healthcheck runs its own event loop,
    as the command does."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    wanted = range(count) if shards is None else shards
    while True:
        results = [await asyncio.to_thread(check, database, shards=Shards((n,), count)) for n in wanted]
        if all(r.code == 0 for r in results):
            return
        if loop.time() > deadline:
            raise AssertionError([r.text for r in results])
        await asyncio.sleep(0.1)


async def thrown(reader: Reader) -> int:
    try:
        rows = await reader.fetch("SELECT COUNT(*) FROM actions WHERE interaction_id IS NOT NULL")
    except (sqlite3.OperationalError, asyncpg.UndefinedTableError):
        return 0  # the schema is not there yet
    return int(rows[0][0])


@pytest.mark.both_databases
async def test_a_second_process_for_a_live_shard_is_refused_in_one_line(
    tmp_path: Path, database: TestDatabase, bot_zygote: Zygote
) -> None:
    target = database.target
    async with Emulator() as emu:
        emu.shard_count = 2
        emu.add_guild("Taverne 0", shard=(0, 2))
        zero = process(emu, target, tmp_path / "zero.log", "0/2", bot_zygote)
        again = process(emu, target, tmp_path / "again.log", "0-1/2", bot_zygote)
        every = process(emu, target, tmp_path / "every.log", "", bot_zygote)
        try:
            await zero.start()
            # Both at once: a refused process takes no lease, so neither sees the other.
            assert await asyncio.gather(again.exits(), every.exits()) == [75, 75]
            # In a thread: on PostgreSQL the healthcheck runs its own event loop, as the command does.
            nobody = await asyncio.to_thread(check, target, shards=Shards((1,), 2))
            assert nobody.code == 1 and "shard 1 sur 2" in nobody.text  # nobody runs shard 1
            # Connected once its on_ready came, a moment after its session (BotProcess.start waits
            # for the session only; the refused ones, started together, may be done before).
            await healthy(target, 2, shards=(0,))
            assert healthcheck(zero)[0] == 0  # the command, as a container's HEALTHCHECK runs it
        finally:
            await zero.stop()
        stopped = await asyncio.to_thread(check, target, shards=Shards((0,), 2))
        assert stopped.code == 1 and "arrêté" in stopped.text
    for log, refused in (("again.log", "le shard 0 sur 2"), ("every.log", "tous les shards")):
        lines = [line for line in (tmp_path / log).read_text().splitlines() if "déjà servi" in line]
        assert len(lines) == 1 and refused in lines[0] and f"pid {zero.pid}" in lines[0], lines
