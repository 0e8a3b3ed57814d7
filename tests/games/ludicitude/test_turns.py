"""Scenarios with loaded dice, one rule at a time, as a player at the table would see them."""

from __future__ import annotations

import pytest

from games.core import Action, IllegalAction
from games.ludicitude import GAME, turn_points, value_left
from games.ludicitude.events import Carrots, Lost, Remembered, Scored, SetAside, Thrown

from .helpers import act, event, every_die_aside, kinds, start, words


def test_the_worked_example_scores_thirteen_times_three() -> None:
    state = start([1, 1, 2, 2, 4, 6, 6, 1, 3, 6])
    assert GAME.legal_actions(state, "ana") == [Action(kind="tout_relancer")]
    state, events = act(state, "ana", "tout_relancer")
    assert event(events, Thrown).faces == [1, 1, 2, 2, 4, 6, 6]
    # the two 1s are stacked, one 2 is a double rabbit, the other the clapier pour 2
    state, events = act(state, "ana", "ecarter", lapins=2, doubles=1, clapier=2)
    assert event(events, SetAside).points == 24 and state.table == [4, 6, 6]
    state, _ = act(state, "ana", "relancer")
    state, _ = act(state, "ana", "ecarter", lapins=1, clapier=3)
    assert turn_points(state) == 39
    state, events = act(state, "ana", "arreter")
    assert event(events, Scored).points == 39
    assert words(events[0]) == "ana s'arrête : 39 points (13 × 3). Total : 39."
    assert GAME.scores(state) == {"ana": 39, "bob": 0}
    assert state.players[state.current] == "bob"


def test_a_throw_without_rabbit_loses_every_point_of_the_turn() -> None:
    state = start([1, 1, 1, 3, 4, 6, 6, 3, 4, 6, 5])
    state, _ = act(state, "ana", "tout_relancer")
    state, _ = act(state, "ana", "ecarter", lapins=3)
    assert turn_points(state) == 11
    state, events = act(state, "ana", "relancer")
    assert kinds(events) == ["lancer", "perdu", "tour"]
    assert event(events, Lost).points == 11
    assert words(events[1]) == "Aucun lapin ! ana perd les 11 points du tour."
    assert GAME.scores(state) == {"ana": 0, "bob": 0}
    assert GAME.legal_actions(state, "bob") == [Action(kind="tout_relancer"), Action(kind="reprendre")]


def test_a_first_throw_without_rabbit_passes_the_turn_with_nothing_left() -> None:
    state = start([3, 3, 4, 4, 5, 6, 6])
    state, events = act(state, "ana", "tout_relancer")
    assert event(events, Lost).points == 0
    assert GAME.legal_actions(state, "bob") == [Action(kind="tout_relancer")]
    with pytest.raises(IllegalAction) as info:
        act(state, "bob", "reprendre")
    assert info.value.code == "rien_a_reprendre"


def test_at_least_one_rabbit_must_be_set_aside_and_stopping_comes_after() -> None:
    state = start([1, 2, 4, 5, 6, 6, 6])
    state, _ = act(state, "ana", "tout_relancer")
    assert {a.kind for a in GAME.legal_actions(state, "ana")} == {"ecarter"}
    for kind, args, code in [
        ("ecarter", {"lapins": 0, "clapier": 2}, "pas_de_lapin"),
        ("arreter", {}, "ecarter_d_abord"),
        ("relancer", {}, "ecarter_d_abord"),
    ]:
        with pytest.raises(IllegalAction) as info:
            GAME.apply(state, "ana", Action(kind=kind, args=args), 0)
        assert info.value.code == code
    state, _ = act(state, "ana", "ecarter", lapins=1, clapier=2)
    assert GAME.legal_actions(state, "ana") == [Action(kind="relancer"), Action(kind="arreter")]
    state, events = act(state, "ana", "arreter")
    assert event(events, Scored).points == 2


