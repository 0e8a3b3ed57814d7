"""A throw that leaves a single legal move: the table plays it for the player and says so.

The rules never do it themselves (``apply`` stays action by action, so replays are exact); the
table does, like the bot. The game contract's ``forced_action(state)`` comes first where a game
has one; otherwise this module's reading: right after a throw, one player may act and has one legal
action, which is not itself a throw, and no window is open.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, BaseState, Game, PlayerId

THROWS = {"lancer", "tout_relancer", "reprendre", "relancer", "siroter"}


def forced_action(
    game: Game[Any], state: BaseState, legal: dict[PlayerId, list[Action]], last_kind: str | None
) -> tuple[PlayerId, Action] | None:
    decide = getattr(game, "forced_action", None)
    found = decide(state) if callable(decide) else None
    if found is not None:
        player, action = found
        return str(player), action
    if state.over or last_kind not in THROWS or game.deadline(state) is not None:
        return None
    acting = [(p, actions) for p, actions in legal.items() if actions]
    if len(acting) != 1 or len(acting[0][1]) != 1:
        return None
    player, (action,) = acting[0]
    return (player, action) if action.kind not in THROWS else None
