"""Actions that are not allowed raise, say why in French, and change nothing."""

from __future__ import annotations

import pytest

from games.cabane import GAME, CabaneState
from games.core import Action, IllegalAction

from .helpers import THROW, faces_thrown, refusal, start, throw


def refused(state: CabaneState, player: str, action: Action) -> IllegalAction:
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, player, action, 0)
    assert state.model_dump_json() == before
    return info.value


def test_throwing_out_of_turn_is_refused_and_names_the_thrower() -> None:
    state, _ = throw(start(dice="C"))
    error = refused(state, "ana", THROW)
    assert error.code == "not_your_turn"
    assert refusal(error) == "Ce n'est pas ton tour : c'est à bob de lancer."


def test_an_unknown_action_or_a_stranger_is_refused() -> None:
    state = start("deux_des")
    assert refused(state, "ana", Action(kind="relancer")).code == "unknown_action"
    assert refused(state, "zoe", THROW).code == "not_a_player"
    assert refused(state, "ana", Action(kind="tick")).code == "system_only"


def test_nothing_is_allowed_once_the_game_is_over() -> None:
    state, _ = throw(start(dice="TTT", cible=3, players=["ana", "bob"]))
    state, _ = throw(state)
    state, _ = throw(state)
    assert state.over
    assert refused(state, "ana", THROW).code == "game_over"
    assert refused(state, "bob", THROW).code == "game_over"


def test_a_refused_throw_does_not_use_a_die() -> None:
    state = start(dice="T")
    refused(state, "bob", THROW)
    state, events = throw(state)
    assert faces_thrown(events) == ["T"] and events[0].kind == "lancer"


def test_options_are_checked_at_creation() -> None:
    with pytest.raises(ValueError):
        GAME.start(["ana", "bob"], {"mode": "poker"})
    with pytest.raises(ValueError):
        GAME.start(["ana", "bob"], {"mode": "bataille", "cible": 9})
    with pytest.raises(IllegalAction) as info:
        GAME.start(["ana"], {})
    assert info.value.code == "player_count"
    state, _ = GAME.start(["ana", "bob"], {"cible": "4", "mode": "bataille"})
    assert state.options.cible == 4
