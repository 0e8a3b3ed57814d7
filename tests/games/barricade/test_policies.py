"""The two ways the bench (and computer players) play Barricade: nearest-the-mine, and at random."""

from __future__ import annotations

import random

from games.barricade import GAME, BarricadeState
from games.barricade.policies import distance_policy, random_policy, shortest_path
from games.core import Action

from .positions import BOARD, at, play, position, throw

DOORS = {at(10, 10), at(11, 10), at(12, 10)}


def picks(state: BarricadeState, player: str, seeds: int = 30) -> list[Action]:
    legal = GAME.legal_actions(state, player)
    return [distance_policy(state, player, legal, random.Random(seed)) for seed in range(seeds)]


def test_distance_takes_the_move_ending_nearest_the_mine() -> None:
    # From C5 with a 3: F5 is 6 points from the mine, E6 and D7 are 8, the tent's B5 and B7 farther.
    state = throw(position({"ana": [(4, 2)], "bob": []}, [], dice=[3]), "ana")
    assert len(GAME.legal_actions(state, "ana")) == 5
    assert picks(state, "ana") == [Action(kind="deplacer", args={"mineur": 1, "destination": at(4, 5)})] * 30


def test_distance_prefers_a_capture_between_equally_near_moves_then_picks_at_random() -> None:
    # From H6 with a 2, the three doors are all one point from the mine.
    alone = throw(position({"ana": [(5, 7)], "bob": []}, [], dice=[2]), "ana")
    assert {int(a.args["destination"]) for a in picks(alone, "ana")} == DOORS
    rival = throw(position({"ana": [(5, 7)], "bob": [(12, 10)]}, [], dice=[2]), "ana")
    assert {int(a.args["destination"]) for a in picks(rival, "ana")} == {at(12, 10)}


def test_distance_puts_a_barrier_in_front_of_the_leaders_most_advanced_miner() -> None:
    # bob leads (two miners in the mine); his best miner on E17 goes up through F17 next.
    miners = {"ana": [(4, 3)], "bob": [(16, 4), "mine", "mine"], "cid": [(8, 6)]}
    state = throw(position(miners, [(4, 3)], dice=[2]), "ana")
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(4, 5))
    assert state.phase == "barriere"
    assert shortest_path(BOARD, at(16, 4))[:2] == [at(16, 5), at(16, 6)]
    assert picks(state, "ana") == [Action(kind="barriere", args={"point": at(16, 5)})] * 30
    # A point already taken is passed over for the next one on that path.
    miners["bob"].append((16, 5))
    state = throw(position(miners, [(4, 3)], dice=[2]), "ana")
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(4, 5))
    assert picks(state, "ana") == [Action(kind="barriere", args={"point": at(16, 6)})] * 30


def test_random_play_picks_every_legal_action_sometimes_and_nothing_else() -> None:
    state = throw(position({"ana": [(4, 2)], "bob": []}, [], dice=[3]), "ana")
    legal = GAME.legal_actions(state, "ana")
    rng = random.Random(1)
    chosen = [random_policy(state, "ana", legal, rng) for _ in range(200)]
    assert all(action in legal for action in chosen)
    assert all(action in chosen for action in legal)


def test_a_policy_reads_the_view_a_player_receives_as_well_as_the_state() -> None:
    state = throw(position({"ana": [(4, 2)], "bob": []}, [], dice=[3]), "ana")
    legal = GAME.legal_actions(state, "ana")
    view = GAME.view(state, "ana")
    assert distance_policy(view, "ana", legal, random.Random(3)) == distance_policy(
        state, "ana", legal, random.Random(3)
    )
