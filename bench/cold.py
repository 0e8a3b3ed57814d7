"""A restart with many open tables none of which was played lately (issue 20): the bot keeps in
memory only the tables played in the last ``TAVERNE_KEEP_IN_MEMORY_S`` or due soon, and knows the
others by their channel, loading each on its first click. Measured: start → first answer (a
``/scores`` at a table not in memory, which loads it), the answer alone, and the bot's resident
memory then and a few seconds later, with the same emulated Discord (guilds of 500 channels)
holding no table, then N tables.

The tables were last played 20 minutes before the restart (the bot keeps 10); their next timer (a
turn warning) is stamped an hour after it, as the bot stamps it at each save. The emulated Discord
has 10,000 channels (as in ``restart``): the first tables are in them, the others in channels it
does not draw, since 100,000 channels in the guilds' payloads measure discord.py's connection
(8 to 10 s on this machine, tables or not), not the tables.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from emulator import Emulator
from emulator.bot_process import BOT

from .latency import seconds_text
from .restart import Restart, World, build_world, one_restart, seconds_text_long
from .table import Figure, number

PLAYED_AGO_MS = 20 * 60_000
DUE_IN_MS = 3_600_000
ENV = {
    "TAVERNE_TURN_TIMEOUT_S": str(DUE_IN_MS // 1000),
    "TAVERNE_IDLE_TIMEOUT_S": str(4 * DUE_IN_MS // 1000),
    "TAVERNE_LOG_LEVEL": "INFO",  # for the start's phases (bot/startup.py), read from the bot's log
}
STARTED = "démarrage : READY "
INDEXED = "(index lu en "
TARGET_S, TARGET_MB = 2.0, 300
# Channels in the emulated Discord: 20 guilds of 500, as in the ``restart`` section.
CHANNELS = 10_000


@dataclass
class Cold:
    empty: Restart
    loaded: Restart


def wide_world(emu: Emulator, count: int, channels: int) -> World:
    """``channels`` channels in the emulated Discord (as many as the ``restart`` section's), and
    ``count`` table places: the first in those channels, the others in channels the emulator does
    not draw (their guilds' payloads would measure discord.py reading 100,000 channels at
    connection, which it does with or without tables: see above)."""
    world = build_world(emu, min(count, channels))
    guilds = sorted({g for g, _, _ in world.places})
    extra = [
        (guilds[i % len(guilds)], emu.snowflakes.make(), emu.snowflakes.make()) for i in range(count - len(world.places))
    ]
    return World([*world.places, *extra], world.channels, world.players)


async def run(
    folder: Path,
    games: dict[str, Any],
    count: int,
    probe_s: float,
    module: str = BOT,
    channels: int = CHANNELS,
    warm_up: bool = True,
) -> Cold:
    async with Emulator() as emu:
        world = wide_world(emu, count, channels)

        async def once(sessions: int, probe: float) -> Restart:
            return await one_restart(
                emu, world, folder, games, sessions, probe, module,
                played_ago_ms=PLAYED_AGO_MS, due_in_ms=DUE_IN_MS, extra_env=ENV,
            )

        if warm_up:
            await once(0, 0.0)  # not counted: bytecode caches written, disk cache warm
        return Cold(await once(0, 0.0), await once(count, probe_s))


def index_read(folder: Path, sessions: int) -> str:
    """What the bot says of the index of tables not in memory, read beside the connection (its log)."""
    log = folder / f"redemarrage-{sessions}-bot.log"
    lines = [line for line in log.read_text(errors="replace").splitlines() if INDEXED in line] if log.exists() else []
    return lines[-1].split("] ", 2)[-1].split(": ", 1)[-1] if lines else "?"


def phases(folder: Path, sessions: int) -> str:
    """What the bot says its last start spent, phase by phase (its log's « démarrage : » line)."""
    log = folder / f"redemarrage-{sessions}-bot.log"
    lines = [line for line in log.read_text(errors="replace").splitlines() if STARTED in line] if log.exists() else []
    return lines[-1].split(STARTED, 1)[1] if lines else "?"


def figures(
    folder: Path, games: dict[str, Any], count: int, probe_s: float, module: str = BOT, warm_up: bool = True
) -> list[Figure]:
    result = asyncio.run(run(folder, games, count, probe_s, module, warm_up=warm_up))
    empty, r = result.empty, result.loaded
    where = f"{number(r.sessions)} tables ouvertes, aucune jouée depuis 20 min"
    # The /scores probes go to the tables whose channels the emulator has.
    probes = r.probes
    return [
        Figure("hors mémoire", f"sans table : phases (journal du bot) : {phases(folder, 0)}", ""),
        Figure("hors mémoire", f"{where} : phases (journal du bot) : {phases(folder, r.sessions)}", ""),
        Figure("hors mémoire", f"{where} : index lu à côté de la connexion : {index_read(folder, r.sessions)}", ""),
        Figure(
            "hors mémoire",
            "READY → 1re réponse (le clic qui charge sa table), sans table / avec : la part des tables",
            f"{seconds_text(empty.first_answer_s - empty.connected_s)} / {seconds_text(r.first_answer_s - r.connected_s)}",
            f"< {TARGET_S:g} s",
            r.first_answer_s - r.connected_s < TARGET_S,
        ),
        Figure("hors mémoire", "sans table : démarrage → 1re réponse", seconds_text_long(empty.first_answer_s)),
        Figure(
            "hors mémoire",
            f"{where} : démarrage → 1re réponse, une table chargée à ce clic (connecté à "
            f"{seconds_text_long(r.connected_s)}, réponse en {seconds_text(r.answer_s)})",
            seconds_text_long(r.first_answer_s),
            f"< {TARGET_S:g} s",
            r.first_answer_s < TARGET_S,
        ),
        Figure(
            "hors mémoire",
            f"{where} : mémoire résidente du bot à la 1re réponse (sans table : {number(empty.rss / 2**20)} Mo ; "
            f"{number(r.rss_after / 2**20)} Mo après {number(probes.count)} /scores à d'autres tables)",
            f"{number(r.rss / 2**20)} Mo",
            f"< {TARGET_MB} Mo",
            max(r.rss, r.rss_after) < TARGET_MB * 2**20,
        ),
        Figure(
            "hors mémoire",
            f"{where} : /scores à des tables pas en mémoire ensuite : médiane / max, hors délai",
            f"{seconds_text(probes.quantile(0.5))} / {seconds_text(probes.worst)}, {probes.late} sur {probes.count}",
            "0 hors délai",
            probes.late == 0,
        ),
    ]
