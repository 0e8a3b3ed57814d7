"""What the robots choose where a player would notice: stopping, taking over, blocking, odds."""

from __future__ import annotations

from games.barricade import GAME as BARRICADE
from games.barricade.board import distances_to_mine
from games.barricade.state import BarricadeState
from games.core import Action
from games.ludicitude import GAME as LUDICITUDE
from games.ludicitude.situation import Situation
from games.ludicitude.state import LudicitudeState
from games.robots import policy, robot_rng
from games.robots.barricade import costs, miner_cost
from games.robots.chouette_odds import (
    MEAN_THROW_POINTS,
    MEET,
    enumerate_mean_throw_points,
    enumerate_meet_probability,
)
from games.robots.ludicitude import FRESH_TURN, one_more_throw


def lud(**fields: object) -> LudicitudeState:
    state, _ = LUDICITUDE.start(["ana", "bob"], seed=1)
    out = state.model_copy(update=fields)
    assert isinstance(out, LudicitudeState)
    return out


def choose(game: str, level: str, state: object, me: str, legal: list[Action]) -> object:
    from games import available

    g = available()[game]
    return policy(game, level)(g.view(state, me), me, legal, robot_rng(0, me, 0))  # type: ignore[arg-type]


def test_the_strong_ludicitude_robot_stops_when_stopping_wins() -> None:
    state = lud(phase="suite", scores={"ana": 325, "bob": 0}, table=[6] * 5, situation=Situation(stacks=1))
    legal = LUDICITUDE.legal_actions(state, "ana")
    assert choose("ludicitude", "fort", state, "ana", legal) == Action(kind="arreter")


def test_the_strong_ludicitude_robot_goes_on_with_many_dice_and_few_points() -> None:
    state = lud(phase="suite", table=[6] * 6, situation=Situation(singles=1))
    legal = LUDICITUDE.legal_actions(state, "ana")
    assert choose("ludicitude", "fort", state, "ana", legal) == Action(kind="relancer")
    # ... and stops with a rich turn and one die left, where a throw loses it five times in six.
    rich = lud(phase="suite", table=[6], situation=Situation(stacks=2, clapiers=[2, 3, 4, 5]))
    assert choose("ludicitude", "fort", rich, "ana", legal) == Action(kind="arreter")
    assert one_more_throw(1, 20, 5) < 100


def test_the_strong_ludicitude_robot_takes_over_a_rich_situation_only() -> None:
    rich = lud(table=[6, 6, 6], situation=Situation(stacks=2, clapiers=[2, 3]), scores={"ana": 0, "bob": 0})
    poor = lud(table=[6, 6, 6, 6, 6, 6], situation=Situation(singles=1), scores={"ana": 0, "bob": 0})
    legal = [Action(kind="tout_relancer"), Action(kind="reprendre")]
    assert choose("ludicitude", "fort", rich, "ana", legal) == Action(kind="reprendre")
    assert choose("ludicitude", "fort", poor, "ana", legal) == Action(kind="tout_relancer")
    assert FRESH_TURN > 0


def test_a_strong_barricade_robot_puts_the_barrier_in_the_leaders_way() -> None:
    board = BARRICADE.board
    state, _ = BARRICADE.start(["ana", "bob"], seed=4)
    assert isinstance(state, BarricadeState)
    # bob's leading miner stands six points from the mine; ana's miner, at its tent's door, just
    # left the first barrier and is to put it somewhere (or leave it).
    static = distances_to_mine(board)
    lead = min(p for p, d in static.items() if d == 6 and p not in state.barriers)
    barrier = state.barriers[0]
    ana_at = board.tents[state.tents["ana"]].entry
    state = state.model_copy(
        update={
            "miners": {"ana": [ana_at, -1, -1, -1, -1], "bob": [lead, -1, -1, -1, -1]},
            "order": ["ana", "bob"],
            "current": 0,
            "phase": "barriere",
            "barrier_from": barrier,
            "moved_miner": 0,
            "throw": 3,
        }
    )
    legal = BARRICADE.legal_actions(state, "ana")
    decision = choose("barricade", "fort", state, "ana", legal)
    assert isinstance(decision, Action) and decision.kind == "barriere"
    point = int(decision.args["point"])  # type: ignore[arg-type]
    before = costs(board, set(state.barriers))
    after = costs(board, (set(state.barriers) - {barrier}) | {point})
    # bob's way to the mine is longer with the barrier where the robot put it.
    assert miner_cost(state, board, "bob", lead, after) > miner_cost(state, board, "bob", lead, before)


def test_the_cul_de_chouette_odds_are_the_enumerated_ones() -> None:
    assert abs(MEET["cul_de_chouette"] - enumerate_meet_probability("cul_de_chouette")) < 1e-4
    assert abs(MEAN_THROW_POINTS - enumerate_mean_throw_points()) < 0.01
