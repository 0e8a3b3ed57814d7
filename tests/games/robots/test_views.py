"""Robots see what their player may see and nothing else: the Chèvre hands prove it."""

from __future__ import annotations

import pytest

from games.chevre import GAME
from games.chevre.state import ChevreState
from games.robots import policy, robot_rng
from games.robots.match import play_match, uniform

PLAYERS = ["ana", "bob", "cid"]


def midgame(seed: int, steps: int) -> ChevreState:
    state = play_match(GAME, PLAYERS, dict.fromkeys(PLAYERS, uniform), seed=seed, max_steps=steps).state
    assert isinstance(state, ChevreState) and not state.over
    return state


def shuffled_elsewhere(state: ChevreState, me: str, seed: int) -> ChevreState:
    """The same table for ``me``, the other hands and the bazar dealt again from their tiles."""
    others = [p for p in state.players if p != me]
    pool = [t for p in others for t in state.hands[p]] + list(state.bazar)
    pool = pool[seed % len(pool) :] + pool[: seed % len(pool)]
    pool.reverse()
    hands = dict(state.hands)
    for p in others:
        size = len(state.hands[p])
        hands[p], pool = pool[:size], pool[size:]
    out = state.model_copy(deep=True, update={"hands": hands, "bazar": pool})
    assert out.hands[me] == state.hands[me] and out.hands != state.hands
    return out


@pytest.mark.parametrize("level", ["fort", "debutant"])
@pytest.mark.parametrize("seed", range(6))
def test_a_chevre_robot_chooses_the_same_whatever_the_others_hold(level: str, seed: int) -> None:
    state = midgame(seed, 3 + 2 * seed)
    me = state.turn_player()
    choose = policy("chevre", level)
    legal = GAME.legal_actions(state, me)
    decision = choose(GAME.view(state, me), me, legal, robot_rng(seed, me, state.turn_no))
    for variant in range(3):
        other = shuffled_elsewhere(state, me, variant + 1)
        assert GAME.view(other, me) == GAME.view(state, me)
        again = choose(
            GAME.view(other, me), me, GAME.legal_actions(other, me), robot_rng(seed, me, state.turn_no)
        )
        assert again == decision


def test_the_view_a_chevre_robot_gets_holds_no_other_hand() -> None:
    state = midgame(2, 5)
    me = state.turn_player()
    view = GAME.view(state, me)
    text = repr(view)
    assert view["hand"] == sorted(state.hands[me], key=lambda t: tuple(map(int, t.split("-"))))
    assert "hands" not in view and isinstance(view["bazar"], int)
    # Tiles are written « a-b » only in one's own hand (the chain holds pairs of numbers).
    others = [t for p in state.players if p != me for t in state.hands[p]]
    assert others and all(f"'{t}'" not in text for t in others)
