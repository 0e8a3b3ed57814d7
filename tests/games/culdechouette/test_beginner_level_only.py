"""The higher levels' announcements are not part of the beginner game (DECISIONS.md): Bleu-Rouge,
Artichette, Soufflette, Attrape-Oiseau, Contre-Sirop and Sirop-Jeannot are named by the text but
never defined, so a table neither offers them nor takes them — even on the Chouette they would be
about — and the refusal changes nothing."""

from __future__ import annotations

from games.culdechouette import GAME
from tests.games.culdechouette.helpers import begin, refused, turn

HIGHER_LEVELS = ("bleu_rouge", "artichette", "soufflette", "attrape_oiseau", "contre_sirop", "sirop_jeannot")


def test_the_higher_levels_announcements_are_neither_offered_nor_taken() -> None:
    words = {spec.kind for spec in GAME.full_vocabulary()}
    assert words.isdisjoint(HIGHER_LEVELS)
    state, _ = turn(begin(1, 4, 4), "ana")
    assert state.phase == "sirop"  # a Chouette de 4 to sirote or keep
    offered = {a.kind for p in state.players for a in GAME.legal_actions(state, p)}
    assert offered and offered.isdisjoint(HIGHER_LEVELS)
    for player in ("ana", "bob"):
        for kind in HIGHER_LEVELS:
            refused(state, player, kind, "unknown_action")
