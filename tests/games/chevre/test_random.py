"""Random games: tiles accounted for, hands kept secret, JSON round trips, replays, leaving players."""

from __future__ import annotations

import random

import pytest

from games.chevre import GAME, ChevreState
from games.core import SYSTEM, Action
from games.core.autoplay import choose
from tests.games.randomplay import RANDOM_GAMES, play_random_game, replay

from .secrecy import check_step

PLAYERS = ["ana", "bob", "cid", "dan"]


@pytest.mark.parametrize("count", [2, 3, 4])
def test_random_games_keep_every_rule_and_replay_identically(count: int) -> None:
    games = max(1, (RANDOM_GAMES + 2) // 3)
    goats = 0
    for seed in range(games):
        # One game in four goes to 101; the others stop at 40 to play more deals in the time.
        limit = 101 if seed % 4 == 0 else 40
        start, events = GAME.start(PLAYERS[:count], {"limite": limit}, seed=seed * 7 + count)
        check_step(start, start, [e for e in events if e.kind != "debut"])
        end, moves = play_random_game(GAME, start, seed, check=check_step, round_trip_every=3)
        assert end.over, f"seed {seed}: the game did not end"
        assert isinstance(end, ChevreState)
        assert end.chevres and all(end.scores[p] >= limit for p in end.chevres)
        assert sorted(end.chevres + end.winners) == sorted(end.players)
        goats += len(end.chevres)
        if seed % 5 == 0:
            assert replay(GAME, start, moves) == end
    assert goats >= games


def test_players_leaving_at_random_moments_keep_the_tiles_in_play() -> None:
    rng = random.Random(2026)
    for seed in range(max(1, RANDOM_GAMES // 20)):
        count = 2 + seed % 3
        state, _ = GAME.start(PLAYERS[:count], {"limite": 60}, seed=seed)
        now = 0
        for _ in range(5_000):
            if state.over:
                break
            if rng.random() < 0.02:
                leaver = rng.choice(state.players)
                action, player = Action(kind="expulser", args={"joueur": leaver}), SYSTEM
            else:
                move = choose(GAME, state, rng, now)
                assert move is not None
                player, action, now = move
            before = state
            state, events = GAME.apply(state, player, action, now)
            check_step(before, state, events)
        assert state.over
        assert isinstance(state, ChevreState)
        if len(state.players) == 1:
            assert state.winners == state.players and state.chevres == []
