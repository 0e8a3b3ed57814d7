"""What one click costs the bot, per game: CPU on its event loop, CPU drawing pictures, and how
many times the players' legal actions are computed. The real bot runs in its own process with
counters put on from the outside (``bench/counted_bot.py``); tables of one game at a time click
together through the emulator (the players of ``answers``), and the counters' difference over those
clicks is divided by the interactions the bot answered (game clicks, hands opened, new games).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from emulator import Emulator
from emulator.bot_process import BotProcess

from .answers import answered, build_world, open_tables, step
from .attribution import own_time_by_package, shares, taverne_share
from .counted_bot import COUNTERS_ENV, CPROFILE_ENV
from .floor import Floor, Requests, Rounds, requests_per_click
from .floor import measure as measure_floor
from .rules import seat_count
from .storage import fresh
from .table import Figure, number

MODULE = "bench.counted_bot"
# After the last click of a game's rounds, the bot's follow-ups (pings, news lines) are done when
# the emulator has seen no REST call for this long.
QUIET_S = 0.5
OPENED_AT_ONCE = 5


@dataclass
class PerClick:
    game: str
    seats: int
    interactions: int
    loop_cpu_s: float
    picture_cpu_s: float
    pictures: int
    legal_calls: int
    legal_calls_by_game: int = 0  # of which the game's own methods asked
    floor: Floor | None = None  # the same requests made by a bare discord.py bot (bench/floor.py)

    def per(self, value: float) -> float:
        return value / self.interactions if self.interactions else 0.0


async def counters(bot: BotProcess, path: Path) -> dict[str, float]:
    """The bot's counters now (it appends a line on SIGUSR1)."""
    lines = len(path.read_text().splitlines()) if path.exists() else 0
    os.kill(bot.pid, signal.SIGUSR1)
    for _ in range(500):
        if path.exists():
            read = path.read_text().splitlines()
            if len(read) > lines:
                snapshot: dict[str, float] = json.loads(read[-1])
                return snapshot
        await asyncio.sleep(0.01)
    raise RuntimeError("le bot n'a pas donné ses compteurs (SIGUSR1)")


async def quiet(emu: Emulator) -> None:
    seen = -1
    while seen != len(emu.calls):
        seen = len(emu.calls)
        await asyncio.sleep(QUIET_S)


async def run(
    folder: Path, games: dict[str, Any], tables: int, rounds: int, seed: int = 5, profile: Path | None = None
) -> list[PerClick]:
    """``profile``: a folder where the event loop's cProfile of each game's clicks is written
    (``clics-<game>.pstats``; read with ``python -m pstats``). The profiler slows the loop: a
    profiled run's CPU figures are not the bot's."""
    rng = random.Random(seed)
    database = fresh(folder / "clics.sqlite3")
    path = folder / "clics-compteurs.jsonl"
    path.unlink(missing_ok=True)
    seats = {n: seat_count(g) for n, g in games.items()}
    out: list[PerClick] = []
    requests: dict[str, Requests] = {}
    async with Emulator(rate_limit=(1000, 1.0)) as emu:
        world = build_world(emu, tables * len(games), list(games), seats)
        env = {COUNTERS_ENV: str(path)} | ({CPROFILE_ENV: str(profile)} if profile is not None else {})
        bot = BotProcess(emu, database, folder / "clics-bot.log", module=MODULE, extra_env=env)
        try:
            await bot.start()
            await emu.wait_for_command("jouer", timeout=30.0)
            # Opened a few at a time: what is measured is the clicks, not a burst of /jouer.
            await open_tables(emu, world, OPENED_AT_ONCE)
            await quiet(emu)
            for game in games:
                mine = [t for t in world if t.game == game]
                done_before = answered(mine)
                calls_before = len(emu.calls)
                before = await counters(bot, path)
                for _ in range(rounds):
                    await asyncio.gather(*(step(emu, t, rng) for t in mine))
                await quiet(emu)
                after = await counters(bot, path)
                requests[game] = requests_per_click(emu.calls[calls_before:], answered(mine) - done_before)
                if profile is not None:
                    (profile / f"loop-{len(out) + 1}.pstats").replace(profile / f"clics-{game}.pstats")
                out.append(
                    PerClick(
                        game=game,
                        seats=seats[game],
                        interactions=answered(mine) - done_before,
                        loop_cpu_s=after["loop_cpu_s"] - before["loop_cpu_s"],
                        picture_cpu_s=after["picture_cpu_s"] - before["picture_cpu_s"],
                        pictures=int(after["pictures"] - before["pictures"]),
                        legal_calls=int(after["legal_calls"] - before["legal_calls"]),
                        legal_calls_by_game=int(
                            after.get("legal_calls_by_game", 0) - before.get("legal_calls_by_game", 0)
                        ),
                    )
                )
        finally:
            await bot.stop()
        floors = {f.game: f for f in await measure_floor(Rounds(emu, folder, world, requests, rounds, rng))}
    for m in out:
        m.floor = floors.get(m.game)
    return out


