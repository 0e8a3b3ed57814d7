"""Starting a game with loaded dice written as faces, and throwing."""

from __future__ import annotations

from games.cabane import GAME, CabaneState, dice_values
from games.cabane.events import Counted, Thrown
from games.core import Action, Event
from tests.games.reading import Reading

PLAYERS = ["ana", "bob", "cid"]
THROW = Action(kind="lancer")


def start(
    mode: str = "bataille", dice: str = "", players: list[str] | None = None, cible: int = 5, seed: int = 0
) -> CabaneState:
    state, _ = GAME.start(
        list(players or PLAYERS), {"mode": mode, "cible": cible}, seed=seed, loaded=dice_values(dice)
    )
    return state


def throw(state: CabaneState, player: str | None = None) -> tuple[CabaneState, list[Event]]:
    """One throw by ``player`` (by default whoever's turn it is)."""
    return GAME.apply(state, player or state.current, THROW, 0)


def throws(state: CabaneState, count: int) -> tuple[CabaneState, list[Event]]:
    """``count`` throws in a row, each by whoever's turn it is; all their events."""
    events: list[Event] = []
    for _ in range(count):
        state, more = throw(state)
        events += more
    return state, events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def said(events: list[Event]) -> list[str]:
    """What was counted aloud during a series."""
    return [e.said for e in events if isinstance(e, Counted)]


def faces_thrown(events: list[Event]) -> list[str]:
    """The faces of the first throw among ``events``."""
    return next(list(e.faces) for e in events if isinstance(e, Thrown))


# What the table says, in the game's words (tests/games/reading.py).
READING = Reading(GAME)
words, summary, refusal = READING.words, READING.summary, READING.refusal
