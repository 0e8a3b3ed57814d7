"""Seats the keyboard does not play: random legal play (``--auto``) and computer players (``--robot``).

A robot is a pure policy from ``games.robots`` over its player's view; the table asks it once per
state what it plays and when (a shout: the window's opening plus its reaction time), and plays it
when that time comes unless the state changed first, so timestamps decide as between humans.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core import SYSTEM, TICK, Action, BaseState, Game, PlayerId

# A robot seated at this table: (state, now) -> (action, when in ms), or None: nothing for now.
RobotMove = Callable[[BaseState, int], "tuple[Action, int] | None"]
LEVELS = ("debutant", "fort")
DEFAULT_LEVEL = "fort"


def robot(game: Game[Any], player: PlayerId, level: str, seed: int) -> RobotMove:
    """The computer player of ``games.robots`` for this seat (ImportError until that package exists).

    It sees only ``view(state, player)``; its generator comes from the table's seed, apart from the
    dice's, so a table with robots replays exactly.
    """
    from games.robots import next_move  # type: ignore[import-not-found,unused-ignore]

    def move(state: BaseState, now: int) -> tuple[Action, int] | None:
        found: tuple[Action, int] | None = next_move(game, state, player, level, seed, now)
        return found

    return move


@dataclass
class Seats:
    game: Game[Any]
    rng: random.Random
    robots: dict[PlayerId, RobotMove] = field(default_factory=dict)
    randoms: list[PlayerId] = field(default_factory=list)
    # The state version each robot was last asked at: a robot that passed is not asked again
    # until something happens.
    asked: dict[PlayerId, int] = field(default_factory=dict)

    def automatic(self, player: PlayerId) -> bool:
        return player in self.robots or player in self.randoms

    def move(
        self, state: BaseState, legal: dict[PlayerId, list[Action]], now: int, humans_can_act: bool
    ) -> tuple[PlayerId, Action, int] | None:
        """The next automatic move and its time, or None when the keyboard (or nobody) is awaited."""
        for player, robot_move in self.robots.items():
            if not legal.get(player) or self.asked.get(player) == state.version:
                continue
            self.asked[player] = state.version
            move = robot_move(state, now)
            if move is not None:
                return player, move[0], max(now, move[1])
        deadline = self.game.deadline(state)
        moves = [(p, a) for p in self.randoms for a in legal.get(p, [])]
        if deadline is not None and not humans_can_act and (not moves or self.rng.random() < 0.35):
            return SYSTEM, Action(kind=TICK), max(now, deadline)
        if not moves:
            return None
        player, action = self.rng.choice(moves)
        at = now + self.rng.randint(0, 300)
        return player, action, min(at, deadline) if deadline is not None else at
