"""Barricade's events as the bot stored them before they were typed (``{kind, data, to}``, French
keys) read into today's models, for the kinds random play leaves out of the stored samples
(tests/upgrade/data/events-*.json): a player leaving, a win by forfeit. Each sample is written with
the keys that day's engine wrote (``git show 6efb018:games/barricade/game.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.store.news import ForcedMove, read_event
from games.barricade import GAME
from games.barricade.events import Left, Moved, OrderThrow, OrderThrows, Throw, Won
from games.core import Event
from speech import words_of
from tests.games.stored import old

WORDS = words_of(GAME)
NAMES = {"2001": "Arthur", "2002": "Perceval"}


@pytest.mark.parametrize(
    ("stored", "now", "french", "english"),
    [
        (
            old("depart_joueur", joueur="2002"),
            Left(player="2002"),
            "Perceval quitte la partie ; ses mineurs quittent le plateau.",
            "Perceval leaves the game; their miners leave the board.",
        ),
        (
            old("victoire", joueur="2001", forfait=True),
            Won(player="2001", forfeit=True),
            "Arthur reste seul à la table et gagne la partie.",
            "Arthur is the last one at the table and wins the game.",
        ),
        (
            old("victoire", joueur="2001"),
            Won(player="2001"),
            "Arthur a amené ses cinq mineurs à la mine d'or et gagne la partie !",
            "Arthur has brought all five miners to the gold mine and wins the game!",
        ),
        (
            old("lancer", joueur="2001", valeur=6),
            Throw(player="2001", value=6),
            "Arthur lance le dé : 6.",
            "Arthur throws the die: 6.",
        ),
        (
            old("ordre_lancer", lancers=[{"joueur": "2001", "valeur": 4}, {"joueur": "2002", "valeur": 4}]),
            OrderThrows(throws=[OrderThrow(player="2001", value=4), OrderThrow(player="2002", value=4)]),
            "Lancer pour l'ordre de jeu : Arthur 4, Perceval 4.",
            "Throws for the order of play: Arthur 4, Perceval 4.",
        ),
    ],
    ids=["depart_joueur", "victoire-forfait", "victoire-mine", "lancer", "ordre_lancer"],
)
def test_an_old_event_reads_as_todays_and_is_told_the_same(
    stored: dict[str, Any], now: Event, french: str, english: str
) -> None:
    event = GAME.read_event(stored)
    assert event == now
    assert WORDS.describe(event, NAMES, "fr") == french
    assert WORDS.describe(event, NAMES, "en") == english


def test_an_old_forced_move_nests_an_old_move_that_reads_as_todays() -> None:
    move = old("deplacement", joueur="2001", mineur=2, de=50, vers=114, chemin=[63, 80, 114], rebond=True)
    forced = read_event("barricade", old("coup_joue_pour_toi", joueur="2001", action="deplacer", coup=move))
    assert isinstance(forced, ForcedMove) and forced.player == "2001" and forced.move is not None
    nested = read_event("barricade", forced.move)
    assert nested == Moved(
        player="2001", miner=2, origin=50, destination=114, path=[63, 80, 114], bounce=True
    )
    # Today's forced move nests the move as today's model dumps it: it reads back the same.
    today = ForcedMove(player="2001", action="deplacer", move=nested.model_dump(mode="json"))
    assert today.move is not None and "joueur" not in today.move
    assert read_event("barricade", today.move) == nested


def test_an_old_event_with_a_key_the_game_never_wrote_is_refused() -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        GAME.read_event(old("tour", joueur="2001", couleur="rouge"))
