"""Random legal play in both score variants: no exception, scores are the sum of the score events,
JSON round trip at every step, replays are identical, and every game ends.

``TAVERNE_RANDOM_GAMES`` (default 250) games are played to 343; a random game averages a few
hundred steps (each checked: JSON round trip, scores, someone to play).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.core import SYSTEM, Action, BaseState, Event
from games.core.autoplay import choose
from games.culdechouette import GAME
from games.culdechouette.events import Score
from games.culdechouette.state import CulState
from tests.games.randomplay import RANDOM_GAMES, play_random_game, replay


def table(seed: int) -> tuple[CulState, dict[str, int]]:
    players = ["ana", "bob", "cid", "dan", "eve"][: 2 + seed % 4]
    options = {
        "negatives": seed % 2 == 0,
        "strict": seed % 3 != 0,
        "tie_tolerance_ms": [0, 150, 400][seed % 3],
    }
    start, events = GAME.start(players, options, seed=seed)
    assert isinstance(start, CulState)
    return start, sum_scores(dict.fromkeys(players, 0), events)


def sum_scores(totals: dict[str, int], events: list[Event]) -> dict[str, int]:
    for event in events:
        if isinstance(event, Score):
            totals[event.player] = totals.get(event.player, 0) + event.delta
            assert totals[event.player] == event.total
    return totals


def checker(totals: dict[str, int]) -> Callable[[BaseState, BaseState, list[Event]], None]:
    def check(before: BaseState, after: BaseState, events: list[Event]) -> None:
        assert isinstance(after, CulState)
        sum_scores(totals, events)
        assert {p: totals.get(p, 0) for p in after.scores} == after.scores
        if not after.options.negatives:
            assert min(after.scores.values()) >= 0
        if not after.over:
            waiting = GAME.deadline(after) is not None or any(
                GAME.legal_actions(after, p) for p in after.players
            )
            assert waiting, f"nothing can happen in phase {after.phase}"
            assert len(after.players) >= 2 and 0 <= after.current < len(after.players)

    return check


def test_random_games_keep_every_invariant() -> None:
    ended_by_score = 0
    for seed in range(RANDOM_GAMES):
        start, totals = table(seed)

        end, moves = play_random_game(GAME, start, seed, check=checker(totals))
        assert isinstance(end, CulState)
        assert end.over, f"game {seed} did not end in {len(moves)} steps"
        assert end.winners
        if any(end.scores[p] >= 343 for p in end.winners):
            ended_by_score += 1
        else:
            assert end.winners == end.players and len(end.players) == 1
        if seed % 10 == 0:
            assert replay(GAME, table(seed)[0], moves) == end
    assert ended_by_score >= RANDOM_GAMES // 2


def test_random_games_with_players_leaving_and_joining_by_chante_sloubi() -> None:
    """Leavers at any moment (even mid-throw or mid-window) and newcomers singing the Sloubi."""
    for seed in range(max(1, RANDOM_GAMES // 5)):
        rng = random.Random(seed)
        state, totals = table(seed)
        now, newcomers = 0, iter(["zoe", "yan", "xia"])
        newcomer = next(newcomers)
        for _ in range(20_000):
            if state.over:
                break
            roll = rng.random()
            if roll < 0.004:
                leaver = rng.choice(state.players)
                state, events = GAME.apply(
                    state, SYSTEM, Action(kind="expulser", args={"joueur": leaver}), now
                )
            elif roll < 0.05 and newcomer not in state.players and GAME.legal_actions(state, newcomer):
                state, events = GAME.apply(state, newcomer, Action(kind="chante_sloubi"), now)
                newcomer = next(newcomers, newcomer)
            else:
                move = choose(GAME, state, rng, now)
                assert move is not None
                player, action, now = move
                state, events = GAME.apply(state, player, action, now)
            assert isinstance(state, CulState)
            sum_scores(totals, events)
            assert {p: totals.get(p, 0) for p in state.scores} == state.scores
            assert GAME.load(state.model_dump_json()) == state
        assert state.over and state.winners