def figures(
    folder: Path, games: dict[str, Any], tables: int, rounds: int, profile: Path | None = None
) -> list[Figure]:
    measured = asyncio.run(run(folder, games, tables, rounds, profile=profile))
    section = "clics"
    out: list[Figure] = []
    for m in measured:
        where = f"{m.game} ({m.interactions} interactions, {m.seats} joueurs)"
        out += [
            Figure(section, f"{where} : CPU de la boucle par clic", f"{number(m.per(m.loop_cpu_s) * 1000, 2)} ms"),
            Figure(
                section,
                f"{where} : images par clic (CPU, nombre)",
                f"{number(m.per(m.picture_cpu_s) * 1000, 2)} ms, {number(m.per(m.pictures), 2)}",
            ),
            Figure(
                section,
                f"{where} : legal_actions par clic (par joueur ; dont demandés par le jeu lui-même)",
                f"{number(m.per(m.legal_calls), 1)} ({number(m.per(m.legal_calls) / m.seats, 1)} ;"
                f" {number(m.per(m.legal_calls_by_game), 1)})",
            ),
        ]
        if m.floor is not None:
            out.append(floor_figure(section, where, m.floor.per_click(), m.per(m.loop_cpu_s)))
        if profile is not None:
            out.append(attribution_figure(section, where, [profile / f"clics-{m.game}.pstats"]))
    if measured:
        mean = sum(m.per(m.loop_cpu_s) for m in measured) / len(measured)
        out.append(Figure(section, "moyenne des jeux : CPU de la boucle par clic", f"{number(mean * 1000, 2)} ms"))
        floors = [m.floor.per_click() for m in measured if m.floor is not None]
        if len(floors) == len(measured):
            out.append(floor_figure(section, "moyenne des jeux", sum(floors) / len(floors), mean))
        if profile is not None:
            every = [profile / f"clics-{m.game}.pstats" for m in measured]
            out.append(attribution_figure(section, "tous les jeux", every))
    return out


def floor_figure(section: str, where: str, floor_s: float, bot_s: float) -> Figure:
    """The bare bot's loop CPU per click for the same requests (``bench/floor.py``), and its share
    of the counted bot's: what is left above it is Taverne's own work."""
    share = f" ({number(floor_s / bot_s * 100)} % du bot)" if bot_s else ""
    return Figure(
        section,
        f"{where} : plancher, les mêmes requêtes par un bot discord.py nu (sans le code de Taverne) :"
        " CPU de la boucle par clic",
        f"{number(floor_s * 1000, 2)} ms{share}",
    )


def attribution_figure(section: str, where: str, profiles: list[Path]) -> Figure:
    """Taverne's own share of the loop under cProfile (``bench/attribution.py``), then each
    package's: shares only, the profiler slows the loop (its CPU figures are not the bot's)."""
    found = [p for p in profiles if p.exists()]
    totals = own_time_by_package(found) if found else {}
    listed, own = shares(totals), taverne_share(totals)
    parts = ", ".join(f"{name} {number(share * 100)} %" for name, share in listed if share >= 0.01)
    return Figure(
        section,
        f"{where} : part du code de Taverne (games, bot, speech) dans la boucle, profilée (temps propre ; {parts})",
        f"{number(own * 100, 1)} %",
    )
