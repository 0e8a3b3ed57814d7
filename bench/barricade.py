"""Barricade's board, measured: is every seat's share of wins fair at each table size, and how long
is a game?

For each table size 2 to 6 and each policy (« distance », « hasard »), seeded games are played with
the same policy in every seat, through the engine's own ``apply``. A seat is a place at the table
(the order players sat down in, which gives the tent); who throws first is settled by the dice, as
in a real game. Each seat's win share is printed with its 95 % interval (Wilson), against the fair
share 1/n ± 5 points, and the median game length in turns per player (a turn: one player's throw,
with the extra throw of a six). Games are shared between two worker processes.
"""

from __future__ import annotations

import contextlib
import math
import random
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from games.barricade import GAME
from games.barricade.policies import Policy, distance_policy, random_policy

from .table import Figure, number

POLICIES: dict[str, Policy] = {"distance": distance_policy, "hasard": random_policy}
SIZES = (2, 3, 4, 5, 6)
# Points a seat's share may stray from 1/n before the board is called unfair.
TOLERANCE = 0.05
# The shorter game aimed at: median turns per player, two players, distance policy.
TARGET_TURNS = 100
# Far beyond any finished game; a game still running then is counted as unfinished.
MAX_ACTIONS = 200_000
WORKERS = 2
CHUNK = 25


@dataclass
class Game:
    winner: int | None
    turns_per_player: float


@dataclass
class Tally:
    policy: str
    players: int
    wins: list[int]
    turns: list[float] = field(default_factory=list)
    unfinished: int = 0

    @property
    def played(self) -> int:
        return len(self.turns) + self.unfinished

    @property
    def finished(self) -> int:
        return len(self.turns)

    def share(self, seat: int) -> float:
        return self.wins[seat] / self.finished if self.finished else 0.0

    def interval(self, seat: int) -> tuple[float, float]:
        return wilson(self.wins[seat], self.finished)

    def fair(self, seat: int) -> bool:
        return abs(self.share(seat) - 1 / self.players) <= TOLERANCE

    @property
    def median_turns(self) -> float:
        return statistics.median(self.turns) if self.turns else math.nan


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % score interval of a proportion (sound near 0 and 1, unlike p ± 1.96 σ)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def seed_of(players: int, index: int) -> int:
    """The seed of game ``index`` at a table of ``players``; both policies play the same seeds."""
    return 1_000_003 * players + index


def play(policy: Policy, players: int, seed: int) -> Game:
    """One game, the same policy in every seat; the winner's seat (None if it never ended)."""
    seats = [f"siege{i}" for i in range(players)]
    state, _ = GAME.start(seats, seed=seed)
    rng = random.Random(seed)
    turns = 1
    for _ in range(MAX_ACTIONS):
        if state.over:
            break
        player = state.turn_player
        assert player is not None
        action = policy(state, player, GAME.legal_actions(state, player), rng)
        state, events = GAME.apply(state, player, action, 0)
        turns += sum(1 for e in events if e.kind == "tour")
    winner = seats.index(state.winners[0]) if state.over and state.winners else None
    return Game(winner, turns / players)


def _play_chunk(task: tuple[str, int, Sequence[int]]) -> list[Game]:
    name, players, seeds = task
    return [play(POLICIES[name], players, seed) for seed in seeds]


def measure(
    games: int,
    sizes: Sequence[int] = SIZES,
    workers: int = WORKERS,
    progress: Callable[[str], None] | None = None,
) -> list[Tally]:
    """``games`` seeded games per table size and policy; ``progress`` hears each one finished."""
    tasks: list[tuple[str, int, Sequence[int]]] = []
    for name in POLICIES:
        for players in sizes:
            seeds = [seed_of(players, i) for i in range(games)]
            tasks += [(name, players, seeds[i : i + CHUNK]) for i in range(0, games, CHUNK)]
    tallies = {(name, n): Tally(name, n, [0] * n) for name in POLICIES for n in sizes}
    started = time.perf_counter()
    with contextlib.ExitStack() as stack:
        if workers > 1:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=workers))
            results: Iterable[list[Game]] = pool.map(_play_chunk, tasks)
        else:
            results = map(_play_chunk, tasks)
        for (name, players, _), played in zip(tasks, results, strict=True):
            tally = tallies[(name, players)]
            for game in played:
                if game.winner is None:
                    tally.unfinished += 1
                    continue
                tally.wins[game.winner] += 1
                tally.turns.append(game.turns_per_player)
            if progress is not None and tally.played == games:
                progress(f"  {name}, {players} joueurs : {games} parties ({time.perf_counter() - started:.0f} s)")
    return list(tallies.values())


def percent(value: float) -> str:
    return f"{number(100 * value, 1)} %"


def figures(
    games: int,
    sizes: Sequence[int] = SIZES,
    workers: int = WORKERS,
    progress: Callable[[str], None] | None = None,
) -> list[Figure]:
    out: list[Figure] = []
    for tally in measure(games, sizes, workers, progress):
        head = f"{tally.policy}, {tally.players} joueurs"
        fair = 1 / tally.players
        target = f"{percent(fair)} ± 5 pts"
        for seat in range(tally.players):
            low, high = tally.interval(seat)
            value = f"{percent(tally.share(seat))} [{percent(low)} ; {percent(high)}]"
            out.append(Figure("barricade", f"{head} : victoires du siège {seat + 1}", value, target, tally.fair(seat)))
        note = f", {tally.unfinished} non finies" if tally.unfinished else ""
        what = f"{head} : tours par joueur, médiane ({tally.finished} parties{note})"
        median = number(tally.median_turns, 1)
        if tally.policy == "distance" and tally.players == 2:
            met = tally.median_turns < TARGET_TURNS
            out.append(Figure("barricade", what, median, f"< {TARGET_TURNS}", met))
        else:
            out.append(Figure("barricade", what, median))
    return out
