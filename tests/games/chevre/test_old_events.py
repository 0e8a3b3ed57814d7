"""Chèvre events stored before they were typed (``{kind, data, to}``, French keys) read back as
today's models and are told in the words of that day; the kinds random play never stored in
tests/upgrade/data (a player leaving, the opening tile told again, a game stopped for want of
players, a poisson) are written here by hand, as the code of that day wrote them."""

from __future__ import annotations

from typing import Any

import pytest

from games.chevre import GAME
from games.chevre.events import GameOver, HandDealt, Laid, Left, OpeningTile, RoundOver, TileDrawn
from speech import words_of

WORDS = words_of("chevre")
NAMES = {"2001": "Arthur", "2002": "Perceval", "2003": "Karadoc", "2004": "Léodagan"}
POISSON_HANDS = {
    "2001": ["6-6", "5-5", "4-6"],
    "2002": ["1-1"],
    "2003": ["1-3", "1-4", "1-5", "1-6", "2-2"],
    "2004": ["2-3", "2-4", "2-5", "2-6", "3-3", "3-5", "3-6", "4-4", "4-5"],
}

# (stored event, its words then in French, in English)
SAMPLES: list[tuple[dict[str, Any], str, str]] = [
    (
        {"kind": "depart", "data": {"joueur": "2002", "bazar": 7}, "to": None},
        "Perceval quitte la table ; ses dominos retournent au bazar (7).",
        "Perceval leaves the table; their dominoes go back to the bazar (7).",
    ),
    (
        {"kind": "ouverture", "data": {"joueur": "2004", "tuile": "2-2"}, "to": ["2004"]},
        "Tu ouvres avec le 2-2.",
        "You open with the 2-2.",
    ),
    (
        {"kind": "fin", "data": {"chevres": [], "gagnants": ["2001"], "scores": {"2001": 0}}, "to": None},
        "Plus assez de joueurs : la partie s'arrête. Gagnant : Arthur.",
        "Not enough players left: the game stops. Winner: Arthur.",
    ),
    (
        {
            "kind": "pose",
            "data": {"joueur": "2002", "tuile": "0-6", "cote": "droite", "bouts": [0, 0], "main": 1},
            "to": None,
        },
        "Perceval pose le 0-6 à droite. Bouts : 0 et 0. Il lui reste 1 domino.",
        "Perceval lays the 0-6 on the right. Ends: 0 and 0. 1 domino left in hand.",
    ),
    (
        {
            "kind": "manche_finie",
            "data": {
                "manche": 2,
                "fin": "poisson",
                "joueur": "2002",
                "mains": POISSON_HANDS,
                "points": {"2001": 32, "2002": 2, "2003": 26, "2004": 66},
                "marque": {"2001": 0, "2002": 0, "2003": 0, "2004": 126},
                "ouverts": ["2004"],
                "scores": {"2001": 0, "2002": 0, "2003": 0, "2004": 130},
                "memoire": {"2001": 7, "2002": 0, "2003": 0, "2004": 0},
            },
            "to": None,
        },
        "Poisson de Perceval : fin de la manche 2.\n"
        "Arthur : 6-6 5-5 4-6 (32 points) → compte 0, mémoire 7.\n"
        "Perceval : 1-1 (2 points) → compte 0, mémoire 0.\n"
        "Karadoc : 1-3 1-4 1-5 1-6 2-2 (26 points) → compte 0, mémoire 0.\n"
        "Léodagan : 2-3 2-4 2-5 2-6 3-3 3-5 3-6 4-4 4-5 (66 points), prend 126 points, ouvre son compte"
        " → compte 130, mémoire 0.",
        "Poisson by Perceval: round 2 is over.\n"
        "Arthur: 6-6 5-5 4-6 (32 points) → account 0, memory 7.\n"
        "Perceval: 1-1 (2 points) → account 0, memory 0.\n"
        "Karadoc: 1-3 1-4 1-5 1-6 2-2 (26 points) → account 0, memory 0.\n"
        "Léodagan: 2-3 2-4 2-5 2-6 3-3 3-5 3-6 4-4 4-5 (66 points), takes 126 points, opens their account"
        " → account 130, memory 0.",
    ),
]


@pytest.mark.parametrize(("stored", "french", "english"), SAMPLES, ids=[s[0]["kind"] for s in SAMPLES])
def test_an_old_event_is_told_in_the_same_words(stored: dict[str, Any], french: str, english: str) -> None:
    event = GAME.read_event(stored)
    assert WORDS.describe(event, NAMES, "fr") == french
    assert WORDS.describe(event, NAMES, "en") == english
    assert event.to == stored["to"]
    # Stored again, it is written in today's keys and reads back the same.
    again = event.model_dump(mode="json")
    assert not set(again) & set(stored["data"]) - {"bazar", "points", "scores", "chevres"}
    assert GAME.read_event(again) == event


def test_old_keys_land_on_the_english_fields() -> None:
    left = GAME.read_event(SAMPLES[0][0])
    assert left == Left(player="2002", bazar=7)
    opening = GAME.read_event(SAMPLES[1][0])
    assert opening == OpeningTile(player="2004", tile="2-2") and opening.to == ["2004"]
    assert GAME.read_event(SAMPLES[2][0]) == GameOver(chevres=[], winners=["2001"], scores={"2001": 0})
    laid = GAME.read_event(SAMPLES[3][0])
    assert laid == Laid(player="2002", tile="0-6", side="droite", ends=(0, 0), hand_size=1)
    ended = GAME.read_event(SAMPLES[4][0])
    assert isinstance(ended, RoundOver) and ended.ending == "poisson" and ended.hands == POISSON_HANDS
    assert ended.taken["2004"] == 126 and ended.opened == ["2004"] and ended.remembered["2001"] == 7


def test_an_old_opening_laid_on_the_empty_chain_has_no_side() -> None:
    stored = {
        "kind": "pose",
        "data": {"joueur": "2001", "tuile": "1-1", "cote": None, "bouts": [1, 1], "main": 6},
        "to": None,
    }
    laid = GAME.read_event(stored)
    assert isinstance(laid, Laid) and laid.side is None
    assert WORDS.describe(laid, NAMES, "en") == "Arthur lays the 1-1. Ends: 1 and 1. 6 dominoes left in hand."


def test_a_players_own_tiles_stay_theirs_whatever_the_caller_gave() -> None:
    # A hand, a draw and an opening tile are for their player only, even when ``to`` is left out.
    private = [
        HandDealt(player="2001", tiles=["0-1", "2-2"]),
        TileDrawn(player="2002", tile="3-5"),
        OpeningTile(player="2003", tile="1-1"),
        GAME.read_event({"kind": "tirage", "data": {"joueur": "2002", "tuile": "3-5"}}),
    ]
    for event in private:
        player = event.data["player"]
        assert event.to == [player] and event.visible_to(player)
        assert not event.visible_to(None) and not any(event.visible_to(p) for p in NAMES if p != player)
