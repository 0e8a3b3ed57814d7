"""Every one of the 216 throws against a table written from the rule text, and the stake limits."""

from __future__ import annotations

from itertools import product

import pytest

from games.culdechouette.combos import BIRDS, classify, odd_die, stake_limit

# sorted dice -> (combination, points for the thrower, a Suite shout is due)
TABLE: dict[str, tuple[str, int, bool]] = {
    "111": ("cul_de_chouette", 50, False),
    "112": ("chouette_velute", 8, False),
    "113": ("chouette", 1, False),
    "114": ("chouette", 1, False),
    "115": ("chouette", 1, False),
    "116": ("chouette", 1, False),
    "122": ("chouette", 4, False),
    "123": ("velute", 18, True),
    "124": ("neant", 0, False),
    "125": ("neant", 0, False),
    "126": ("neant", 0, False),
    "133": ("chouette", 9, False),
    "134": ("velute", 32, False),
    "135": ("neant", 0, False),
    "136": ("neant", 0, False),
    "144": ("chouette", 16, False),
    "145": ("velute", 50, False),
    "146": ("neant", 0, False),
    "155": ("chouette", 25, False),
    "156": ("velute", 72, False),
    "166": ("chouette", 36, False),
    "222": ("cul_de_chouette", 60, False),
    "223": ("chouette", 4, False),
    "224": ("chouette_velute", 32, False),
    "225": ("chouette", 4, False),
    "226": ("chouette", 4, False),
    "233": ("chouette", 9, False),
    "234": ("suite", 0, True),
    "235": ("velute", 50, False),
    "236": ("neant", 0, False),
    "244": ("chouette", 16, False),
    "245": ("neant", 0, False),
    "246": ("velute", 72, False),
    "255": ("chouette", 25, False),
    "256": ("neant", 0, False),
    "266": ("chouette", 36, False),
    "333": ("cul_de_chouette", 70, False),
    "334": ("chouette", 9, False),
    "335": ("chouette", 9, False),
    "336": ("chouette_velute", 72, False),
    "344": ("chouette", 16, False),
    "345": ("suite", 0, True),
    "346": ("neant", 0, False),
    "355": ("chouette", 25, False),
    "356": ("neant", 0, False),
    "366": ("chouette", 36, False),
    "444": ("cul_de_chouette", 80, False),
    "445": ("chouette", 16, False),
    "446": ("chouette", 16, False),
    "455": ("chouette", 25, False),
    "456": ("suite", 0, True),
    "466": ("chouette", 36, False),
    "555": ("cul_de_chouette", 90, False),
    "556": ("chouette", 25, False),
    "566": ("chouette", 36, False),
    "666": ("cul_de_chouette", 100, False),
}


def test_the_table_covers_every_sorted_throw() -> None:
    assert len(TABLE) == 56


@pytest.mark.parametrize("dice", list(product(range(1, 7), repeat=3)))
def test_each_of_the_216_throws_is_classified_and_scored_by_the_table(dice: tuple[int, int, int]) -> None:
    combo = classify(list(dice))
    key = "".join(str(d) for d in sorted(dice))
    assert (combo.kind, combo.points, combo.suite) == TABLE[key]


def test_counts_over_the_216_throws() -> None:
    kinds = [classify(list(d)).kind for d in product(range(1, 7), repeat=3)]
    assert kinds.count("cul_de_chouette") == 6
    assert kinds.count("chouette_velute") == 9
    assert kinds.count("chouette") == 81
    assert sum(classify(list(d)).suite for d in product(range(1, 7), repeat=3)) == 24


def test_one_two_three_is_a_velute_of_18_and_a_suite() -> None:
    combo = classify([3, 1, 2])
    assert combo.kind == "velute" and combo.points == 18 and combo.suite
    assert combo.satisfies("velute") and combo.satisfies("suite")


def test_two_two_two_is_a_cul_de_chouette_of_60() -> None:
    assert (classify([2, 2, 2]).kind, classify([2, 2, 2]).points) == ("cul_de_chouette", 60)


def test_a_chouette_velute_counts_as_chouette_and_velute_but_a_cul_de_chouette_is_no_chouette() -> None:
    cv = classify([2, 4, 2])
    assert cv.satisfies("chouette") and cv.satisfies("velute") and cv.satisfies("chouette_velute")
    assert not classify([5, 5, 5]).satisfies("chouette")


def test_what_names_a_combination_and_the_birds() -> None:
    assert (classify([1, 4, 4]).kind, classify([1, 4, 4]).value) == ("chouette", 4)
    assert (classify([3, 3, 6]).kind, classify([3, 3, 6]).value) == ("chouette_velute", 6)
    assert BIRDS[4] == "Mouette" and BIRDS[6] == "Chouette"


@pytest.mark.parametrize(("dice", "position"), [([4, 4, 1], 2), ([4, 1, 4], 1), ([1, 4, 4], 0)])
def test_the_siroted_die_is_the_one_outside_the_chouette(dice: list[int], position: int) -> None:
    assert odd_die(dice) == position


def test_the_text_example_220_against_124_on_a_chouette_is_at_most_42() -> None:
    assert stake_limit("chouette", min(220, 124)) == 42


@pytest.mark.parametrize(
    ("challenge", "lowest", "limit"),
    [
        ("velute", 124, 31),
        ("cul_de_chouette", 124, 15),
        ("chouette_velute", 124, 8),
        ("sirop_grelot", 124, 4),
        ("sirop_grelot", 30, 1),
        ("chouette", 30, 10),
        ("velute", 101, 26),
    ],
)
def test_stake_limits_round_up(challenge: str, lowest: int, limit: int) -> None:
    assert stake_limit(challenge, lowest) == limit
