"""A player who leaves (or is removed) loses his place; the game goes on with two or more."""

from __future__ import annotations

from games.cabane import GAME, CabaneState
from games.core import SYSTEM, Action, Event

from .helpers import kinds, start, throw, throws, words


def leave(state: CabaneState, player: str) -> tuple[CabaneState, list[Event]]:
    return GAME.apply(state, player, Action(kind="quitter"), 0)


def test_the_last_player_left_wins() -> None:
    state, events = leave(start(players=["ana", "bob"]), "ana")
    assert state.over and state.winners == ["bob"] and state.players == ["bob"]
    assert kinds(events) == ["depart", "victoire"]
    assert words(events[0]) == "ana quitte la partie."
    removal = Action(kind="expulser", args={"joueur": "bob"})
    removed, _ = GAME.apply(start(players=["ana", "bob"]), SYSTEM, removal, 0)
    assert removed.over and removed.winners == ["ana"]


def test_someone_else_leaving_does_not_change_the_turn() -> None:
    state, _ = throw(start(dice="F"))
    state, _ = leave(state, "cid")
    assert state.current == "ana" and state.facade and state.throws_left == 1
    assert state.players == ["ana", "bob"] and "cid" not in state.scores and not state.over


def test_when_the_thrower_leaves_his_neighbour_gets_an_ordinary_turn() -> None:
    state, _ = throw(start(dice="C"))
    assert state.current == "bob" and state.throws_left == 2
    before = state.turn_no
    state, events = leave(state, "bob")
    assert state.current == "cid" and state.throws_left == 1 and not state.after_cabane
    assert state.turn_no > before and kinds(events) == ["depart", "tour"]


def test_when_the_thrower_leaves_while_clearing_the_neighbour_throws_both_dice() -> None:
    state, _ = leave(start("deux_des"), "ana")
    assert state.current == "bob" and state.phase == "debroussaillage" and state.throws_left is None


def test_a_leaver_loses_his_series_of_ten() -> None:
    state, _ = throws(start("deux_des", "TF GG", players=["ana", "bob", "cid", "dan"]), 2)
    state, _ = leave(state, "bob")
    assert state.current == "ana" and state.series_queue == ["cid", "dan"] and state.count_said == "1"
    state, events = leave(state, "ana")
    assert state.current == "cid" and state.count_said == "0" and state.throws_left == 10
    assert kinds(events) == ["depart", "serie"]


def test_when_the_last_series_player_leaves_the_bataille_begins_with_his_neighbour() -> None:
    state, _ = throws(start("deux_des", "TF" + "D" * 20), 21)
    assert state.current == "cid" and state.series_queue == []
    state, events = leave(state, "cid")
    assert state.phase == "bataille" and state.current == "ana" and kinds(events)[-2:] == ["bataille", "tour"]


def test_a_lead_left_by_a_leaver_wins_only_with_the_next_point() -> None:
    state, _ = throw(start("deux_des", "TF T"))
    # ana is two ahead of cid once bob has gone, but nobody scored: the game goes on
    state = state.model_copy(update={"scores": {"ana": 2, "bob": 2, "cid": 0}})
    state, events = leave(state, "bob")
    assert not state.over and state.scores == {"ana": 2, "cid": 0} and kinds(events) == ["depart"]
    state, events = throw(state)
    assert state.over and state.winners == ["ana"] and kinds(events)[-1] == "victoire"
