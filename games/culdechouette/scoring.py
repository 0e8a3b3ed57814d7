"""Every score change goes through here, so both score variants hold everywhere.

Each change emits one ``score`` event (player, delta, total, reason): the scores are the sum of them.
"""

from __future__ import annotations

from games.core import Event, PlayerId

from .events import Bevue, Cause, GrelottineLost, Reason, Score
from .state import BEVUE, GRELOTTINE_MINIMUM, CulState, Phase


def score_event(
    state: CulState, player: PlayerId, delta: int, reason: Reason, label: str, value: int | None = None
) -> Score:
    """``label``: a code saying more (the combination, the cause, the bird, the player at zero);
    ``value``: the die that names a combination paid (4 for a Chouette de 4)."""
    return Score(player=player, delta=delta, total=state.scores[player], reason=reason, label=label, value=value)


def change(
    state: CulState, player: PlayerId, delta: int, reason: Reason, label: str = "", value: int | None = None
) -> list[Event]:
    """Adds ``delta`` to a score as the table's variant says.

    Without negatives a score stops at zero, and a player already at zero who should lose points
    makes every other player gain them instead.
    """
    if delta == 0:
        return []
    if state.options.negatives or delta > 0:
        state.scores[player] += delta
        return [score_event(state, player, delta, reason, label, value)]
    current = state.scores[player]
    events: list[Event] = []
    if current == 0:
        for other in state.players:
            if other != player:
                state.scores[other] += -delta
                events.append(score_event(state, other, -delta, "zero", player))
        return events
    applied = max(delta, -current)
    state.scores[player] += applied
    events.append(score_event(state, player, applied, reason, label, value))
    if state.scores[player] < GRELOTTINE_MINIMUM and player in state.grelottines:
        state.grelottines.remove(player)
        events.append(GrelottineLost(player=player))
    return events


def bevue(state: CulState, player: PlayerId, cause: Cause) -> list[Event]:
    """−10 for a mistake the text names (a wrong announcement, a throw out of turn...)."""
    return [
        Bevue(player=player, cause=cause),
        *change(state, player, -BEVUE, "bevue", cause),
    ]


def set_phase(state: CulState, phase: Phase, deadline_ms: int | None = None) -> None:
    """A new phase changes what the buttons mean: bump ``turn_no`` so older clicks are stale."""
    state.phase = phase
    state.deadline_ms = deadline_ms
    state.turn_no += 1


def grelottine_minimum(state: CulState) -> int:
    """The lowest score that may call or be called to a Grelottine challenge."""
    return 1 if state.options.negatives else GRELOTTINE_MINIMUM
