"""One call for the bot and the terminal table: what a seated robot does in this state."""

from __future__ import annotations

from typing import Any

from games.core import BaseState, Game, PlayerId

from .base import Decision, robot_rng


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
