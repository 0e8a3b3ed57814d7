"""What every robot shares: the decision it returns, its generator, the policy signature.

A policy is pure: it is given what its player may see (``view(state, player)``, never the state),
who that player is, the player's legal actions and a ``random.Random``, and returns a decision.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from games.core import Action, PlayerId

Level = Literal["debutant", "fort"]
LEVELS: tuple[Level, ...] = ("debutant", "fort")


@dataclass(frozen=True)
class Shout:
    """An action for a timed window, played ``delay_ms`` after the window opened.

    The caller stamps it ``opened_ms + delay_ms`` (the robot's reaction time) and plays it when
    that time comes, so timestamps decide between robots and humans as between humans.
    """

    action: Action
    delay_ms: int


# An action to play now, a shout to play at the window's opening plus its delay, or None: the robot
# does nothing now (it is not awaited, or it forgets). Ask again after the next change of state.
Decision = Action | Shout | None

View = dict[str, Any]
Policy = Callable[[View, PlayerId, list[Action], random.Random], Decision]


def robot_rng(seed: int, seat: int | str, step: int = 0) -> random.Random:
    """The robot's generator, derived from the table's seed apart from the dice's.

    ``seat`` is the robot's seat (or player id), ``step`` what the decision is about: pass the
    state's ``turn_no`` and the same state always gives the same decision, after a restart too, and
    a robot asked twice within one window answers the same (its reaction time does not change
    because someone else shouted). BLAKE2b, not ``hash()``: stable across processes.
    """
    digest = hashlib.blake2b(f"{seed}:robot:{seat}:{step}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def at_ms(decision: Action | Shout, now_ms: int, opened_ms: int | None) -> int:
    """When a decision is to be played: now for an action, the window's opening plus the delay
    for a shout (never before now)."""
    if isinstance(decision, Shout):
        base = now_ms if opened_ms is None else opened_ms
        return max(now_ms, base + decision.delay_ms)
    return now_ms


def first(legal: list[Action], *kinds: str) -> Action | None:
    """The first legal action of one of ``kinds`` (in the order of ``kinds``)."""
    for kind in kinds:
        for action in legal:
            if action.kind == kind:
                return action
    return None
