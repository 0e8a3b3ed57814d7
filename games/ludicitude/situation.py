"""The dice set aside as rabbits and clapiers, and what they are worth.

This is also « la situation » a turn leaves to the next player: the rabbits and the clapiers lying
on the table when the turn ends.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from .faces import CLAPIERS

SINGLE_POINTS = 1
STACK_POINTS = 10
DOUBLE_POINTS = 2


class Situation(BaseModel):
    singles: int = 0  # single rabbits (one die each)
    stacks: int = 0  # two 1s of the same throw stacked (two dice each)
    doubles: int = 0  # 2-faces kept as double rabbits (one die each)
    clapiers: list[int] = Field(default_factory=list)  # clapier faces, in the rising order set aside

    def rabbit_dice(self) -> int:
        return self.singles + 2 * self.stacks + self.doubles

    def dice(self) -> int:
        return self.rabbit_dice() + len(self.clapiers)

    def empty(self) -> bool:
        return self.dice() == 0

    def rabbit_points(self) -> int:
        return SINGLE_POINTS * self.singles + STACK_POINTS * self.stacks + DOUBLE_POINTS * self.doubles

    def multiplier(self) -> int:
        """The top die of the clapier pile (x1 with no clapier)."""
        return max(self.clapiers, default=1)

    def top_clapier(self) -> int:
        """The highest clapier set aside (0 with none)."""
        return max(self.clapiers, default=0)

    def next_clapier(self) -> int | None:
        """The only clapier that may go on the pile now: 2 first, then 3, 4, 5 (None once full).

        The pile rises one step at a time, with no gap: « en respectant l'ordre croissant : 2 3 4 5 »
        (DECISIONS.md)."""
        following = self.top_clapier() + 1 if self.clapiers else CLAPIERS[0]
        return following if following <= CLAPIERS[-1] else None

    def value(self) -> int:
        return self.rabbit_points() * self.multiplier()

    def rabbit_faces(self) -> list[int]:
        """The rabbit dice picked up to be thrown again, with the faces they were showing."""
        return [1] * (self.singles + 2 * self.stacks) + [2] * self.doubles

    def forget_rabbits(self) -> None:
        self.singles = self.stacks = self.doubles = 0


def score(memorised: int, situation: Situation) -> int:
    """Points of a turn: every rabbit (remembered or lying aside), times the top clapier."""
    return (memorised + situation.rabbit_points()) * situation.multiplier()
