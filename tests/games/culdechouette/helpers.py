"""Short ways to set a table up with loaded dice and play a scenario."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import SYSTEM, Action, Dice, Event, IllegalAction
from games.core.model import ArgValue
from games.culdechouette import GAME
from games.culdechouette.events import Bevue, Score
from games.culdechouette.state import CulState
from speech import words_of

WORDS = words_of("culdechouette")

PLAYERS = ["ana", "bob", "cid"]
BOTH = pytest.mark.parametrize("negatives", [True, False], ids=["negatifs", "sans-negatifs"])


def begin(*dice: int, negatives: bool = True, players: list[str] | None = None, **options: Any) -> CulState:
    """A table where ana starts (the order dice are 1, 2, 3…), then the given dice in order."""
    players = players or PLAYERS
    loaded = list(range(1, len(players) + 1)) + list(dice)
    state, _ = GAME.start(players, {"negatives": negatives, **options}, loaded=loaded)
    assert isinstance(state, CulState)
    return state


def rig(state: CulState, **changes: Any) -> CulState:
    """The same table with some fields set (scores in the middle of a game, held Grelottines…)."""
    out = state.model_copy(deep=True, update=changes)
    assert isinstance(out, CulState)
    return out


def load(state: CulState, *dice: int) -> CulState:
    return rig(state, dice=Dice(seed=state.dice.seed, counter=state.dice.counter, loaded=list(dice)))


def act(
    state: CulState, player: str, kind: str, at: int = 0, **args: ArgValue
) -> tuple[CulState, list[Event]]:
    new, events = GAME.apply(state, player, Action(kind=kind, args=args), at)
    assert isinstance(new, CulState)
    return new, events


def tick(state: CulState, at: int | None = None) -> tuple[CulState, list[Event]]:
    deadline = GAME.deadline(state)
    when = at if at is not None else (deadline if deadline is not None else 0)
    return act(state, SYSTEM, "tick", when)


def refused(state: CulState, player: str, kind: str, code: str, at: int = 0, **args: ArgValue) -> None:
    """The action raises ``code`` and the state is left exactly as it was."""
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, player, Action(kind=kind, args=args), at)
    assert info.value.code == code
    assert state.model_dump_json() == before


def turn(state: CulState, player: str, at: int = 0) -> tuple[CulState, list[Event]]:
    """Throws the chouettes then the cul (the dice must be loaded)."""
    state, first = act(state, player, "lancer", at)
    state, second = act(state, player, "lancer", at)
    return state, first + second


def deltas(events: list[Event]) -> dict[str, int]:
    out: dict[str, int] = {}
    for event in events:
        if isinstance(event, Score):
            out[event.player] = out.get(event.player, 0) + event.delta
    return out


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def said(events: list[Event]) -> list[str]:
    """The events as the French table reads them."""
    return [WORDS.describe(e, {}, "fr") for e in events]


def bevues(events: list[Event]) -> list[tuple[str, str]]:
    return [(e.player, e.cause) for e in events if isinstance(e, Bevue)]
