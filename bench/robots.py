"""``python -m bench --only robots``: how strong the computer players are, and how fast they choose.

For each game, seeded heads-up games per pairing with the seats alternated: the strong robot
against uniform random legal play (which shouts at a uniformly random moment of each window), and
the strong robot against the beginner. Win shares come with their 95 % Wilson interval; the time a
robot takes to choose is CPU time (``time.process_time``), so the other processes on a shared
machine do not inflate it; a choice over 10 ms is timed again from the same generator and the lower
time kept (the same choice, re-run, takes a millisecond: the first was the machine's hiccup). Two
worker processes at most.
"""

from __future__ import annotations

import gc
import math
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from games import available
from games.core import BaseState, Game, PlayerId
from games.robots.match import Chooser, play_match, robot, uniform

from .table import Figure, number

GAMES = ("ludicitude", "barricade", "chevre", "culdechouette", "cabane")
PAIRINGS = ("hasard", "debutant")
# The strong robot's win share each pairing must reach (Cabane is pure chance: no target).
TARGETS: dict[tuple[str, str], float] = {
    ("ludicitude", "hasard"): 0.75,
    ("barricade", "hasard"): 0.75,
    ("chevre", "hasard"): 0.70,
    ("culdechouette", "hasard"): 0.65,
    ("ludicitude", "debutant"): 0.60,
    ("barricade", "debutant"): 0.60,
    ("chevre", "debutant"): 0.60,
    ("culdechouette", "debutant"): 0.60,
}
CHOICE_LIMIT_S = 0.020
WORKERS = 2
# Seeds per job.
BATCH = 25
STRONG, OTHER = "fort", "autre"


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0  # a shared win counts one half
    unfinished: int = 0
    # CPU seconds of every choice, by level
    times: dict[str, list[float]] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.unfinished += other.unfinished
        for level, values in other.times.items():
            self.times.setdefault(level, []).extend(values)


def strong_won(game: str, state: BaseState) -> float:
    """1 when the strong robot won, 0 when it lost, 1/2 for a shared win. Chèvre: not the chèvre."""
    if game == "chevre":
        chevres: list[PlayerId] = getattr(state, "chevres", [])
        if not chevres:
            return 0.5
        return 0.0 if STRONG in chevres else 1.0 if len(chevres) == 1 else 0.5
    if STRONG not in state.winners:
        return 0.0
    return 1.0 / len(state.winners)


def play_batch(game_name: str, pairing: str, seeds: list[int]) -> Tally:
    game = available()[game_name]
    other: Chooser = uniform if pairing == "hasard" else robot("debutant")
    tally = Tally(times={"fort": [], "debutant": []})
    # The collector runs between games, not inside a timed choice: its pauses belong to the
    # process hosting the robots (the bot's own figures count them), not to the robot's choice.
    gc.disable()
    try:
        for seed in seeds:
            play_one(game, game_name, pairing, other, seed, tally)
            gc.collect()
    finally:
        gc.enable()
    return tally


def play_one(game: Game[Any], game_name: str, pairing: str, other: Chooser, seed: int, tally: Tally) -> None:
    """One game of the pairing, counted into ``tally``."""
    # Seats alternated: the strong robot opens the even seeds.
    players = [STRONG, OTHER] if seed % 2 == 0 else [OTHER, STRONG]
    result = play_match(
        game,
        players,
        {STRONG: robot("fort"), OTHER: other},
        seed=seed,
        clock=time.process_time,
        retime_over=CHOICE_LIMIT_S / 2,
    )
    tally.games += 1
    if not result.state.over:
        tally.unfinished += 1
        return
    tally.wins += strong_won(game_name, result.state)
    tally.times["fort"] += result.times[STRONG]
    if pairing == "debutant":
        tally.times["debutant"] += result.times[OTHER]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percent(x: float) -> str:
    return f"{number(100 * x, 1)} %"


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)] if ordered else 0.0


def chunks(seeds: list[int], parts: int) -> Iterable[list[int]]:
    size = max(1, math.ceil(len(seeds) / parts))
    for i in range(0, len(seeds), size):
        yield seeds[i : i + size]


def figures(games: Iterable[str], count: int, workers: int = WORKERS, first_seed: int = 0) -> list[Figure]:
    wanted = [g for g in GAMES if g in set(games)]
    seeds = list(range(first_seed, first_seed + count))
    # Batches of 25 seeds, both pairings side by side: each finished batch is told on stderr, so a
    # long run interrupted still leaves its figures so far.
    batches = list(chunks(seeds, max(1, math.ceil(count / BATCH))))
    jobs = [(g, pairing, batch) for g in wanted for batch in batches for pairing in PAIRINGS]
    tallies: dict[tuple[str, str], Tally] = {}
    with ProcessPoolExecutor(max_workers=max(1, min(workers, WORKERS))) as pool:
        futures = {
            pool.submit(play_batch, g, pairing, batch): (g, pairing, batch) for g, pairing, batch in jobs
        }
        for future in as_completed(futures):
            g, pairing, batch = futures[future]
            tally = future.result()
            tallies.setdefault((g, pairing), Tally()).add(tally)
            strong_times = tally.times.get("fort", [])
            print(
                f"  robots {g} {pairing} graines {batch[0]}-{batch[-1]} : {tally.wins:g}/{tally.games} "
                f"gagnées par le fort, choix fort max {max(strong_times, default=0) * 1000:.1f} ms",
                file=sys.stderr,
                flush=True,
            )
    out: list[Figure] = []
    for g in wanted:
        times: dict[str, list[float]] = {}
        for pairing in PAIRINGS:
            tally = tallies[(g, pairing)]
            share = tally.wins / tally.games if tally.games else 0.0
            low, high = wilson(tally.wins, tally.games)
            against = "hasard" if pairing == "hasard" else "débutant"
            value = f"{percent(share)} [{percent(low)} – {percent(high)}]"
            if tally.unfinished:
                value += f", {tally.unfinished} inachevées"
            target = TARGETS.get((g, pairing))
            out.append(
                Figure(
                    section="robots",
                    what=f"{g} : fort contre {against}, part gagnée ({tally.games} parties, IC 95 %)",
                    value=value,
                    target="" if target is None else f"≥ {number(100 * target)} %",
                    met=None if target is None else share >= target and not tally.unfinished,
                )
            )
            for level, values in tally.times.items():
                times.setdefault(level, []).extend(values)
        for level in ("fort", "debutant"):
            values = times.get(level, [])
            if not values:
                continue
            worst = max(values)
            out.append(
                Figure(
                    section="robots",
                    what=f"{g} : temps de choix {level}, max / p99 ({len(values)} choix, CPU)",
                    value=f"{number(worst * 1000, 1)} / {number(p99(values) * 1000, 2)} ms",
                    target="< 20 ms",
                    met=worst < CHOICE_LIMIT_S,
                )
            )
    return out
