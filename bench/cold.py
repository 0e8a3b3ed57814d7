"""A restart with many open tables none of which was played lately (issue 20): the bot keeps in
memory only the tables played in the last ``TAVERNE_KEEP_IN_MEMORY_S`` or due soon, and knows the
others by their channel, loading each on its first click. Measured: start → first answer (a
``/scores`` at a table not in memory, which loads it), the answer alone, and the bot's resident
memory then and a few seconds later, with the same emulated Discord (guilds of 500 channels)
holding no table, then N tables.

The tables were last played 20 minutes before the restart (the bot keeps 10); their next timer (a
turn warning) is stamped an hour after it, as the bot stamps it at each save.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from emulator import Emulator
from emulator.bot_process import BOT

from .latency import seconds_text
from .restart import Restart, build_world, one_restart, seconds_text_long
from .table import Figure, number

PLAYED_AGO_MS = 20 * 60_000
DUE_IN_MS = 3_600_000
ENV = {"TAVERNE_TURN_TIMEOUT_S": str(DUE_IN_MS // 1000), "TAVERNE_IDLE_TIMEOUT_S": str(4 * DUE_IN_MS // 1000)}
TARGET_S, TARGET_MB = 2.0, 300


@dataclass
class Cold:
    empty: Restart
    loaded: Restart


async def run(folder: Path, games: dict[str, Any], count: int, probe_s: float, module: str = BOT) -> Cold:
    async with Emulator() as emu:
        world = build_world(emu, count)

        async def once(sessions: int, probe: float) -> Restart:
            return await one_restart(
                emu, world, folder, games, sessions, probe, module,
                played_ago_ms=PLAYED_AGO_MS, due_in_ms=DUE_IN_MS, extra_env=ENV,
            )

        await once(0, 0.0)  # not counted: bytecode caches written, disk cache warm
        return Cold(await once(0, 0.0), await once(count, probe_s))


def figures(folder: Path, games: dict[str, Any], count: int, probe_s: float, module: str = BOT) -> list[Figure]:
    result = asyncio.run(run(folder, games, count, probe_s, module))
    empty, r = result.empty, result.loaded
    where = f"{number(r.sessions)} tables ouvertes, aucune jouée depuis 20 min"
    probes = r.probes
    return [
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
