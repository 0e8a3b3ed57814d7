"""The Barricade state: whose miners stand where, the barriers, and the throw being played."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core import BaseState, PlayerId

MINERS = 5
BARRIERS = 13
# A miner still in its tent.
TENT = -1
# Colours go to players in seat order.
COLOURS = ("rouge", "bleu", "vert", "jaune", "violet", "orange")
# Which of the six tents (numbered left to right) the seats use: spread out, mirror images where
# the count allows. Every tent is equally far from the mine, so the choice is about elbow room.
TENTS_FOR = {
    2: (1, 4),
    3: (0, 2, 4),
    4: (0, 2, 3, 5),
    5: (0, 1, 2, 4, 5),
    6: (0, 1, 2, 3, 4, 5),
}

Phase = Literal["lancer", "deplacer", "barriere"]


class BarricadeOptions(BaseModel):
    """Barricade has no table options: the rules and the board are fixed."""

    model_config = ConfigDict(frozen=True)


class BarricadeState(BaseState):
    options: BarricadeOptions = Field(default_factory=BarricadeOptions)
    # Turn order from the starting throws (rule 2); ``players`` stays in seat order.
    order: list[PlayerId]
    colours: dict[PlayerId, str]
    tents: dict[PlayerId, int]
    # Point id of each of a player's five miners (TENT while in the tent, the mine's id once there).
    miners: dict[PlayerId, list[int]]
    barriers: list[int]
    current: int = 0
    phase: Phase = "lancer"
    throw: int | None = None
    # After a six, the miner that must use the next throw (rule 5).
    bound_miner: int | None = None
    # The miner that just moved, while its player decides about the barrier it left.
    moved_miner: int | None = None
    barrier_from: int | None = None

    @property
    def turn_player(self) -> PlayerId | None:
        return self.order[self.current] if self.order and not self.over else None

    def owner_at(self, point: int) -> tuple[PlayerId, int] | None:
        """Who stands on ``point`` (player and miner index), if anyone. Not for the mine."""
        for player, positions in self.miners.items():
            for index, where in enumerate(positions):
                if where == point:
                    return player, index
        return None
