"""Random legal play: the terminal table's ``--auto``, the property tests, the bench.

The generator is passed in (never the global one) so a run is reproducible from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .game import TICK, Game
from .model import SYSTEM, Action, BaseState, Event, PlayerId


def choose(
    game: Game[Any],
    state: BaseState,
    rng: random.Random,
    now_ms: int,
    players: list[PlayerId] | None = None,
    moves: list[tuple[PlayerId, Action]] | None = None,
) -> tuple[PlayerId, Action, int] | None:
    """A random legal move and the time it happens at, or None when nothing can happen.

    ``players``: the seats played at random (all by default; the terminal table leaves robots out).
    ``moves``: those seats' legal moves in seat order, when the caller has them already (the
    property tests do; ``legal_actions`` is the cost of a step).
    """
    if moves is None:
        seats = state.players if players is None else [p for p in state.players if p in players]
        moves = [(p, a) for p in seats for a in game.legal_actions(state, p)]
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


@dataclass(frozen=True)
class Step:
    """One random move: the state before it, who did what when, the state after and the events."""

    before: BaseState
    player: PlayerId
    action: Action
    at_ms: int
    after: BaseState
    events: list[Event]


def random_steps(
    game: Game[Any],
    state: BaseState,
    rng: random.Random,
    now_ms: int = 0,
    max_steps: int = 20_000,
) -> Iterator[Step]:
    """Random legal moves, applied one after another, until the game is over (or nothing can
    happen, or ``max_steps``)."""
    for _ in range(max_steps):
        if state.over:
            return
        move = choose(game, state, rng, now_ms)
        if move is None:
            return
        player, action, now_ms = move
        after, events = game.apply(state, player, action, now_ms)
        yield Step(state, player, action, now_ms, after, events)
        state = after


def play_out(
    game: Game[Any],
    state: BaseState,
    rng: random.Random,
    now_ms: int = 0,
    max_steps: int = 20_000,
) -> tuple[BaseState, list[tuple[PlayerId, Action, int, list[Event]]]]:
    """Play random legal moves until the game is over (or nothing can happen, or max_steps)."""
    log: list[tuple[PlayerId, Action, int, list[Event]]] = []
    for step in random_steps(game, state, rng, now_ms, max_steps):
        state = step.after
        log.append((step.player, step.action, step.at_ms, step.events))
    return state, log
