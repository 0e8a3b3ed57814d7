"""One call for the bot and the terminal table: what a seated robot does in this state."""

from __future__ import annotations

from typing import Any

from games.core import Action, BaseState, Game, PlayerId

from .base import Decision, Shout, at_ms, robot_rng
from .windows import window_opened


def decide(game: Game[Any], state: BaseState, player: PlayerId, level: str, seed: int) -> Decision:
    """The decision of the robot seated as ``player`` at a table created with ``seed``.

    Only the player's view goes to the policy; its generator comes from the seed, the seat and
    ``turn_no``, so the same state gives the same decision (a restart included).
    """
    from . import policy

    legal = game.legal_actions(state, player)
    if not legal:
        return None
    seat = state.players.index(player) if player in state.players else player
    rng = robot_rng(seed, seat, state.turn_no)
    return policy(game.name, level)(game.view(state, player), player, legal, rng)


def next_move(
    game: Game[Any], state: BaseState, player: PlayerId, level: str, seed: int, now_ms: int
) -> tuple[Action, int] | None:
    """What the robot seated as ``player`` plays and when (ms), or None: nothing for now.

    An action is due at ``now_ms``; a shout at its window's opening plus the robot's reaction time
    (never before ``now_ms``). The caller plays it when that time comes, unless the state changed
    first: then it asks again (the same window gives the same reaction time).
    """
    decision = decide(game, state, player, level, seed)
    if decision is None:
        return None
    action = decision.action if isinstance(decision, Shout) else decision
    opened = window_opened(game.name, game.view(state, player))
    return action, at_ms(decision, now_ms, opened)
