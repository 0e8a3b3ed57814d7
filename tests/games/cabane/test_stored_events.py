"""Events a table stored before they were typed (``{kind, data, to}``, French keys) read back as the
game's models and are told as they were; the kinds random play never stores (a player leaving, a
start written by an older record) are written here by hand, as main's code wrote them then
(docs/rules/cabane.md, "Events")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.store.news import load_events
from games.cabane import GAME
from games.cabane.events import Left, Point, Start, Won
from speech import words_of
from tests.games.stored import old

WORDS = words_of(GAME)
NAMES = {"2001": "Arthur", "2002": "Perceval"}


@pytest.mark.parametrize(
    ("raw", "fr", "en"),
    [
        (old("depart", joueur="2002"), "Perceval quitte la partie.", "Perceval leaves the game."),
        (
            old("victoire", joueur="2001", scores={"2001": 2}),
            "Arthur a gagné la partie ! (Arthur 2)",
            "Arthur has won the game! (Arthur 2)",
        ),
        (
            old("debut", mode="deux_des", titre="le jeu à 2 dés", joueurs=["2001", "2002"]),
            "La Cabane sul' Dos — le jeu à 2 dés. Arthur, Perceval.",
            "La Cabane sul' Dos — le jeu à 2 dés. Arthur, Perceval.",
        ),
    ],
)
def test_an_old_event_random_play_does_not_store_is_told_as_it_was(
    raw: dict[str, Any], fr: str, en: str
) -> None:
    event = GAME.read_event(raw)
    assert WORDS.describe(event, NAMES, "fr") == fr
    assert WORDS.describe(event, NAMES, "en") == en


def test_old_keys_become_the_english_fields() -> None:
    leaving = GAME.read_event(old("depart", joueur="2002"))
    assert isinstance(leaving, Left) and leaving.player == "2002"
    start = GAME.read_event(old("debut", mode="bataille", cible=4, joueurs=["2001", "2002"]))
    assert isinstance(start, Start) and (start.target, start.players, start.title) == (
        4,
        ["2001", "2002"],
        None,
    )
    second = GAME.read_event(old("point", joueur="2001", points=1, score=3, raison="deuxieme_cabane", coup=7))
    assert isinstance(second, Point) and (second.reason, second.throw_number, second.score) == (
        "deuxieme_cabane",
        7,
        3,
    )
    assert (
        WORDS.describe(second, NAMES, "en") == "Arthur stands the second cabane up on throw 7: a point (3)!"
    )


def test_a_table_in_play_keeps_its_old_events_on_loading() -> None:
    stored = [old("depart", joueur="2002"), old("victoire", joueur="2001", scores={"2001": 0})]
    events = load_events("cabane", json.dumps(stored))
    assert [type(e) for e in events] == [Left, Won]
    assert [WORDS.describe(e, NAMES, "fr") for e in events] == [
        "Perceval quitte la partie.",
        "Arthur a gagné la partie ! (Arthur 0)",
    ]
