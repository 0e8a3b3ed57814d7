"""What the Discord table shows: phase, whose turn, throws left, the count said aloud, scores."""

from __future__ import annotations

from games.cabane import GAME

from .helpers import start, summary, throw, throws


def test_the_table_at_the_bataille_shows_the_throws_left_after_a_cabane() -> None:
    state, _ = throws(start(dice="T C F"), 3)
    table = GAME.table(state)
    assert table["phase"] == "bataille" and table["a_jouer"] == "bob"
    assert table["lancers_restants"] == 2 and table["apres_cabane"] and table["facade"]
    assert table["scores"] == {"ana": 1, "bob": 0, "cid": 0} and table["dernier_lancer"] == ["F"]
    assert summary(state).splitlines() == [
        "La Bataille — ana : 1, bob : 0, cid : 0",
        "À bob de lancer, deux fois (une Façade à confirmer).",
    ]


def test_the_table_in_the_ten_coups_shows_the_count_and_who_is_still_to_play() -> None:
    state, _ = throws(start("deux_des", "GT GGGG C"), 6)
    table = GAME.table(state)
    assert table["phase"] == "dix_coups" and table["compte"] == "5 ; 6"
    assert table["lancers_restants"] == 4 and table["series_a_venir"] == ["bob", "cid"]


def test_the_view_hides_the_dice_to_come() -> None:
    state, _ = throw(start(dice="D T T"))
    view = GAME.view(state, "bob")
    assert "dice" not in view and view["current"] == "bob" and view["throws_left"] == 1


def test_a_finished_game_shows_its_winner_and_nobody_to_play() -> None:
    state, _ = throws(start(dice="TTT", cible=3, players=["ana", "bob"]), 3)
    assert GAME.table(state)["a_jouer"] is None
    assert summary(state).endswith("Partie terminée. Gagnant : ana")
