"""Random legal play: the local runner's ``--auto``, a computer player, and the property tests.

The generator is passed in (never the global one) so a run is reproducible from its seed.
"""

from __future__ import annotations

import random
from typing import Any

from .game import TICK, Game
from .model import SYSTEM, Action, BaseState, Event, PlayerId


def choose(
    game: Game[Any], state: BaseState, rng: random.Random, now_ms: int
) -> tuple[PlayerId, Action, int] | None:
    """A random legal move and the time it happens at, or None when nothing can happen."""
    moves: list[tuple[PlayerId, Action]] = [
        (p, a) for p in state.players for a in game.legal_actions(state, p)
    ]
    deadline = game.deadline(state)
    if deadline is not None and (not moves or rng.random() < 0.35):
        return SYSTEM, Action(kind=TICK), max(now_ms, deadline)
    if not moves:
        return None
    player, action = rng.choice(moves)
    at = now_ms + rng.randint(0, 300)
    if deadline is not None:
        at = min(at, deadline)
    return player, action, at


def play_out(
    game: Game[Any],
    state: BaseState,
    rng: random.Random,
    now_ms: int = 0,
    max_steps: int = 20_000,
) -> tuple[BaseState, list[tuple[PlayerId, Action, int, list[Event]]]]:
    """Play random legal moves until the game is over (or nothing can happen, or max_steps)."""
    log: list[tuple[PlayerId, Action, int, list[Event]]] = []
    for _ in range(max_steps):
        if state.over:
            break
        move = choose(game, state, rng, now_ms)
        if move is None:
            break
        player, action, now_ms = move
        state, events = game.apply(state, player, action, now_ms)
        log.append((player, action, now_ms, events))
    return state, log
