"""Seats the keyboard does not play: random legal play (``--auto``) and computer players (``--robot``).

A robot is a pure policy (its player's view, its legal actions, a generator) → an action, from
``games.robots``; the table only asks it, once per state, and stamps its move with the table's time
plus the reaction time the policy gives (shouts), so timestamps decide as between humans.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core import SYSTEM, TICK, Action, BaseState, Game, PlayerId

Policy = Callable[[dict[str, Any], list[Action], random.Random], Any]
LEVELS = ("debutant", "fort")
DEFAULT_LEVEL = "fort"


def robot_policy(game: str, level: str) -> Policy:
    """The policy of ``games.robots`` for this game and level (ImportError until it exists)."""
    from games import robots  # type: ignore[attr-defined,unused-ignore]

    found: Policy = robots.policy(game, level)
    return found


def as_move(choice: Any) -> tuple[Action, int] | None:
    """A policy's answer as (action, delay in ms): an Action, (Action, delay), or None to pass."""
    if choice is None:
        return None
    if isinstance(choice, Action):
        return choice, 0
    if isinstance(choice, tuple) and len(choice) == 2 and isinstance(choice[0], Action):
        return choice[0], int(choice[1])
    action = getattr(choice, "action", None)
    if isinstance(action, Action):
        return action, int(getattr(choice, "delay_ms", 0) or 0)
    raise TypeError(f"a policy answered {choice!r}")


@dataclass
class Seats:
    game: Game[Any]
    rng: random.Random
    robots: dict[PlayerId, Policy] = field(default_factory=dict)
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
        for player, policy in self.robots.items():
            actions = legal.get(player, [])
            if not actions or self.asked.get(player) == state.version:
                continue
            self.asked[player] = state.version
            move = as_move(policy(self.game.view(state, player), actions, self.rng))
            if move is not None:
                return player, move[0], now + max(0, move[1])
        deadline = self.game.deadline(state)
        moves = [(p, a) for p in self.randoms for a in legal.get(p, [])]
        if deadline is not None and not humans_can_act and (not moves or self.rng.random() < 0.35):
            return SYSTEM, Action(kind=TICK), max(now, deadline)
        if not moves:
            return None
        player, action = self.rng.choice(moves)
        at = now + self.rng.randint(0, 300)
        return player, action, min(at, deadline) if deadline is not None else at
