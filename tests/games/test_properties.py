"""Properties every game keeps, searched by hypothesis (which shrinks a failure to a short game).

Hypothesis chooses the table size, the seed and every move among the legal ones (or lets time pass
when a window is open). At each step: every move the game offers is accepted; the state survives
JSON; the game replays exactly from its start and its moves.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import available
from games.core import SYSTEM, TICK, Action, BaseState, Game, PlayerId

GAMES = available()
STEPS = 80


def offered(game: Game[Any], state: BaseState) -> list[tuple[PlayerId, Action]]:
    moves = [(p, a) for p in state.players for a in game.legal_actions(state, p)]
    if game.deadline(state) is not None:
        moves.append((SYSTEM, Action(kind=TICK)))
    return moves


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_offered_move_is_accepted_and_the_game_replays(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    seats = data.draw(st.integers(game.min_players, min(game.max_players, 5)), label="joueurs")
    seed = data.draw(st.integers(0, 2**31 - 1), label="graine")
    players = [f"j{i}" for i in range(seats)]
    start, _ = game.start(players, {}, seed=seed)
    state, now, log = start, 0, []
    for _ in range(STEPS):
        moves = offered(game, state)
        if state.over or not moves:
            break
        player, action = moves[data.draw(st.integers(0, len(moves) - 1), label="coup")]
        deadline = game.deadline(state)
        now = max(now, deadline) if player == SYSTEM and deadline is not None else now + 50
        if deadline is not None and player != SYSTEM:
            now = min(now, deadline - 1)
        state, _ = game.apply(state, player, action, now)  # an offered move never raises
        log.append((player, action, now))
        assert game.load(state.model_dump_json()) == state
    replayed = start
    for player, action, at in log:
        replayed, _ = game.apply(replayed, player, action, at)
    assert replayed == state
