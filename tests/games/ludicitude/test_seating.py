"""Who throws first and who next: the text says only « chaque joueur à son tour » and « le joueur
suivant ». As DECISIONS.md settles for every game, the seats are the order the players joined: the
first to join throws first, then each in that order, round the table (docs/rules/ludicitude.md)."""

from __future__ import annotations

from games.ludicitude import GAME

from .helpers import act, start

NO_RABBIT = [3, 3, 4, 4, 5, 6, 6]  # a first throw with no rabbit: the turn passes at once


def test_the_first_to_join_throws_first_then_each_in_the_order_they_joined() -> None:
    players = ("zoe", "ana", "max")  # the order they joined, not alphabetical
    state = start(NO_RABBIT * 4, players)
    turns = []
    for _ in range(4):
        [thrower] = [p for p in state.players if GAME.legal_actions(state, p)]
        turns.append(thrower)
        state, _ = act(state, thrower, "tout_relancer")
    assert turns == ["zoe", "ana", "max", "zoe"]
