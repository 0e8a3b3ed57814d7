"""Events a table stored before they were typed (``{kind, data, to}``, French keys) read back as the
game's models and are told as they were; what random play never stores (a player leaving, a record
that wrote the situation in French words) is written here by hand, as main's code wrote it then
(docs/rules/ludicitude.md, "Events")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.store.news import load_events
from games.ludicitude import GAME, Situation
from games.ludicitude.events import Carrots, Left, Scored, SetAside, Turn, Won
from speech import words_of
from tests.games.stored import old

WORDS = words_of(GAME)
NAMES = {"2001": "Arthur", "2002": "Perceval"}


@pytest.mark.parametrize(
    ("raw", "fr", "en"),
    [
        (old("depart", joueur="2002"), "Perceval quitte la partie.", "Perceval leaves the game."),
        (
            old("victoire", joueur="2001", total=12),
            "Arthur gagne avec 12 points !",
            "Arthur wins with 12 points!",
        ),
        (
            old(
                "tour",
                joueur="2002",
                reprise_possible=True,
                situation="1 pile, 2 lapins",
                valeur_laissee=12,
                des_a_lancer=3,
            ),
            "À Perceval : reprendre la situation laissée (1 pile, 2 lapins, vaut 12 points, 3 dés à lancer) "
            "ou lancer les 7 dés.",
            "Perceval: take over the situation left (1 pile, 2 lapins, worth 12 points, 3 dice to throw) "
            "or throw the 7 dice.",
        ),
        (
            old("reprise", joueur="2002", situation="1 pile, 2 lapins", valeur=12),
            "Perceval reprend la situation laissée (1 pile, 2 lapins, 12 points).",
            "Perceval takes over the situation left (1 pile, 2 lapins, 12 points).",
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
    turn = GAME.read_event(
        old(
            "tour",
            joueur="2001",
            reprise_possible=True,
            situation={"singles": 1, "stacks": 0, "doubles": 0, "clapiers": [2]},
            valeur_laissee=2,
            des_a_lancer=5,
        )
    )
    assert turn == Turn(
        player="2001",
        can_take_over=True,
        situation=Situation(singles=1, clapiers=[2]),
        value_left=2,
        dice_to_throw=5,
    )
    aside = GAME.read_event(
        old("ecart", joueur="2001", lapins=2, doubles=1, clapier=0, points=12, des_restants=4)
    )
    assert aside == SetAside(player="2001", rabbits=2, doubles=1, clapier=0, points=12, dice_left=4)
    carrots = GAME.read_event(old("carottes", joueur="2001", carottes=3, lapins=12, memorise=12, des=3))
    assert carrots == Carrots(player="2001", carrots=3, rabbit_points=12, memorised=12, dice=3)
    scored = GAME.read_event(
        old("marque", joueur="2001", raison="arret", points=26, lapins=13, multiplicateur=2, total=40)
    )
    assert scored == Scored(
        player="2001", reason="arret", points=26, rabbit_points=13, multiplier=2, total=40
    )


def test_a_table_in_play_keeps_its_old_events_on_loading() -> None:
    stored = [old("depart", joueur="2002"), old("victoire", joueur="2001", total=0)]
    events = load_events("ludicitude", json.dumps(stored))
    assert [type(e) for e in events] == [Left, Won]
    assert [WORDS.describe(e, NAMES, "en") for e in events] == [
        "Perceval leaves the game.",
        "Arthur wins with 0 points!",
    ]
