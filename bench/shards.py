"""Busy tables over shard processes (issue 20): the same tables, in two guilds that Discord sends to
shards 0 and 1 of 2, played in bursts (every table clicks at once, as in ``answers``) first by one
process running both shards, then by two processes of one shard each on the same database. For
each process: the clicks it answered and its CPU time over the bursts, hence its CPU per click.

On this machine the emulator (and the players clicking through it) takes a core of its own, so
the answers of two processes measure sharing the machine, not scaling; what N processes would
serve on N cores is written from each process's CPU per click (a core gives 1 s of CPU a second).
"""

from __future__ import annotations

import asyncio
import os
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from emulator import Emulator
from emulator.bot_process import BOT, BotProcess

from .answers import Table, open_table, step
from .latency import Latencies, latencies, seconds_text
from .rules import seat_count
from .storage import fresh
from .table import Figure, number

OPENED_AT_ONCE = 10


@dataclass
class Process:
    shards: str  # TAVERNE_SHARDS ("" : every shard)
    clicks: int  # the burst clicks of its guilds
    cpu_s: float


@dataclass
class Run:
    processes: list[Process]
    clicks: Latencies
    burst_s: float
    tables: int  # those whose opening was answered in time


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def opened(emu: Emulator, table: Table) -> None:
    try:
        await open_table(emu, table)
    except RuntimeError:
        table.message = None


def world(emu: Emulator, tables: int, games: dict[str, Any]) -> list[tuple[int, Table]]:
    guilds = [emu.add_guild(f"Shard {n}", shard=(n, 2)) for n in range(2)]
    names = list(games)
    out: list[tuple[int, Table]] = []
    for i in range(tables):
        shard, game = i % 2, names[(i // 2) % len(names)]
        channel = guilds[shard].add_channel(f"table-{i}")
        users = [emu.add_user(f"S{i}-{k}") for k in range(seat_count(games[game]))]
        for user in users:
            guilds[shard].add_member(user)
        out.append((shard, Table(channel, users, game)))
    return out


async def run(folder: Path, games: dict[str, Any], tables: int, rounds: int, configs: list[str], module: str) -> Run:
    rng = random.Random(7)
    label = "un" if len(configs) == 1 else "deux"
    database = fresh(folder / f"shards-{label}.sqlite3")
    async with Emulator() as emu:
        emu.shard_count = 2
        placed = world(emu, tables, games)
        bots = [
            BotProcess(emu, database, folder / f"shards-{label}-{n}.log", module=module, extra_env={"TAVERNE_SHARDS": c})
            for n, c in enumerate(configs)
        ]
        try:
            # Together, as a supervisor starts them: each waits for its own shard's session.
            await asyncio.gather(*(bot.start() for bot in bots))
            await emu.wait_for_command("jouer", timeout=30.0)
            # Opened a few at a time: the measure is the bursts of play, not 400 /jouer at once. A
            # table whose opening was answered late (a loaded machine) is left out of the bursts.
            for start in range(0, len(placed), OPENED_AT_ONCE):
                await asyncio.gather(
                    *(opened(emu, t) for _, t in placed[start : start + OPENED_AT_ONCE]), return_exceptions=True
                )
            placed = [(shard, t) for shard, t in placed if t.message is not None]
            before = [cpu_seconds(b.pid) for b in bots]
            started = emu.clock()
            for _ in range(rounds):
                await asyncio.gather(*(step(emu, t, rng) for _, t in placed))
            burst_s = emu.clock() - started
            spent = [cpu_seconds(b.pid) - b0 for b, b0 in zip(bots, before, strict=True)]
        finally:
            for bot in bots:
                await bot.stop()
    processes = []
    for config, cpu in zip(configs, spent, strict=True):
        mine = {0, 1} if not config else {int(config.split("/")[0])}
        clicks = sum(len(t.clicks) + len(t.hands) for shard, t in placed if shard in mine)
        processes.append(Process(config, clicks, cpu))
    return Run(processes, latencies(r for _, t in placed for r in [*t.clicks, *t.hands]), burst_s, len(placed))


def figures(folder: Path, games: dict[str, Any], tables: int, rounds: int, module: str = BOT) -> list[Figure]:
    one = asyncio.run(run(folder, games, tables, rounds, [""], module))
    two = asyncio.run(run(folder, games, tables, rounds, ["0/2", "1/2"], module))
    section = "shards"
    out: list[Figure] = []
    for name, result in (("1 processus (2 shards)", one), ("2 processus (1 shard chacun)", two)):
        clicks = result.clicks
        out.append(
            Figure(
                section,
                f"{result.tables} tables sur {tables}, {name} : {clicks.count} clics en {number(result.burst_s, 1)} s "
                f"({number(clicks.count / result.burst_s if result.burst_s else 0)} clics/s) : médiane / p99, hors délai",
                f"{seconds_text(clicks.quantile(0.5))} / {seconds_text(clicks.quantile(0.99))}, {clicks.late}",
                "0 hors délai",
                clicks.late == 0,
            )
        )
        for p in result.processes:
            per_click = p.cpu_s / p.clicks if p.clicks else 0.0
            out.append(
                Figure(
                    section,
                    f"{name}, processus {p.shards or 'tous les shards'} : CPU par clic ({p.clicks} clics, "
                    f"{number(p.cpu_s, 1)} s de CPU)",
                    f"{number(per_click * 1000, 1)} ms",
                )
            )
    per_click = max((p.cpu_s / p.clicks for p in two.processes if p.clicks), default=0.0)
    if per_click:
        out.append(
            Figure(
                section,
                "N processus d'un shard sur N cœurs (base et Discord ailleurs) : clics/s servis, d'après le CPU "
                "par clic du plus chargé des 2 processus",
                f"≈ N × {number(1 / per_click)}",
            )
        )
    return out
