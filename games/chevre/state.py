"""What a game of Chèvre remembers between two actions."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from games.core import BaseState, PlayerId

from .tiles import Placed, Tile

HAND_SIZE = 7
# Points of one round that open a player's account when exceeded; at or below, they are remembered.
MEMORY_LIMIT = 12


class ChevreOptions(BaseModel):
    model_config = ConfigDict(frozen=True)
    # Points on the account that make the chèvre (101 in the rules); its words: chevre.option.limite.
    limite: int = Field(101, ge=13, le=1000)


class ChevreState(BaseState):
    options: ChevreOptions = Field(default_factory=ChevreOptions)
    round_no: int = 1
    hands: dict[PlayerId, list[Tile]] = Field(default_factory=dict)
    # Face down; draws take the first tile.
    bazar: list[Tile] = Field(default_factory=list)
    chain: list[Placed] = Field(default_factory=list)
    # Index in ``players`` of the player to act.
    current: int = 0
    # The tile that must open the first round (1-1, else 2-2 …); None when the opening is free.
    opening: Tile | None = None
    # The account: 0 until opened by a round worth more than MEMORY_LIMIT, then every point counts.
    scores: dict[PlayerId, int] = Field(default_factory=dict)
    # Points of small rounds kept aside until the account opens (or the player goes out).
    remembered: dict[PlayerId, int] = Field(default_factory=dict)
    # The losers when the game is over: every player whose account reached the limit.
    chevres: list[PlayerId] = Field(default_factory=list)

    def ends(self) -> tuple[int, int] | None:
        if not self.chain:
            return None
        return self.chain[0][0], self.chain[-1][1]

    def turn_player(self) -> PlayerId:
        return self.players[self.current]
