"""Random legal play: five miners per colour and thirteen barriers always accounted for.

A random game takes a few hundred moves (a median of about 160 for two players, 550 for six); the
property test plays ``TAVERNE_RANDOM_GAMES // 125`` full games of two to four players (at least 3:
3 by default) and ``TAVERNE_RANDOM_GAMES`` short games of 30 moves (250 by default), half of them from positions
met in the full games, half from fresh starts of five and six players.
"""

from __future__ import annotations

from functools import cache

from games.barricade import GAME, BarricadeState
from games.barricade.state import BARRIERS, MINERS, TENT
from games.core import Action, BaseState, Event, PlayerId
from speech import words_of
from tests.games.randomplay import RANDOM_GAMES, play_random_game, replay

from .positions import BOARD

FULL_GAMES = max(3, RANDOM_GAMES // 125)  # at least one game of 2, 3 and 4 players
SHORT_STEPS = 30
NAMES = ["ana", "bob", "cid", "dan", "eve", "fay"]

Moves = list[tuple[PlayerId, Action, int]]

WORDS = words_of("barricade")


def check(before: BaseState, after: BaseState, events: list[Event]) -> None:
    assert isinstance(before, BarricadeState) and isinstance(after, BarricadeState)
    assert set(after.miners) == set(after.order) == set(after.players)
    on_board: list[int] = []
    for player, positions in after.miners.items():
        assert len(positions) == MINERS
        assert all(p == TENT or 0 <= p <= BOARD.mine for p in positions)
        on_board += [p for p in positions if p not in (TENT, BOARD.mine)]
        if player in before.miners:
            # A miner in the mine stays there.
            assert positions.count(BOARD.mine) >= before.miners[player].count(BOARD.mine)
    assert len(on_board) == len(set(on_board)), "two miners on one point"
    assert len(after.barriers) == len(set(after.barriers)) == BARRIERS
    assert not set(after.barriers) & BOARD.start_line and BOARD.mine not in after.barriers
    assert after.turn_no >= before.turn_no
    if after.phase == "deplacer":
        assert after.throw is not None and GAME.moves(after)
    if after.phase == "barriere":
        assert after.barrier_from in after.barriers
        assert after.barrier_from not in on_board
    if after.over:
        (winner,) = after.winners
        assert after.miners[winner].count(BOARD.mine) == MINERS or len(after.players) == 1
    for event in events:
        assert not WORDS.describe(event, {}, "fr").startswith(event.kind), event


@cache
def full_games() -> tuple[tuple[BarricadeState, BarricadeState, Moves], ...]:
    games = []
    for seed in range(FULL_GAMES):
        start, _ = GAME.start(NAMES[: 2 + seed % 3], seed=seed)
        end, moves = play_random_game(GAME, start, seed, check=check, max_steps=80_000, round_trip_every=10)
        games.append((start, end, moves))
    return tuple(games)


def snapshots() -> list[BarricadeState]:
    out = []
    for start, _, moves in full_games():
        state = start
        for n, (player, action, at) in enumerate(moves):
            state, _ = GAME.apply(state, player, action, at)
            if n % 400 == 0 and not state.over:
                out.append(state)
    return out


def test_random_full_games_finish_with_a_winner_who_brought_five_miners() -> None:
    for _, end, _ in full_games():
        assert end.over
        assert GAME.scores(end)[end.winners[0]] == MINERS


def test_replaying_the_same_moves_gives_the_same_game() -> None:
    for start, end, moves in full_games()[:2]:
        assert replay(GAME, start, moves) == end


def test_many_short_random_games_keep_every_miner_and_barrier() -> None:
    pool = snapshots()
    assert pool
    for seed in range(RANDOM_GAMES):
        if seed % 2:
            start = pool[seed % len(pool)]
        else:
            start, _ = GAME.start(NAMES[: 5 + seed // 2 % 2], seed=seed)
        end, moves = play_random_game(GAME, start, seed, check=check, max_steps=SHORT_STEPS)
        assert len(moves) == SHORT_STEPS or end.over
