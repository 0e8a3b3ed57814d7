"""Le jeu à 2 dés, second phase « 10 coups chacun », counted aloud as players count them."""

from __future__ import annotations

from games.cabane import CabaneState

from .helpers import kinds, said, start, summary, throw, throws, words


def series(dice: str, players: list[str] | None = None) -> CabaneState:
    """ana raises the first cabin (T F), then the given single-die throws are loaded."""
    state, _ = throw(start("deux_des", "TF " + dice, players))
    return state


def test_each_coup_counts_one_from_zero() -> None:
    state = series("G D F")
    assert state.count_said == "0"
    state, events = throws(state, 3)
    assert said(events) == ["1", "2", "3"] and state.count == 3 and state.throws_left == 7
    assert words(events[1]) == "Gauche : « 1 »."
    assert summary(state).endswith("À ana : « 3 », encore 7 coups.")


# Si tu fais B le coup joué ne compte pas (sur le 7ème coup joué, tu fais B : « 6 toujours »).
def test_blanc_does_not_count() -> None:
    state, events = throws(series("GGGGGG B"), 7)
    assert said(events)[-1] == "6 toujours" and state.count == 6 and state.throws_left == 4
    assert words(events[-1]) == "Blanc, le coup ne compte pas : « 6 toujours »."


# Si tu fais C tu comptes 2 coups joués (sur le 5ème coup joué, tu fais C : « 5 ; 6 »).
def test_cabane_counts_two_coups() -> None:
    state, events = throws(series("GGGG C"), 5)
    assert said(events)[-1] == "5 ; 6" and state.count == 6
    assert words(events[-1]) == "Cabane, ça compte deux coups : « 5 ; 6 »."


def test_a_cabane_on_the_last_coup_counts_only_to_ten() -> None:
    state, events = throws(series("GGGGGGGGG C"), 10)
    assert said(events)[-1] == "10" and state.current == "bob" and state.count_said == "0"


def test_after_ten_coups_without_toit_the_next_player_plays_his_ten() -> None:
    state, events = throws(series("G" * 8 + "BC"), 10)
    assert said(events)[-3:] == ["8", "8 toujours", "9 ; 10"]
    assert kinds(events)[-2:] == ["serie_finie", "serie"]
    assert state.current == "bob" and state.series_queue == ["cid"] and state.throws_left == 10


# Si tu fais T tu marques le point. Celui qui marque le point rejoue.
def test_toit_raises_the_second_cabin_and_the_scorer_starts_a_new_round() -> None:
    state, _ = throws(series("GG T"), 2)
    state, events = throw(state)
    assert state.scores == {"ana": 1, "bob": 0, "cid": 0}
    assert kinds(events) == ["lancer", "point", "manche", "tour"]
    assert words(events[1]) == "ana pose la deuxième cabane debout au coup 3 : un point (1) !"
    assert words(events[2]) == "Manche 2 : les deux cabanes sont par terre, on débroussaille."
    assert state.phase == "debroussaillage" and state.current == "ana" and state.round == 2
    assert state.series_queue == [] and state.throws_left is None


def test_a_later_player_can_score_in_his_series() -> None:
    state, _ = throws(series("G" * 10 + "CT"), 12)
    assert state.scores["bob"] == 1 and state.current == "bob" and state.phase == "debroussaillage"


# Quand t'as 2 points d'avance sur tes adversaires t'as gagné la partie.
def test_two_points_ahead_wins_from_the_second_phase() -> None:
    state, _ = throws(series("T TG T", players=["ana", "bob"]), 3)
    assert state.over and state.winners == ["ana"] and state.scores == {"ana": 2, "bob": 0}


def test_one_point_ahead_does_not_win() -> None:
    state, _ = throws(series("T CF", players=["ana", "bob"]), 2)
    assert not state.over and state.current == "bob" and state.phase == "debroussaillage"


# Si tous les joueurs ont joué leur série de 10 sans faire T on entame alors la bataille.
def test_when_nobody_raises_the_second_cabin_the_bataille_begins() -> None:
    state, events = throws(series("D" * 30), 30)
    assert kinds(events).count("serie_finie") == 3
    assert words(events[-2]) == "Personne n'a posé le deuxième T : on entame la bataille !"
    # the die goes on round the table: after cid's series, ana throws first
    assert state.phase == "bataille" and state.current == "ana" and state.throws_left == 1
