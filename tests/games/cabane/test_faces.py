"""The die's faces in a fixed order, so that loaded dice read as letters."""

from __future__ import annotations

import pytest

from games.cabane import FACES, dice_values, face_of, value_of

from .helpers import faces_thrown, start, throw


def test_faces_follow_the_documented_order() -> None:
    assert [face_of(v) for v in range(1, 7)] == ["T", "F", "G", "D", "B", "C"]
    assert FACES == ("T", "F", "G", "D", "B", "C")
    assert [value_of(f) for f in "tfgdbc"] == [1, 2, 3, 4, 5, 6]


def test_dice_values_reads_letters_and_ignores_separators() -> None:
    assert dice_values("TF C;B,G") == [1, 2, 6, 5, 3]
    with pytest.raises(ValueError):
        dice_values("TX")
    with pytest.raises(ValueError):
        face_of(7)


def test_a_loaded_die_shows_its_face_on_the_table() -> None:
    state, events = throw(start(dice="G"))
    assert faces_thrown(events) == ["G"] and events[0].kind == "lancer"
    assert state.last_faces == ["G"] and state.last_thrower == "ana"


def test_both_dice_are_thrown_while_clearing_the_ground() -> None:
    state, events = throw(start("deux_des", dice="DF"))
    assert faces_thrown(events) == ["D", "F"] and events[0].kind == "lancer"
    assert state.dice.counter == 2
