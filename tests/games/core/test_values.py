"""The one reader of typed values (games/core/values.py), shared by the bot's forms and the terminal
table: a value typed as players type it becomes the action's argument, or the refusal naming it."""

from __future__ import annotations

import pytest

from games.core import ArgSpec, IllegalAction
from games.core.values import fold, read_value
from speech import words_of

STAKE = ArgSpec(name="mise", type="int", minimum=1, maximum=102)
KEPT = ArgSpec(name="garder", type="ints", minimum=1, maximum=5, optional=True)
TARGET = ArgSpec(name="cible", type="player")
SIDE = ArgSpec(name="cote", type="choice", choices=["gauche", "droite"])
TILE = ArgSpec(name="tuile", type="text")
PLAYERS = {"1576560887651635204": "Anaïs", "222": "Jean-Luc"}


def refused(arg: ArgSpec, raw: str, **kwargs: object) -> str:
    with pytest.raises(IllegalAction) as error:
        read_value(arg, raw, PLAYERS, **kwargs)  # type: ignore[arg-type]
    return error.value.code


def test_numbers_are_read_within_their_bounds() -> None:
    assert read_value(STAKE, " 12 ") == 12
    assert read_value(KEPT, "1, 3 5") == [1, 3, 5]
    assert read_value(KEPT, "2,,4") == [2, 4]
    for raw in ("0", "103", "douze", "1,2", "", "4.5"):
        assert refused(STAKE, raw) == "bad_argument", raw
    for raw in ("", ",", "6", "1,x"):
        assert refused(KEPT, raw) == "bad_argument", raw


def said(arg: ArgSpec, raw: str, lang: str) -> str:
    with pytest.raises(IllegalAction) as error:
        read_value(arg, raw, PLAYERS)
    return words_of("culdechouette").explain(error.value, lang)


def test_a_number_out_of_its_bounds_is_told_them_in_the_readers_language() -> None:
    assert said(STAKE, "103", "fr") == "Argument invalide : mise, un nombre de 1 à 102."
    assert said(STAKE, "0", "en") == "Invalid argument: mise, a number from 1 to 102."
    at_least = ArgSpec(name="mise", type="int", minimum=1)
    assert said(at_least, "-3", "fr") == "Argument invalide : mise, un nombre d'au moins 1."
    at_most = ArgSpec(name="garder", type="ints", maximum=5)
    assert said(at_most, "2 9", "en") == "Invalid argument: garder, a number of at most 5."
    # Not a number at all: no bounds to say.
    assert said(STAKE, "douze", "fr") == "Argument invalide : mise."


def test_not_strict_the_game_judges_the_bounds_but_not_the_writing() -> None:
    """The terminal table leaves the limits to the game, whose refusal names them."""
    assert read_value(STAKE, "500", strict=False) == 500
    assert read_value(KEPT, ",", strict=False) == []
    assert refused(STAKE, "douze", strict=False) == "bad_argument"
    assert refused(STAKE, "1,2", strict=False) == "bad_argument"


def test_a_player_is_found_by_id_name_or_mention_in_any_writing() -> None:
    for raw in ("Anaïs", "anais", " ANAÏS ", "<@1576560887651635204>", "<@!1576560887651635204>", "1576560887651635204"):
        assert read_value(TARGET, raw, PLAYERS) == "1576560887651635204", raw
    assert read_value(TARGET, "jean luc", PLAYERS) == "222"
    assert refused(TARGET, "Zoé") == "unknown_player"
    assert refused(TARGET, "<@333>") == "unknown_player"
    # Not strict (the terminal): someone not at the table is passed on as typed, for the game to refuse.
    assert read_value(TARGET, "Zoé", PLAYERS, strict=False) == "Zoé"


def test_a_choice_is_read_in_any_writing_and_in_the_readers_languages() -> None:
    words = words_of("chevre").choice_of
    assert read_value(SIDE, "Droite !") == "droite"
    assert read_value(SIDE, "GAUCHE") == "gauche"
    assert refused(SIDE, "left") == "bad_argument"  # no words given: the choices as the rules name them
    assert read_value(SIDE, "left", choice_words=words) == "gauche"
    assert read_value(SIDE, " Right ", choice_words=words) == "droite"
    assert refused(SIDE, "haut", choice_words=words) == "bad_argument"


def test_a_free_word_is_left_to_the_game() -> None:
    assert read_value(TILE, "3:5") == "3:5"  # Chèvre reads its tiles in any writing itself


def test_folding_drops_case_accents_and_decoration() -> None:
    """As the terminal table compares the words of a line (and the reader, a value typed whole)."""
    assert fold("«Arrêter!»") == "arreter"
    assert fold("Chouette-Velute") == fold("chouette velute") == fold("Chouette'Velute") == "chouette_velute"
    assert read_value(SIDE, "« Droite ! »") == "droite"
