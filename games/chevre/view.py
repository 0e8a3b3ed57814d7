"""What one reader may see of a Chèvre table: the chain, the counts, the scores, and their own hand.

The channel's view has no tile of any hand: only how many each holds, whether the round's opening
tile is imposed, and which kinds of move the player to act has (lay, draw or pass: what the table
says of them, as players see it happen).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from games.core import PlayerId

from .tiles import Tile


class ChevreView(BaseModel):
    model_config = ConfigDict(frozen=True)

    game: str
    players: list[PlayerId]
    round: int
    turn: PlayerId | None  # None once the game is over
    turn_no: int
    version: int
    over: bool
    winners: list[PlayerId]
    chevres: list[PlayerId]
    limit: int
    chain: list[tuple[int, int]]
    ends: tuple[int, int] | None
    bazar: int  # tiles left in the bazar
    hand_sizes: dict[PlayerId, int]
    scores: dict[PlayerId, int]
    remembered: dict[PlayerId, int]
    # The first round opens with an imposed tile (the highest double dealt): said, not named.
    forced_opening: bool = False
    # The kinds of move the player to act may make now (poser, piocher, passer).
    turn_moves: list[str] = Field(default_factory=list)
    # The reader's own: their hand, and the tile they must open with when it is their turn.
    hand: list[Tile] | None = None
    opening: Tile | None = None

    def seated(self) -> bool:
        return self.hand is not None