def test_only_two_1s_of_the_same_throw_stack_and_double_rabbits_never_do() -> None:
    state = start([1, 2, 2, 3, 4, 6, 6, 1, 1, 1, 6, 6, 6])
    state, _ = act(state, "ana", "tout_relancer")
    state, _ = act(state, "ana", "ecarter", lapins=1, doubles=2)
    assert turn_points(state) == 1 + 2 + 2
    state, _ = act(state, "ana", "relancer")
    # three 1s: two stacked, the third alone; none goes onto the 1 set aside before
    state, _ = act(state, "ana", "ecarter", lapins=3)
    assert (state.situation.stacks, state.situation.singles, state.situation.doubles) == (1, 2, 2)
    assert turn_points(state) == 10 + 1 + 1 + 2 + 2


def test_one_clapier_per_throw_in_rising_order_and_the_2_serves_either_way() -> None:
    state = start([1, 2, 2, 3, 3, 5, 6, 1, 2, 3, 2])
    state, _ = act(state, "ana", "tout_relancer")
    with pytest.raises(IllegalAction) as info:
        act(state, "ana", "ecarter", lapins=1, doubles=2, clapier=2)
    assert info.value.code == "trop_de_doubles"
    with pytest.raises(IllegalAction) as info:
        act(state, "ana", "ecarter", lapins=1, clapier=4)
    assert info.value.code == "clapier_absent"
    state, _ = act(state, "ana", "ecarter", lapins=1, doubles=1, clapier=2)
    assert state.situation.clapiers == [2] and state.table == [3, 3, 5, 6]
    state, _ = act(state, "ana", "relancer")
    assert state.table == [1, 2, 2, 3]
    # the 2 already lies on the pile: another 2 is only a double rabbit now
    with pytest.raises(IllegalAction) as info:
        act(state, "ana", "ecarter", lapins=1, clapier=2)
    assert info.value.code == "clapier_ordre"
    offered = {(a.args["doubles"], a.args["clapier"]) for a in GAME.legal_actions(state, "ana")}
    assert {c for _, c in offered} == {0, 3} and (2, 3) in offered
    state, _ = act(state, "ana", "ecarter", lapins=1, doubles=2, clapier=3)
    assert state.situation.clapiers == [2, 3] and turn_points(state) == (1 + 2 + 1 + 2 + 2) * 3


def test_only_carrots_sets_them_aside_remembers_the_rabbits_and_throws_the_rabbit_dice() -> None:
    state = start([1, 1, 2, 2, 6, 6, 6, 6, 6, 6, 1, 2, 3])
    state, _ = act(state, "ana", "tout_relancer")
    state, _ = act(state, "ana", "ecarter", lapins=2, doubles=1, clapier=2)
    state, events = act(state, "ana", "relancer")
    assert kinds(events) == ["lancer", "carottes"]
    assert event(events, Carrots) == Carrots(player="ana", carrots=3, rabbit_points=12, memorised=12, dice=3)
    assert state.carrots == 3 and state.memorised == 12 and state.table == [1, 1, 2]
    assert state.situation.clapiers == [2] and state.situation.rabbit_dice() == 0
    assert GAME.legal_actions(state, "ana") == [Action(kind="relancer")]
    with pytest.raises(IllegalAction) as info:
        act(state, "ana", "arreter")
    assert info.value.code == "carottes_relancer"
    state, _ = act(state, "ana", "relancer")
    assert state.table == [1, 2, 3]
    state, _ = act(state, "ana", "ecarter", lapins=1, doubles=1, clapier=3)
    state, events = act(state, "ana", "arreter")
    assert event(events, Scored).points == (12 + 1 + 2) * 3
    # the carrots go back on the table: the next player may throw them
    assert state.table == [6, 6, 6] and state.carrots == 0 and state.memorised == 0


