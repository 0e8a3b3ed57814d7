"""A table of computer players played to its end: the bench's and the tests' driver.

Each seat has a chooser; after every change of state each seat with legal actions is asked again.
Actions happen now, shouts at their window's opening plus their delay; when nothing is due before
the window's deadline, time passes to it (a ``tick``). Pure: the clock for measuring how long a
chooser takes is passed in (the bench gives ``time.process_time``); a choice that took longer than
``retime_over`` seconds is timed once more and the lower time kept (a shared machine's hiccups).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core import SYSTEM, TICK, Action, BaseState, Game, PlayerId

from .base import Decision, Shout, at_ms, robot_rng
from .windows import window_length, window_opened

# (game, state, player, legal actions, generator) -> decision
Chooser = Callable[[Game[Any], BaseState, PlayerId, list[Action], random.Random], Decision]


def robot(level: str) -> Chooser:
    """A chooser playing the robot of ``level``: it sees the player's view only."""
    from . import policy

    def choose(
        game: Game[Any], state: BaseState, player: PlayerId, legal: list[Action], rng: random.Random
    ) -> Decision:
        return policy(game.name, level)(game.view(state, player), player, legal, rng)

    return choose


def uniform(
    game: Game[Any], state: BaseState, player: PlayerId, legal: list[Action], rng: random.Random
) -> Decision:
    """Uniform random legal play: in a timed window at a uniformly random moment of it; when the
    table does not wait for this player, doing nothing is one more choice."""
    optional = player not in game.to_act(state)
    options: list[Action | None] = [*legal, None] if optional else list(legal)
    choice = rng.choice(options)
    if choice is None:
        return None
    view = game.view(state, player)
    length = window_length(game.name, view)
    if length:
        return Shout(choice, rng.randrange(length))
    return choice


@dataclass
class Result:
    state: BaseState
    moves: list[tuple[PlayerId, Action, int]] = field(default_factory=list)
    # Seconds each seat's chooser took, one entry per call (empty without a clock).
    times: dict[PlayerId, list[float]] = field(default_factory=dict)


def play_match(
    game: Game[Any],
    players: list[PlayerId],
    choosers: dict[PlayerId, Chooser],
    seed: int,
    options: dict[str, Any] | None = None,
    clock: Callable[[], float] | None = None,
    max_steps: int = 20_000,
    retime_over: float | None = None,
) -> Result:
    state, _ = game.start(players, options, seed=seed)
    now = 0
    result = Result(state, times={p: [] for p in players})
    for _ in range(max_steps):
        if state.over:
            break
        due: list[tuple[int, int, PlayerId, Action]] = []
        for seat, player in enumerate(list(state.players)):
            legal = game.legal_actions(state, player)
            if not legal:
                continue
            rng = robot_rng(seed, seat, state.turn_no)
            started = clock() if clock else 0.0
            decision = choosers[player](game, state, player, legal, rng)
            if clock:
                took = clock() - started
                if retime_over is not None and took > retime_over:
                    # A choice is pure: timed again from the same generator, it decides the same.
                    # The lower of the two times is the choice's; the other was the machine's.
                    again = clock()
                    same = choosers[player](game, state, player, legal, robot_rng(seed, seat, state.turn_no))
                    took = min(took, clock() - again)
                    assert same == decision, "a chooser decided differently from the same generator"
                result.times[player].append(took)
            if decision is None:
                continue
            if isinstance(decision, Shout):
                opened = window_opened(game.name, game.view(state, player))
                due.append((at_ms(decision, now, opened), seat, player, decision.action))
            else:
                due.append((now, seat, player, decision))
        if len(due) > 1:
            # Interjections (a Grelottine call, « Sirop Gagnant ! ») come before the awaited move.
            awaited = set(game.to_act(state))
            due.sort(key=lambda d: (d[0], d[2] in awaited, d[1]))
        deadline = game.deadline(state)
        if due and (deadline is None or due[0][0] < deadline):
            at, _, player, action = due[0]
        elif deadline is not None:
            at, player, action = max(now, deadline), SYSTEM, Action(kind=TICK)
        else:
            break  # nobody acts and no time to pass: a stuck table (the tests catch it)
        state, _ = game.apply(state, player, action, at)
        now = at
        result.moves.append((player, action, at))
    result.state = state
    return result
