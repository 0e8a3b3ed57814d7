"""La Bataille avec 1 dé: one scenario per sentence of the rules, with loaded dice."""

from __future__ import annotations

import pytest

from games.cabane import GAME
from games.core import IllegalAction

from .helpers import THROW, kinds, start, throw, throws, words


def test_the_first_player_to_join_throws_first_once() -> None:
    state = start()
    assert state.current == "ana" and state.throws_left == 1
    assert GAME.legal_actions(state, "ana") == [THROW]
    assert GAME.legal_actions(state, "bob") == []


# B : Blanc "dit rejouez derrière la cabane", tu rejoues une fois.
def test_blanc_plays_again_once() -> None:
    state, events = throw(start(dice="B D"))
    assert state.current == "ana" and state.throws_left == 1
    assert "rejoue une fois" in words(events[1])
    state, _ = throw(state)
    assert state.current == "bob"


# D ou G : Droite ou Gauche c'est pareil, c'est un coup pour rien.
def test_droite_and_gauche_are_a_throw_for_nothing() -> None:
    state, events = throws(start(dice="D G"), 2)
    assert state.current == "cid" and state.throws_left == 1
    assert state.scores == {"ana": 0, "bob": 0, "cid": 0}
    assert kinds(events).count("coup_pour_rien") == 2
    assert words(events[1]) == "Droite, c'est un coup pour rien."


# C « Y'a Cabane » tu passes le dé à ton voisin qui va jouer deux fois
def test_cabane_passes_the_die_to_the_neighbour_who_plays_twice() -> None:
    state, events = throw(start(dice="C D D"))
    assert state.current == "bob" and state.throws_left == 2 and state.after_cabane
    assert words(events[-1]) == "À bob de jouer, deux fois."
    state, _ = throw(state)
    assert state.current == "bob" and state.throws_left == 1
    state, _ = throw(state)
    assert state.current == "cid" and state.throws_left == 1 and not state.after_cabane


def test_cabane_ends_a_turn_that_still_had_throws() -> None:
    # after ana's Cabane, bob still has one throw left: his C passes the die on all the same
    state, _ = throws(start(dice="C D C"), 3)
    assert state.current == "cid" and state.throws_left == 2
    state, _ = throws(start(dice="B C"), 2)
    assert state.current == "bob" and state.throws_left == 2


# Si ton voisin joue après ta Cabane et obtient un B, il rejoue encore deux fois.
def test_blanc_after_a_cabane_gives_two_more_throws() -> None:
    state, events = throws(start(dice="C B"), 2)
    assert state.current == "bob" and state.throws_left == 2
    assert "rejoue encore deux fois" in words(events[-1])
    state, _ = throw(start(dice="C D B D D D"))
    state, _ = throws(state, 2)  # D then, on his last throw, B: two throws again
    assert state.current == "bob" and state.throws_left == 2
    state, _ = throws(state, 2)
    assert state.current == "cid"


def test_blanc_on_an_ordinary_turn_gives_one_throw_only() -> None:
    state, _ = throw(start(dice="B"))
    assert state.throws_left == 1 and not state.after_cabane


# S'il fait C après ta cabane, "la cabane annule la cabane", il perd son tour, au joueur suivant
# de jouer deux fois.
def test_cabane_after_a_cabane_cancels_it_and_the_next_plays_twice() -> None:
    state, events = throws(start(dice="C C"), 2)
    assert "cabane_annule" in kinds(events)
    assert state.current == "cid" and state.throws_left == 2 and state.after_cabane
    assert words(events[-2]).startswith("« La cabane annule la cabane » ! bob perd son tour")


def test_a_chain_of_cabanes_goes_round_the_table() -> None:
    state, _ = throws(start(dice="C C C C"), 4)
    assert state.current == "bob" and state.throws_left == 2
    # the third Cabane brings the die back to ana, who plays after a Cabane: a B, two more throws
    state, _ = throws(start(dice="C C C B"), 4)
    assert state.current == "ana" and state.throws_left == 2 and state.after_cabane


