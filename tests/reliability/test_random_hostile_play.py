"""Random play for every game with illegal attempts mixed in (hostile_play.py says what is checked).

``TAVERNE_RANDOM_GAMES`` (default 250) sets the scale: each game plays that many tables divided by
``SHARE`` (125 tables each for Cabane, Chèvre and Ludicitude, 62 for Cul de chouette, 50 for
Barricade by default); short options keep the games short (Cabane to 3, Ludicitude to 10 or 60
points, Chèvre to 30), and Barricade games, thousands of moves long at random, are cut after
``BARRICADE_STEPS`` moves.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.core import Game, registry
from tests.games.randomplay import RANDOM_GAMES

from .hostile_play import Tally, hostile_play, replay

# Tables per game: TAVERNE_RANDOM_GAMES divided by this (Cul de chouette's games are the longest).
SHARE = {"culdechouette": 4, "barricade": 5}
BARRICADE_STEPS = 150
PLAYERS = ["anna", "bruno", "chloé", "dédé", "émile", "fanny"]

# Moves a game accepts from someone whose legal_actions did not list them, and why that is right.
ACCEPTED_OUTSIDE_LEGAL: dict[str, set[str]] = {
    # Anyone seated may leave; the table passes time in, and removes whoever it names.
    "*": {"quitter (seated)", "tick (table)", "expulser (table)"},
    # « Lance-Civet ! » at any moment (the buttons offer it between turns only); a Grelottine called
    # within the tie tolerance of the first call, while the table waits for simultaneous calls.
    "culdechouette": {"lance_civet (seated)", "grelottine (seated)"},
}
# Cul de chouette: out-of-turn moves and wrong announcements are Bévues (−10) at a strict table, a
# wrong announcement at any table; any other word during someone's Chante-Sloubi interrupts it.
FAULTS = (" → bévue ", " → interruption")


def options_for(name: str, rng: random.Random) -> dict[str, Any]:
    if name == "culdechouette":
        return {
            "negatives": rng.random() < 0.5,
            "strict": rng.random() < 0.5,
            "tie_tolerance_ms": rng.choice([0, 150, 400]),
            "shout_window_ms": rng.choice([1000, 5000]),
        }
    if name == "cabane":
        return {"mode": rng.choice(["bataille", "deux_des"]), "cible": 3}
    if name == "ludicitude":
        return {"objectif": rng.choice([10, 60])}
    if name == "chevre":
        return {"limite": 30}
    return {}


def table(game: Game[Any], index: int) -> tuple[Any, random.Random]:
    rng = random.Random(index)
    top = min(game.max_players, 5)
    players = PLAYERS[: rng.randint(game.min_players, top)]
    start, _ = game.start(players, options_for(game.name, rng), seed=index)
    return start, rng


@pytest.mark.parametrize("name", registry.names())
def test_illegal_attempts_are_refused_cleanly_and_legal_play_keeps_every_ledger(name: str) -> None:
    game = registry.get(name)
    tally = Tally()
    count = max(1, RANDOM_GAMES // SHARE.get(name, 2))
    steps = BARRICADE_STEPS if name == "barricade" else 5_000
    for index in range(count):
        start, rng = table(game, index)
        end, moves = hostile_play(game, start, rng, tally, max_steps=steps)
        if index % 20 == 0:
            assert replay(game, start, moves) == end, f"{name} seed {index}: replay differs"
    assert not tally.unexplained, f"refusals without a sentence: {dict(tally.unexplained)}"
    allowed = ACCEPTED_OUTSIDE_LEGAL["*"] | ACCEPTED_OUTSIDE_LEGAL.get(name, set())
    surprising = {
        k: n
        for k, n in tally.accepted_outside.items()
        if k not in allowed and not (name == "culdechouette" and any(f in k for f in FAULTS))
    }
    assert not surprising, f"accepted although not legal: {surprising} {tally.examples}"
    # The attempts really were hostile, and the games really were played.
    assert sum(tally.refused.values()) > tally.games
    assert {"not_a_player", "not_your_turn"} & set(tally.refused)
    assert tally.unknown_refused > 0, "no attempt named an argument outside the vocabulary"
    if name != "barricade":
        assert tally.finished >= tally.games * 9 // 10, f"{tally.finished} of {tally.games} games ended"
    print(
        f"{name}: {tally.games} games, {tally.steps} attempts, refused {sum(tally.refused.values())} "
        f"({len(tally.refused)} codes; {tally.unknown_refused} for an unknown argument): {dict(tally.refused)}"
    )
