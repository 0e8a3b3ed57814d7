"""Le jeu à 2 dés, first phase « Le Débroussaillage »: rules 2, 3, 4, 5 and 7, with loaded dice."""

from __future__ import annotations

from .helpers import kinds, start, summary, throw, throws, words


def test_the_game_opens_on_clearing_the_ground_with_both_dice() -> None:
    state = start("deux_des")
    assert state.phase == "debroussaillage" and state.current == "ana" and state.throws_left is None
    assert summary(state).endswith("À ana de lancer les deux dés.")


# Règle n°2 : « Cabane sul' dos » : si tu fais 1 C tu passes ton tour ; sinon tu continues à jouer.
def test_one_cabane_passes_the_turn() -> None:
    for pair in ("CF", "GC", "CD"):
        state, events = throw(start("deux_des", pair))
        assert state.current == "bob" and state.phase == "debroussaillage", pair
        assert state.scores == {"ana": 0, "bob": 0, "cid": 0}
        assert words(events[1]) == "« Y'a cabane sul' dos » ! ana passe son tour."


def test_without_cabane_or_toit_the_same_player_throws_again() -> None:
    state, events = throws(start("deux_des", "FG BB DD"), 3)
    assert state.current == "ana" and state.phase == "debroussaillage"
    assert kinds(events).count("continue") == 3


# Règle n°3 : « Cabane sauvée » : C mais B avec l'autre dé : t'es sauvé, tu rejoues.
def test_cabane_with_blanc_is_saved() -> None:
    for pair in ("CB", "BC"):
        state, events = throw(start("deux_des", pair))
        assert state.current == "ana" and kinds(events)[1] == "cabane_sauvee", pair
        assert state.scores["ana"] == 0


# Règle n°4 : « la double cabane » : 2 C, tu perds un point (0 point devient −1 point).
def test_double_cabane_loses_a_point_below_zero_and_passes() -> None:
    state, events = throw(start("deux_des", "CC"))
    assert state.scores["ana"] == -1 and state.current == "bob"
    assert words(events[1]) == "Double cabane ! ana perd un point (-1)."
    state, _ = throw(start("deux_des", "CC CC CC CC"))
    state, _ = throws(state, 3)
    assert state.scores == {"ana": -2, "bob": -1, "cid": -1}


# Règle n°5 : « le double T » : 2 T en même temps : tu marques 2 points et tu rejoues.
def test_double_toit_scores_two_and_plays_again_still_clearing() -> None:
    state, events = throw(start("deux_des", "TT"))
    assert state.scores["ana"] == 2 and state.current == "ana" and state.phase == "debroussaillage"
    assert words(events[1]) == "Double T ! ana pose les deux cabanes d'un coup : 2 points (2)."
    assert kinds(events)[-1] == "rejoue" and not state.over


# Quand t'as 3 points d'avance sur tous tes adversaires, t'as gagné la partie.
def test_three_points_ahead_of_everyone_wins_the_first_phase() -> None:
    state, _ = throws(start("deux_des", "TT TT"), 2)
    assert state.over and state.winners == ["ana"] and state.scores["ana"] == 4
    # two ahead is not enough while clearing the ground
    state, _ = throws(start("deux_des", "TT CF CC", players=["ana", "bob"]), 2)
    assert not state.over and state.scores == {"ana": 2, "bob": 0}
    # bob's double cabane puts ana three ahead: she wins on his throw
    state, events = throw(state)
    assert state.over and state.winners == ["ana"] and state.scores == {"ana": 2, "bob": -1}
    assert kinds(events)[-1] == "victoire"


def test_three_ahead_of_one_is_not_three_ahead_of_all() -> None:
    state, _ = throws(start("deux_des", "TT CF TT CF CC"), 5)
    assert state.scores == {"ana": 2, "bob": 2, "cid": -1} and not state.over


# Quand tu fais T avec l'un des dés, tu as posé la première cabane debout : phase des 10 coups.
def test_one_toit_raises_the_first_cabin_and_its_thrower_plays_ten_coups_first() -> None:
    for pair in ("TF", "GT", "TB", "DT"):
        state, events = throw(start("deux_des", pair))
        assert state.phase == "dix_coups" and state.current == "ana", pair
        assert state.series_queue == ["bob", "cid"] and state.count_said == "0"
        assert state.throws_left == 10
        assert kinds(events)[1:] == ["premiere_cabane", "serie"]


def test_after_some_turns_the_order_of_the_series_starts_with_the_raiser() -> None:
    state, _ = throws(start("deux_des", "CF TD"), 2)
    assert state.current == "bob" and state.series_queue == ["cid", "ana"]


# Règle n°7 : « Cabane mortelle » : C avec T : tu laisses le T en place, tu perds tes 10 coups,
# ton voisin joue ses dix coups à la suite, le jeu passe à la deuxième phase.
def test_cabane_mortelle_costs_the_thrower_his_series() -> None:
    for pair in ("CT", "TC"):
        state, events = throw(start("deux_des", pair))
        assert state.phase == "dix_coups" and state.current == "bob", pair
        assert state.series_queue == ["cid"] and state.scores["ana"] == 0
        assert words(events[1]).startswith("Cabane mortelle ! ana laisse le T en place")


def test_after_cabane_mortelle_the_bataille_starts_with_its_thrower() -> None:
    state, _ = throw(start("deux_des", "CT" + "G" * 20))
    state, events = throws(state, 20)
    assert state.phase == "bataille" and state.current == "ana" and state.throws_left == 1
    assert kinds(events).count("serie_finie") == 2


def test_cabane_mortelle_with_two_players_leaves_one_series() -> None:
    state, _ = throw(start("deux_des", "TC" + "D" * 10, players=["ana", "bob"]))
    assert state.current == "bob" and state.series_queue == []
    state, _ = throws(state, 10)
    assert state.phase == "bataille" and state.current == "ana"


def test_two_ahead_from_a_double_toit_wins_only_with_the_next_point() -> None:
    state, _ = throws(start("deux_des", "TT TF G T", players=["ana", "bob"]), 2)
    assert state.phase == "dix_coups" and not state.over and state.scores == {"ana": 2, "bob": 0}
    state, _ = throw(state)
    assert not state.over
    state, events = throw(state)
    assert state.over and state.winners == ["ana"] and state.scores == {"ana": 3, "bob": 0}
    assert kinds(events) == ["lancer", "point", "victoire"]
