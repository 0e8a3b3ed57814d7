"""Rules speed, engine only, one core: actions (throws, moves, shouts) per second counting only the
time spent in ``apply``, and whole random games per second counting everything (choosing the move
among the legal ones included, as a game needs it)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from games.core import Game
from games.core.autoplay import choose

from .table import Figure, number

MAX_STEPS = 20_000


@dataclass
class RulesFigures:
    game: str
    actions: int
    apply_s: float
    played: int
    finished: int
    elapsed_s: float

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.apply_s if self.apply_s else 0.0

    @property
    def games_per_s(self) -> float:
        return self.played / self.elapsed_s if self.elapsed_s else 0.0


def seat_count(game: Game[Any], wanted: int = 3) -> int:
    return max(game.min_players, min(wanted, game.max_players))


def measure(game: Game[Any], seconds: float = 2.0, players: int = 3, seed: int = 1) -> RulesFigures:
    """Random games one after another for ``seconds`` (at least one whole game)."""
    names = [f"j{i}" for i in range(seat_count(game, players))]
    rng = random.Random(seed)
    clock = time.perf_counter
    actions = played = finished = 0
    apply_s = 0.0
    start = clock()
    while played == 0 or clock() - start < seconds:
        state, _ = game.start(names, {}, seed=rng.randrange(2**31))
        now = 0
        for _ in range(MAX_STEPS):
            if state.over:
                break
            move = choose(game, state, rng, now)
            if move is None:
                break
            player, action, now = move
            before = clock()
            state, _ = game.apply(state, player, action, now)
            apply_s += clock() - before
            actions += 1
        played += 1
        finished += int(state.over)
    return RulesFigures(game.name, actions, apply_s, played, finished, clock() - start)


def figures(games: dict[str, Game[Any]], seconds: float) -> list[Figure]:
    out: list[Figure] = []
    for name, game in games.items():
        result = measure(game, seconds)
        out.append(Figure("règles", f"{name} : actions/s (apply seul)", number(result.actions_per_s)))
        unfinished = result.played - result.finished
        note = f" ({unfinished} non finies)" if unfinished else ""
        out.append(Figure("règles", f"{name} : parties aléatoires/s{note}", number(result.games_per_s, 1)))
    return out
