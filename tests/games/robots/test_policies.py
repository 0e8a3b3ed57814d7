"""Every robot plays only legal actions, the same way for the same generator, in every game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import available
from games.core import Action, BaseState, Game, PlayerId
from games.robots import LEVELS, Shout, level_name, policy, robot_rng
from games.robots.base import Decision
from games.robots.match import Chooser, play_match, robot, uniform

GAMES = ["culdechouette", "cabane", "chevre", "barricade", "ludicitude"]


def checked(level: str, seen: list[int]) -> Chooser:
    """The robot of ``level``, checking that each of its decisions is one of its legal actions."""
    inner = robot(level)

    def choose(
        game: Game[Any], state: BaseState, player: PlayerId, legal: list[Action], rng: random.Random
    ) -> Decision:
        decision = inner(game, state, player, legal, rng)
        action = decision.action if isinstance(decision, Shout) else decision
        assert action is None or action in legal, (game.name, player, action, legal)
        if isinstance(decision, Shout):
            assert decision.delay_ms >= 0
        seen[0] += 1
        return decision

    return choose


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_robot_decision_is_legal_and_accepted(name: str, seed: int) -> None:
    game = available()[name]
    seats = ["ana", "bob", "cid"]
    seen = [0]
    # A strong, a beginner and a random player at three seats (two at Chèvre's smallest table too).
    players = seats if game.max_players >= 3 else seats[:2]
    choosers = {"ana": checked("fort", seen), "bob": checked("debutant", seen), "cid": uniform}
    steps = 150 if name == "barricade" else 300  # Barricade's steps are the dearest
    result = play_match(game, players, choosers, seed=seed, max_steps=steps)
    # The driver applied every decision (a refused one raises): the game ended or ran its steps.
    assert result.state.over or len(result.moves) == steps
    assert seen[0] >= len([m for m in result.moves if m[0] in ("ana", "bob")])


@pytest.mark.parametrize("name", ["ludicitude", "chevre", "cabane"])
def test_two_robots_finish_a_whole_game(name: str) -> None:
    game = available()[name]
    result = play_match(game, ["ana", "bob"], {"ana": robot("fort"), "bob": robot("debutant")}, seed=7)
    assert result.state.over
    assert result.state.winners


@pytest.mark.parametrize("name", GAMES)
def test_the_same_view_and_generator_give_the_same_decision(name: str) -> None:
    game = available()[name]
    state = play_match(game, ["ana", "bob"], {"ana": uniform, "bob": uniform}, seed=11, max_steps=25).state
    for level in LEVELS:
        choose = policy(name, level)
        for p in state.players:
            legal = game.legal_actions(state, p)
            if not legal:
                continue
            view = game.view(state, p)
            first = choose(view, p, legal, robot_rng(11, p, state.turn_no))
            again = choose(view, p, legal, robot_rng(11, p, state.turn_no))
            assert first == again


def test_the_robot_generator_is_stable_and_apart_for_each_seat_and_step() -> None:
    assert robot_rng(5, 0, 3).random() == robot_rng(5, 0, 3).random()
    draws = {robot_rng(5, seat, step).random() for seat in range(3) for step in range(3)}
    assert len(draws) == 9
    # Not Python's hash(): the value is the same in every process.
    assert robot_rng(5, 0, 0).randrange(10**6) == robot_rng(5, 0, 0).randrange(10**6)


def test_levels_by_name_and_unknown_ones_refused() -> None:
    assert level_name("débutant") == "debutant" and level_name("Fort") == "fort"
    assert policy("chevre", "débutant") is policy("chevre", "debutant")
    with pytest.raises(ValueError, match="niveau inconnu"):
        policy("chevre", "expert")
    with pytest.raises(KeyError, match="jeu sans robot"):
        policy("belote", "fort")


def test_next_move_says_what_and_when_a_seated_robot_plays() -> None:
    game = available()["culdechouette"]
    state, _ = game.start(["ana", "bob"], {"shout_window_ms": 5000}, loaded=[1, 2, 2, 3, 4])
    from games.robots import next_move

    assert next_move(game, state, "bob", "fort", 9, 0) is None  # not bob's turn, nothing to call
    assert next_move(game, state, "ana", "fort", 9, 0) == (Action(kind="lancer"), 0)
    for _ in range(2):
        state, _ = game.apply(state, "ana", Action(kind="lancer"), 1000)
    # A Suite: both shout, each at the window's opening (1000) plus its reaction time.
    move = next_move(game, state, "bob", "fort", 9, 1200)
    assert move is not None and move[0] == Action(kind="grelotte_ca_picote")
    assert 1300 <= move[1] <= 1900
    assert next_move(game, state, "bob", "fort", 9, 1250) == move  # asked again: the same moment
