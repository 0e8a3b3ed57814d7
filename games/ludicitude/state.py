"""Options and state of a Ludicitude game."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core import BaseState, PlayerId

from .situation import Situation

# debut: take over the situation left or throw all seven; ecarter: set aside after a throw;
# suite: throw again or stop; carottes: only carrots came, the rabbit dice must be thrown again.
Phase = Literal["debut", "ecarter", "suite", "carottes"]


class LudicitudeOptions(BaseModel):
    model_config = ConfigDict(frozen=True)
    # What it means is in the catalogues (``ludicitude.option.objectif``, speech/ludicitude.py).
    objectif: int = Field(333, ge=10, le=10_000)


class LudicitudeState(BaseState):
    options: LudicitudeOptions
    scores: dict[PlayerId, int]
    current: int = 0
    phase: Phase = "debut"
    # The rabbits and clapiers set aside this turn; at « debut », the situation the last turn left.
    situation: Situation = Field(default_factory=Situation)
    # Faces of the dice not set aside, as they lie after the last throw (they are what is thrown).
    table: list[int] = Field(default_factory=list)
    # Carrots set aside for good this turn (they go back to the table when the turn ends).
    carrots: int = 0
    # Rabbit points remembered when the rabbit dice were picked up to be thrown again.
    memorised: int = 0
    # The last throw showed only carrots: a throw of clapiers only now still scores.
    after_carrots: bool = False

    def dice_count(self) -> int:
        """Every die, wherever it is: always seven."""
        return len(self.table) + self.situation.dice() + self.carrots
