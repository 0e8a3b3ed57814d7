"""A table opened without options plays as DECISIONS.md says: strict (a throw out of turn is a
Bévue) and with negatives (that Bévue takes a score below zero); two clicks 150 ms apart are « at
the same time »."""

from __future__ import annotations

from games.culdechouette import GAME
from games.culdechouette.state import CulState

from .helpers import PLAYERS, act, bevues, deltas


def test_without_options_the_table_is_strict_with_negatives() -> None:
    state, _ = GAME.start(PLAYERS, {}, loaded=[1, 2, 3, 4, 4])
    assert isinstance(state, CulState) and state.players[state.current] == "ana"
    assert (state.options.strict, state.options.negatives, state.options.tie_tolerance_ms) == (True, True, 150)
    state, events = act(state, "bob", "lancer")  # not his turn, from 0 points
    assert bevues(events) == [("bob", "hors_tour")] and deltas(events) == {"bob": -10}
    assert GAME.scores(state)["bob"] == -10
