"""Le jeu à 2 dés, third phase « La Bataille »: the one-die rules, won by two points ahead."""

from __future__ import annotations

from games.cabane import CabaneState

from .helpers import kinds, start, throw, throws


def bataille(dice: str, players: list[str] | None = None) -> CabaneState:
    """Nobody raises the second cabin (every coup is a D), then the given throws are loaded."""
    players = players or ["ana", "bob"]
    state = start("deux_des", "TF" + "D" * 10 * len(players) + " " + dice, players)
    state, _ = throws(state, 1 + 10 * len(players))
    assert state.phase == "bataille" and state.current == "ana"
    return state


def test_the_scorer_plays_again_in_the_bataille() -> None:
    state, events = throw(bataille("T"))
    assert state.scores["ana"] == 1 and state.current == "ana" and state.phase == "bataille"
    assert kinds(events) == ["lancer", "point", "rejoue"] and state.round == 1


def test_two_points_ahead_wins_the_bataille() -> None:
    state, _ = throws(bataille("T F F"), 3)
    assert state.over and state.winners == ["ana"] and state.scores == {"ana": 2, "bob": 0}


def test_the_bataille_of_the_two_dice_game_has_no_target() -> None:
    state = bataille("T", players=["ana", "bob", "cid"])
    state = state.model_copy(update={"scores": {"ana": 5, "bob": 5, "cid": 0}})
    state, _ = throw(state)
    assert not state.over and state.scores["ana"] == 6


def test_cabane_blanc_and_the_chain_work_as_in_the_one_die_game() -> None:
    state, events = throws(bataille("C B D C", players=["ana", "bob", "cid"]), 3)
    assert state.current == "bob" and state.throws_left == 1
    state, events = throw(state)
    assert kinds(events) == ["lancer", "cabane_annule", "tour"]
    assert state.current == "cid" and state.throws_left == 2 and state.after_cabane


def test_a_point_in_the_bataille_does_not_reach_lead_three_needed_before() -> None:
    # leaving the first phase, two ahead is what counts: ana's 2 points at the bataille win at once
    state, _ = throws(bataille("T T", players=["ana", "bob", "cid"]), 2)
    assert state.over and state.winners == ["ana"]
