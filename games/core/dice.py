"""The dice generator kept inside a game's state.

A seed and a counter are enough to derive every throw (each throw hashes both), so the state stays
small when it is written after every action. ``loaded`` holds results to hand out first: tests,
tutorials and bug reports replay exact throws with it.
"""

from __future__ import annotations

from hashlib import blake2b
from typing import TypeVar

from pydantic import BaseModel, Field

T = TypeVar("T")


class Dice(BaseModel):
    seed: int = 0
    counter: int = 0
    loaded: list[int] = Field(default_factory=list)

    def roll(self, sides: int = 6) -> int:
        """One result from 1 to ``sides``. Mutates the generator: call it on the state being built."""
        if sides < 1:
            raise ValueError("sides must be positive")
        # Through __dict__, not pydantic's __setattr__ (a plain field, no validation on assignment):
        # a throw is the commonest mutation of a game, and its setattr cost as much as the hash.
        fields = self.__dict__
        counter = fields["counter"] = fields["counter"] + 1
        if self.loaded:
            value = self.loaded.pop(0)
            if not 1 <= value <= sides:
                raise ValueError(f"loaded value {value} is not between 1 and {sides}")
            return value
        digest = blake2b(f"{self.seed}:{counter}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big") % sides + 1

    def randbelow(self, n: int) -> int:
        """A number from 0 to n - 1 (a loaded value v gives v - 1)."""
        return self.roll(n) - 1

    def shuffle(self, items: list[T]) -> list[T]:
        """A shuffled copy (Fisher-Yates through ``randbelow``)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.randbelow(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
