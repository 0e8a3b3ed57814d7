"""Starting a Ludicitude game with loaded dice and playing actions by name."""

from __future__ import annotations

from typing import TypeVar

from games.core import Action, Event
from games.ludicitude import GAME, LudicitudeState
from tests.games.reading import Reading


def start(loaded: list[int], players: tuple[str, ...] = ("ana", "bob"), **options: int) -> LudicitudeState:
    state, _ = GAME.start(list(players), dict(options), seed=11, loaded=loaded)
    return state


def act(state: LudicitudeState, player: str, kind: str, **args: int) -> tuple[LudicitudeState, list[Event]]:
    return GAME.apply(state, player, Action(kind=kind, args=dict(args)), 0)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


E = TypeVar("E", bound=Event)


def event(events: list[Event], model: type[E]) -> E:
    """The first of ``events`` of the kind ``model`` (games/ludicitude/events.py)."""
    return next(e for e in events if isinstance(e, model))


# ana sets aside a stack, a double rabbit and the clapier pour 2; then a rabbit and the clapier
# pour 3; then a last rabbit: all seven dice aside, worth (10 + 2 + 1 + 1) x 3 = 42.
ALL_ASIDE = [1, 1, 2, 2, 3, 4, 6, 1, 3, 6, 1]


def every_die_aside(then: list[int]) -> LudicitudeState:
    """ana's turn once her seven dice are aside; ``then`` are the throws that follow."""
    state = start(ALL_ASIDE + then)
    state, _ = act(state, "ana", "tout_relancer")
    state, _ = act(state, "ana", "ecarter", lapins=2, doubles=1, clapier=2)
    state, _ = act(state, "ana", "relancer")
    state, _ = act(state, "ana", "ecarter", lapins=1, clapier=3)
    state, _ = act(state, "ana", "relancer")
    state, _ = act(state, "ana", "ecarter", lapins=1)
    return state


# What the table says, in the game's words (tests/games/reading.py).
READING = Reading(GAME)
words, summary, refusal = READING.words, READING.summary, READING.refusal
