"""Chosen dice for the real bot: the game is the real one, only its first throws (or its deal) are chosen.

A table whose test only needs the same game at every run opens with ``/jouer options:graine=<n>``
(the lobby's *Commencer* otherwise starts with a random seed). When a test needs particular throws
or a particular deal, the bot is given one of these games instead: its games start with those
values loaded, like ``GAME.start(..., loaded=[...])`` in the games' own tests, then the generator
of a fixed seed (or of the table's own) takes over.
"""

from __future__ import annotations

from typing import Any, TypeVar

from games.chevre import Chevre, ChevreState, deal_dice
from games.core import BaseState, Event, Game
from games.culdechouette import CulDeChouette
from games.culdechouette.state import CulState
from games.ludicitude import Ludicitude, LudicitudeState

S = TypeVar("S", bound=BaseState)


class LoadedDice(Game[S]):
    """Put before a game's class: each game it starts draws ``first_dice`` first, then its seed's
    generator (``fixed_seed`` when given, else the seed the table was started with)."""

    def __init__(self, first_dice: list[int], fixed_seed: int | None = None) -> None:
        self.first_dice = list(first_dice)
        self.fixed_seed = fixed_seed

    def start(self, *args: Any, **kwargs: Any) -> tuple[S, list[Event]]:
        kwargs["loaded"] = [*self.first_dice, *(kwargs.get("loaded") or [])]
        if self.fixed_seed is not None:
            kwargs["seed"] = self.fixed_seed
        return super().start(*args, **kwargs)


class LoadedCulDeChouette(LoadedDice[CulState], CulDeChouette):
    """Cul de chouette whose games start with these dice, then the table's seed."""


class LoadedLudicitude(LoadedDice[LudicitudeState], Ludicitude):
    """Ludicitude whose games start with these dice."""


class DealtChevre(LoadedDice[ChevreState], Chevre):
    """Chèvre whose first round is dealt these hands (one list of tiles per seat, « 1-1 »)."""

    def __init__(self, hands: list[list[str]], fixed_seed: int | None = None) -> None:
        super().__init__(deal_dice(hands), fixed_seed)