# Si tu obtiens T tu marques direct un point. Celui qui marque le point rejoue.
def test_toit_scores_a_point_and_the_scorer_plays_again() -> None:
    state, events = throw(start(dice="T D"))
    assert state.scores["ana"] == 1 and state.current == "ana" and state.throws_left == 1
    assert words(events[1]) == "Toit ! ana marque direct un point (1)."
    assert kinds(events)[-1] == "rejoue"
    state, _ = throw(state)
    assert state.current == "bob"


def test_toit_after_a_cabane_keeps_both_throws() -> None:
    state, _ = throws(start(dice="C T"), 2)
    assert state.scores["bob"] == 1 and state.current == "bob" and state.throws_left == 2


# F : Façade, tu rejoues une fois, si tu confirmes ta deuxième Façade de suite, tu marques un point.
def test_facade_plays_again_once_only() -> None:
    state, events = throw(start(dice="F D"))
    assert state.current == "ana" and state.facade and state.throws_left == 1
    assert state.scores["ana"] == 0
    assert words(events[1]).startswith("Façade ! ana rejoue une fois")
    state, _ = throw(state)
    assert state.current == "bob" and not state.facade


def test_two_facades_in_a_row_score_and_the_scorer_plays_again() -> None:
    state, events = throws(start(dice="F F"), 2)
    assert state.scores["ana"] == 1 and state.current == "ana" and not state.facade
    assert "Deuxième Façade de suite" in words(events[-2])


def test_four_facades_in_a_row_score_twice() -> None:
    state, _ = throws(start(dice="F F F F"), 4)
    assert state.scores["ana"] == 2


# T marque toujours même après un premier F
def test_toit_after_a_facade_scores_one_point() -> None:
    state, _ = throws(start(dice="F T"), 2)
    assert state.scores["ana"] == 1 and not state.facade and state.current == "ana"


# on ne rejoue toujours qu'une seule fois après un F sauf si bien entendu on obtient un B
def test_blanc_after_a_facade_gives_another_throw_and_keeps_the_facade() -> None:
    state, _ = throws(start(dice="F B"), 2)
    assert state.current == "ana" and state.facade and state.throws_left == 1
    state, _ = throw(start(dice="F B D"))
    state, _ = throws(state, 2)
    assert state.current == "bob"
    state, _ = throws(start(dice="F B F"), 3)
    assert state.scores["ana"] == 1


def test_a_throw_for_nothing_breaks_the_facades() -> None:
    state, _ = throws(start(dice="C F D F"), 4)
    assert state.scores["bob"] == 0 and state.facade and state.current == "bob"


def test_a_facade_does_not_carry_over_to_the_next_player() -> None:
    state, _ = throws(start(dice="F C F"), 3)
    assert state.scores["bob"] == 0 and state.facade


def test_the_target_wins_the_bataille() -> None:
    state, events = throws(start(dice="T T", cible=3, players=["ana", "bob"]), 2)
    assert not state.over
    state, events = throw(start(dice="T T T", cible=3, players=["ana", "bob"]))
    state, events = throws(state, 2)
    assert state.over and state.winners == ["ana"] and state.scores == {"ana": 3, "bob": 0}
    assert words(events[-1]) == "ana a gagné la partie ! (ana 3, bob 0)"
    assert GAME.to_act(state) == [] and GAME.legal_actions(state, "ana") == []
    with pytest.raises(IllegalAction) as info:
        throw(state, "ana")
    assert info.value.code == "game_over"


def test_the_target_is_chosen_between_3_and_7() -> None:
    for cible in (3, 7):
        assert start(cible=cible).options.cible == cible
    for cible in (2, 8):
        with pytest.raises(ValueError):
            start(cible=cible)
    state, _ = throws(start(dice="TTTTTT T", cible=7, players=["ana", "bob"]), 6)
    assert not state.over
    state, _ = throw(state)
    assert state.over and state.scores["ana"] == 7
