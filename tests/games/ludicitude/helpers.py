"""Starting a Ludicitude game with loaded dice and playing actions by name."""

from __future__ import annotations

from games.core import Action, Event
from games.ludicitude import GAME, LudicitudeState


def start(loaded: list[int], players: tuple[str, ...] = ("ana", "bob"), **options: int) -> LudicitudeState:
    state, _ = GAME.start(list(players), dict(options), seed=11, loaded=loaded)
    return state


def act(state: LudicitudeState, player: str, kind: str, **args: int) -> tuple[LudicitudeState, list[Event]]:
    return GAME.apply(state, player, Action(kind=kind, args=dict(args)), 0)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def event(events: list[Event], kind: str) -> dict[str, object]:
    return next(e.data for e in events if e.kind == kind)