def test_only_clapiers_right_after_only_carrots_still_scores() -> None:
    state = start([1, 1, 2, 2, 6, 6, 6, 6, 6, 6, 3, 4, 5])
    state, _ = act(state, "ana", "tout_relancer")
    state, _ = act(state, "ana", "ecarter", lapins=2, doubles=1, clapier=2)
    state, _ = act(state, "ana", "relancer")
    state, events = act(state, "ana", "relancer")
    assert kinds(events) == ["lancer", "marque", "tour"]
    assert event(events, Scored).reason == "clapiers" and GAME.scores(state)["ana"] == 12 * 2
    assert words(events[1]).startswith("Que des clapiers après des carottes : ana marque quand même")


def test_only_clapiers_without_carrots_before_is_a_lost_turn() -> None:
    state = start([1, 1, 2, 6, 6, 6, 6, 3, 4, 5, 5])
    state, _ = act(state, "ana", "tout_relancer")
    state, _ = act(state, "ana", "ecarter", lapins=2, doubles=1)
    state, events = act(state, "ana", "relancer")
    assert kinds(events) == ["lancer", "perdu", "tour"] and GAME.scores(state)["ana"] == 0


def test_clapiers_and_carrots_after_only_carrots_is_a_lost_turn() -> None:
    state = start([1, 1, 2, 6, 6, 6, 6, 6, 6, 6, 6, 3, 6, 4])
    state, _ = act(state, "ana", "tout_relancer")
    state, _ = act(state, "ana", "ecarter", lapins=2, doubles=1)
    state, _ = act(state, "ana", "relancer")
    state, events = act(state, "ana", "relancer")
    # the carrots set aside come back to the table with the dice just thrown
    assert state.table == [3, 4, 6, 6, 6, 6, 6]
    assert kinds(events) == ["lancer", "perdu", "tour"] and event(events, Lost).points == 12


def test_every_die_aside_then_remember_and_throw_the_rabbit_dice_again() -> None:
    state = every_die_aside([1, 1, 1, 2, 6])
    assert state.table == [] and state.situation.dice() == 7
    assert turn_points(state) == (10 + 2 + 1 + 1) * 3
    # the player may stop here, or remember the rabbits and throw the five rabbit dice again
    assert GAME.legal_actions(state, "ana") == [Action(kind="relancer"), Action(kind="arreter")]
    state, events = act(state, "ana", "relancer")
    assert kinds(events) == ["memorise", "lancer"]
    assert event(events, Remembered) == Remembered(player="ana", rabbit_points=14, memorised=14, dice=5)
    assert state.situation.clapiers == [2, 3] and state.situation.rabbit_dice() == 0
    assert state.table == [1, 1, 1, 2, 6]
    state, _ = act(state, "ana", "ecarter", lapins=1)
    state, events = act(state, "ana", "arreter")
    assert event(events, Scored).points == (14 + 1) * 3


def test_only_carrots_with_no_rabbit_die_left_to_throw_scores_what_was_remembered() -> None:
    state = start([1, 1, 1, 2, 2, 3, 4, 1, 3, 6, 6, 6, 6, 6])
    state, _ = act(state, "ana", "tout_relancer")
    state, _ = act(state, "ana", "ecarter", lapins=3, doubles=1, clapier=2)
    state, _ = act(state, "ana", "relancer")
    state, _ = act(state, "ana", "ecarter", lapins=1, clapier=3)
    state, events = act(state, "ana", "relancer")
    assert kinds(events) == ["memorise", "lancer", "carottes", "marque", "tour"]
    assert event(events, Scored).reason == "plus_de_des"
    assert GAME.scores(state)["ana"] == (10 + 1 + 2 + 1) * 3
    # only the clapiers are left on the table for bob: worth nothing, but a multiplier
    assert state.situation.clapiers == [2, 3] and value_left(state) == 0
    assert GAME.legal_actions(state, "bob") == [Action(kind="tout_relancer"), Action(kind="reprendre")]
