"""Random legal play to the end, for both games: invariants at every throw, JSON, replay."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.cabane import GAME, CabaneState
from games.cabane.events import Point
from games.cabane.state import SERIES_LENGTH
from games.core import SYSTEM, Action, BaseState, Event
from speech.cabane import EVENT_KINDS
from tests.games.randomplay import RANDOM_GAMES, play_random_game, replay

from .helpers import words

NAMES = ["ana", "bob", "cid", "dan", "eve", "flo", "gus", "hug"]
# The longest of thousands of random games is a few hundred throws.
MAX_STEPS = 20_000


def started(mode: str, index: int) -> CabaneState:
    players = NAMES[: 2 + index % 7]
    state, _ = GAME.start(players, {"mode": mode, "cible": 3 + index % 5}, seed=index)
    return state


class Invariants:
    """Checks every throw, and notes which events happened and how games ended."""

    def __init__(self) -> None:
        self.kinds: Counter[str] = Counter()
        self.ended_in: Counter[str] = Counter()

    def __call__(self, before: BaseState, after: BaseState, events: list[Event]) -> None:
        assert isinstance(before, CabaneState) and isinstance(after, CabaneState)
        self.kinds.update(e.kind for e in events)
        for event in events:
            assert not words(event).startswith(event.kind), event
        thrown = after.dice.counter - before.dice.counter
        assert thrown == (2 if before.phase == "debroussaillage" else 1)
        assert after.turn_no == before.turn_no + 1
        points = sum(e.points for e in events if isinstance(e, Point))
        assert sum(after.scores.values()) - sum(before.scores.values()) == points
        if after.over:
            self.ended_in[after.phase] += 1
            assert len(after.winners) == 1 and GAME.to_act(after) == []
            (champion,) = after.winners
            others = [s for p, s in after.scores.items() if p != champion]
            if after.options.mode == "bataille":
                assert after.scores[champion] == after.options.cible
            else:
                lead = 3 if after.phase == "debroussaillage" else 2
                assert all(after.scores[champion] - s >= lead for s in others)
            return
        assert GAME.to_act(after) == [after.current]
        assert [p for p in after.players if GAME.legal_actions(after, p)] == [after.current]
        if after.options.mode == "bataille":
            assert after.phase == "bataille"
            assert all(0 <= s < after.options.cible for s in after.scores.values())
        if after.phase == "dix_coups":
            assert 0 <= after.count < SERIES_LENGTH and after.throws_left == SERIES_LENGTH - after.count
            assert after.current not in after.series_queue
        elif after.phase == "bataille":
            assert after.throws_left in (1, 2) and after.count_said == ""
            assert after.after_cabane or after.throws_left == 1
        else:
            assert after.throws_left is None and after.series_queue == []


@pytest.mark.parametrize("mode", ["bataille", "deux_des"])
def test_random_games_end_with_one_winner_and_replay_identically(mode: str) -> None:
    check = Invariants()
    for index in range(RANDOM_GAMES):
        start = started(mode, index)
        final, moves = play_random_game(GAME, start, seed=index, check=check, max_steps=MAX_STEPS)
        assert final.over, f"game {index} did not end in {len(moves)} throws"
        if index % 25 == 0:
            assert replay(GAME, start, moves) == final
    if RANDOM_GAMES >= 200:
        # random play visits every rule: nothing above is checked on an empty set
        expected = set(EVENT_KINDS) - {"debut", "depart"}
        if mode == "bataille":
            expected -= {
                "cabane_sul_dos",
                "cabane_sauvee",
                "cabane_mortelle",
                "premiere_cabane",
                "continue",
                "serie",
                "compte",
                "serie_finie",
                "bataille",
                "manche",
            }
        assert expected <= set(check.kinds), expected - set(check.kinds)
        if mode == "deux_des":
            assert set(check.ended_in) == {"debroussaillage", "dix_coups", "bataille"}


def test_random_games_with_players_leaving_go_on_and_end() -> None:
    for index in range(max(1, RANDOM_GAMES // 2)):
        rng = random.Random(index)
        mode = "bataille" if index % 2 else "deux_des"
        state: CabaneState = started(mode, index + 5)
        for _ in range(MAX_STEPS):
            if state.over:
                break
            if rng.random() < 0.03:
                leaver = rng.choice(state.players)
                state, _ = GAME.apply(state, SYSTEM, Action(kind="expulser", args={"joueur": leaver}), 0)
                assert leaver not in state.players and leaver not in state.scores
                assert leaver not in state.series_queue
            else:
                state, _ = GAME.apply(state, state.current, Action(kind="lancer"), 0)
            assert GAME.load(state.model_dump_json()) == state
            if not state.over:
                assert state.current in state.players and len(state.players) >= 2
        assert state.over and len(state.winners) == 1 and state.winners[0] in state.players
