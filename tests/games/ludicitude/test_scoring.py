"""Points of the set-aside dice, by table: rabbits, stacks, double rabbits, times the top clapier."""

from __future__ import annotations

import pytest

from games.ludicitude import Situation, score


@pytest.mark.parametrize(
    ("situation", "points"),
    [
        # the text's worked example: a stack + a rabbit + a double rabbit, clapiers 2 and 3
        (Situation(stacks=1, singles=1, doubles=1, clapiers=[2, 3]), 39),
        (Situation(stacks=1, singles=1, doubles=1), 13),
        (Situation(singles=3), 3),
        (Situation(doubles=2, clapiers=[5]), 20),
        (Situation(stacks=2, clapiers=[2, 4]), 80),
        (Situation(clapiers=[2, 3, 4, 5]), 0),
        (Situation(), 0),
    ],
)
def test_value_of_the_dice_set_aside(situation: Situation, points: int) -> None:
    assert situation.value() == points
    assert score(0, situation) == points


def test_remembered_rabbits_are_multiplied_by_the_top_clapier_too() -> None:
    assert score(13, Situation(singles=1, clapiers=[3])) == 42
    assert score(13, Situation()) == 13


def test_dice_count_of_a_situation() -> None:
    situation = Situation(stacks=1, singles=1, doubles=1, clapiers=[2, 3])
    assert situation.rabbit_dice() == 4 and situation.dice() == 6
    assert sorted(situation.rabbit_faces()) == [1, 1, 1, 2]
