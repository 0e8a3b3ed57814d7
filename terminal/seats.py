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

from games.core import SYSTEM, Action, BaseState, Game, PlayerId
from games.core.autoplay import choose

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
    # Each automatic seat's answer for the state version it was given: asked once per state, so a
    # table that waits (at a terminal) does not draw again, and a robot that passed is not asked
    # again until something happens.
    answers: dict[PlayerId, tuple[int, tuple[PlayerId, Action, int] | None]] = field(default_factory=dict)

    def _answer(self, key: PlayerId, version: int, ask: Callable[[], tuple[PlayerId, Action, int] | None]) -> (
        tuple[PlayerId, Action, int] | None
    ):
        cached = self.answers.get(key)
        if cached is None or cached[0] != version:
            cached = self.answers[key] = (version, ask())
        return cached[1]

    def move(
        self, state: BaseState, legal: dict[PlayerId, list[Action]], now: int, humans_can_act: bool
    ) -> tuple[PlayerId, Action, int] | None:
        """The earliest automatic move and its time, or None when the keyboard (or nobody) is awaited.

        A window's closing competes like a move: the table passes time in at the deadline when no
        human may act and the random seats choose to wait (or have nothing to do).
        """
        candidates: list[tuple[PlayerId, Action, int]] = []
        for player, robot_move in self.robots.items():
            if not legal.get(player):
                continue

            def ask(player: PlayerId = player, robot_move: RobotMove = robot_move) -> (
                tuple[PlayerId, Action, int] | None
            ):
                found = robot_move(state, now)
                return None if found is None else (player, found[0], max(now, found[1]))

            answer = self._answer(player, state.version, ask)
            if answer is not None:
                candidates.append(answer)
        randomly = self._answer(SYSTEM, state.version, lambda: self._random(state, now, humans_can_act))
        if randomly is not None:
            candidates.append(randomly)
        return min(candidates, key=lambda move: move[2]) if candidates else None

    def refused(self, player: PlayerId, version: int) -> None:
        """An automatic move the game refused is not offered again in the same state."""
        self.answers[player if player in self.robots else SYSTEM] = (version, None)

    def _random(self, state: BaseState, now: int, humans_can_act: bool) -> tuple[PlayerId, Action, int] | None:
        if not self.randoms or humans_can_act:
            return None
        return choose(self.game, state, self.rng, now, self.randoms)
