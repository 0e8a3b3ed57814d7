"""Loaded dice for the real bot: the game is the real one, only its first throws are chosen."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from games.core import Event, PlayerId
from games.culdechouette import CulDeChouette
from games.culdechouette.state import CulState


class LoadedCulDeChouette(CulDeChouette):
    """Cul de chouette whose next game starts with these dice (then the seeded generator takes over),
    like `GAME.start(..., loaded=[...])` in the games' own tests."""

    def __init__(self, dice: list[int]) -> None:
        self.dice = list(dice)

    def start(
        self,
        players: list[PlayerId],
        options: BaseModel | dict[str, Any] | None = None,
        *,
        seed: int = 0,
        loaded: list[int] | None = None,
        now_ms: int = 0,
    ) -> tuple[CulState, list[Event]]:
        return super().start(players, options, seed=seed, loaded=[*self.dice, *(loaded or [])], now_ms=now_ms)
