"""Options chosen at creation and the state of a game of la Cabane sul' Dos."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core import BaseState, PlayerId

from .faces import Face

Mode = Literal["bataille", "deux_des"]
Phase = Literal["debroussaillage", "dix_coups", "bataille"]

# Coups in a series of the second phase, counted aloud from 0.
SERIES_LENGTH = 10
# Lead over every opponent that wins the two-dice game: 3 while clearing the ground, 2 afterwards.
LEAD_FIRST_PHASE = 3
LEAD_LATER = 2


class CabaneOptions(BaseModel):
    model_config = ConfigDict(frozen=True)

    # What each option means is in the catalogues (``cabane.option.<name>``, speech/cabane.py).
    mode: Mode = "deux_des"
    cible: int = Field(5, ge=3, le=7)


class CabaneState(BaseState):
    options: CabaneOptions
    scores: dict[PlayerId, int]
    phase: Phase
    # Whose turn it is (an id rather than a seat number: seats move when someone leaves).
    current: PlayerId
    # Throws the current player still has at the bataille; coups left in the series of ten;
    # None while clearing the ground, where one throws until a C or a T.
    throws_left: int | None = None
    # The current player plays after the previous player's Cabane (bataille): a B then gives two
    # more throws, a C cancels the turn.
    after_cabane: bool = False
    # A first Façade waits for its confirmation (bataille).
    facade: bool = False
    # The series of ten: coups counted so far, and what the player says aloud ("5 ; 6").
    count: int = 0
    count_said: str = ""
    # Players who still have their series of ten to play, in order, after the current one.
    series_queue: list[PlayerId] = Field(default_factory=list)
    # The last throw, for the table to show.
    last_thrower: PlayerId | None = None
    last_faces: list[Face] = Field(default_factory=list)
    # Rounds of the two-dice game: each point in the 10 coups starts a new one.
    round: int = 1
