"""Starting a game with loaded dice written as faces, and throwing."""

from __future__ import annotations

from games.cabane import GAME, CabaneState, dice_values
from games.core import Action, BaseState, Event, IllegalAction
from speech import words_of

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
    return [e.data["dit"] for e in events if e.kind == "compte"]


def words(event: Event, lang: str = "fr") -> str:
    """What the table says of ``event`` (speech/: the game's words, read from the catalogues)."""
    return words_of(GAME).describe(event, {}, lang)


def summary(state: BaseState, lang: str = "fr") -> str:
    return words_of(GAME).summary(state, {}, lang)


def refusal(error: IllegalAction, lang: str = "fr") -> str:
    """Why the table refuses an action, as the player reads it."""
    return words_of(GAME).explain(error, lang)
