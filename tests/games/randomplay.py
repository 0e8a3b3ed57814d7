"""Random legal play for the property tests of every game.

Each step is checked: the state goes to JSON and back unchanged, and an optional ``check`` sees the
state and the events. The whole game is then replayed from the same start and the same moves, and
must end in the same state.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

from games.core import Action, BaseState, Event, Game, PlayerId
from games.core.autoplay import random_steps

# How many random games each game's property test plays; CI uses the default (it was 1000, half the
# suite's time: docs/PERFORMANCE.md, « Test suite »). Rare branches still turn up between 40 and 100
# games, so TAVERNE_RANDOM_GAMES=1000 (or more) stays the long soak to run by hand after a rules change.
RANDOM_GAMES = int(os.environ.get("TAVERNE_RANDOM_GAMES", "250"))

Check = Callable[[BaseState, BaseState, list[Event]], None]


def play_random_game(
    game: Game[Any],
    start: BaseState,
    seed: int,
    check: Check | None = None,
    max_steps: int = 20_000,
    round_trip_every: int = 1,
) -> tuple[BaseState, list[tuple[PlayerId, Action, int]]]:
    """Plays ``start`` to its end with random legal moves; returns the end state and the moves."""
    state = start
    moves: list[tuple[PlayerId, Action, int]] = []
    for n, step in enumerate(random_steps(game, start, random.Random(seed), max_steps=max_steps)):
        state = step.after
        moves.append((step.player, step.action, step.at_ms))
        if n % round_trip_every == 0:
            assert game.load(state.model_dump_json()) == state, f"JSON round trip differs at step {n}"
        if check is not None:
            check(step.before, state, step.events)
    return state, moves


def replay(game: Game[Any], start: BaseState, moves: list[tuple[PlayerId, Action, int]]) -> BaseState:
    state = start
    for player, action, at in moves:
        state, _ = game.apply(state, player, action, at)
    return state
