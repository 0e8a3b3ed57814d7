"""``apply`` works on a copy of the state: a move never changes the state it was played from.

The copy is planned from the models' field types (games/core/copying.py); these tests play every
game at random and check, at each step, that the copy equals its source and shares nothing that the
rules could change with it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field

from games.core import registry
from games.core.autoplay import random_steps
from games.core.copying import deep_copy


def mutable_parts(value: Any, path: str = "state") -> dict[int, str]:
    """Every list, dict, set and non-frozen model reachable from ``value``, by id."""
    found: dict[int, str] = {}
    if isinstance(value, BaseModel):
        if not value.model_config.get("frozen"):
            found[id(value)] = path
        for name, item in value.__dict__.items():
            found |= mutable_parts(item, f"{path}.{name}")
    elif isinstance(value, (list, dict, set)):
        found[id(value)] = path
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            found |= mutable_parts(item, f"{path}[{key!r}]")
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            found |= mutable_parts(item, f"{path}[{index}]")
    return found


@pytest.mark.parametrize("name", registry.names())
def test_the_copy_of_every_state_of_random_games_equals_it_and_shares_nothing_mutable(name: str) -> None:
    game = registry.get(name)
    for seed in range(3):
        state, _ = game.start(["ana", "bob", "cid"], seed=seed)
        for step in random_steps(game, state, random.Random(seed), max_steps=400):
            for source in (step.before, step.after):
                copied = deep_copy(source)
                assert copied == source and type(copied) is type(source)
                assert copied.model_dump_json() == source.model_dump_json()
                shared = mutable_parts(source).keys() & mutable_parts(copied).keys()
                assert not shared, [mutable_parts(source)[i] for i in shared]


def test_a_move_leaves_the_state_it_was_played_from_as_it_was() -> None:
    game = registry.get("ludicitude")
    state, _ = game.start(["ana", "bob"], seed=1)
    for step in random_steps(game, state, random.Random(1), max_steps=200):
        before = step.before.model_dump_json()
        game.apply(step.before, step.player, step.action, step.at_ms)
        assert step.before.model_dump_json() == before


class Leaf(BaseModel):
    marks: list[int] = Field(default_factory=list)


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: str = "x"
    inside: list[int] = Field(default_factory=list)


class Odd(BaseModel):
    """Field types no game has today: the copy must still share nothing mutable."""

    maybe: Leaf | None = None
    either: int | list[int] = 0
    rows: list[list[int]] = Field(default_factory=list)
    by_name: dict[str, Leaf | None] = Field(default_factory=dict)
    pair: tuple[int, list[int]] = (0, [])
    tags: set[str] = Field(default_factory=set)
    frozen: Frozen = Field(default_factory=Frozen)
    anything: Any = None


def test_unusual_field_types_are_copied_not_shared() -> None:
    odd = Odd(
        maybe=Leaf(marks=[1]),
        either=[2, 3],
        rows=[[1], [2]],
        by_name={"a": Leaf(marks=[4]), "b": None},
        pair=(1, [5]),
        tags={"t"},
        frozen=Frozen(inside=[6]),
        anything={"k": [7]},
    )
    copied = deep_copy(odd)
    assert copied == odd
    shared = mutable_parts(odd).keys() & mutable_parts(copied).keys()
    assert not shared, [mutable_parts(odd)[i] for i in shared]
    assert copied.anything is not odd.anything and copied.tags is not odd.tags


class Plain(BaseModel):
    """Field types every copier plan knows: copied field by field, not through pydantic."""

    leaf: Leaf = Field(default_factory=Leaf)
    leaves: list[Leaf | None] = Field(default_factory=list)
    tags: set[str] = Field(default_factory=set)
    frozen: Frozen = Field(default_factory=Frozen)
    pair: tuple[int, str] = (0, "")


def test_known_field_types_are_copied_field_by_field_and_share_nothing_mutable() -> None:
    plain = Plain(leaf=Leaf(marks=[1]), leaves=[Leaf(marks=[2]), None], tags={"t"}, frozen=Frozen(inside=[3]))
    copied = deep_copy(plain)
    assert copied == plain
    shared = mutable_parts(plain).keys() & mutable_parts(copied).keys()
    assert not shared, [mutable_parts(plain)[i] for i in shared]
    assert copied.tags is not plain.tags and copied.pair is plain.pair
