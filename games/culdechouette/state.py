"""The table's options and the game state, with the pending windows, challenge, bets and song."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core import BaseState, PlayerId

WIN = 343
OUT = -343
GRELOTTINE_MINIMUM = 30  # without negatives: to win, keep and use a Grelottine
SLOUBI_LIMIT = 228
CIVET_MAX = 102
SIROP_STAKE = 5
SIROP_GAIN = 25
BEVUE = 10

Phase = Literal[
    "chouettes",  # the current player is to throw the two chouettes (challenges may start)
    "cul",  # the chouettes are down, the cul is next
    "sirop",  # a Chouette: the thrower sirotes or keeps it
    "paris",  # the others announce their sirop bets (timed)
    "sirop_lancer",  # bets closed: the thrower throws the siroted die
    "cris",  # a shout window (timed)
    "appel",  # one or more « Grelottine ! » calls, simultaneous within the tie tolerance (timed)
    "mise",  # the grelottin chooses the combination and the stake
    "defi",  # the challenged is to throw (first throw); a Civet may be announced
    "relance",  # the challenged chooses the dice to keep for the second throw
]


class Options(BaseModel):
    """What each option means, for the players: ``culdechouette.option.<name>`` in the catalogues."""

    model_config = ConfigDict(frozen=True)

    negatives: bool = True  # scores may go below zero (out at -343)
    strict: bool = True  # throwing out of turn is a Bévue (else refused)
    shout_window_ms: int = Field(5000, ge=100, le=120_000)
    tie_tolerance_ms: int = Field(150, ge=0, le=5000)


class Shouts(BaseModel):
    """A timed shout window: who clicked when."""

    kind: Literal["pas_mou", "grelotte", "moisissure"]
    points: int = 0  # Chouette-Velute points, or the loss at stake in a tie-break
    among: list[PlayerId] = Field(default_factory=list)  # who must shout (all but a tie-break)
    clicks: dict[PlayerId, int] = Field(default_factory=dict)


class ClosedShouts(BaseModel):
    """The last shout window that closed: who shouted in it, and up to when it was open.

    A second click of the same shout stamped before ``until_ms`` is a double click that reached the
    game after the window closed early (everyone had shouted): it is refused, not a Bévue."""

    kind: Literal["pas_mou", "grelotte", "moisissure"]
    shouted: list[PlayerId] = Field(default_factory=list)
    until_ms: int = 0


# Each bettor's announcement: « Beau-Sirop ! » (a bet on the Chouette's value), a bird of another
# value (a bet on that value), « Couche-Sirop ! » / « File-Sirop ! » (no bet), the siroted Chouette's
# own bird (a Bévue, no bet), a bet void for want of 5 points, or silence at the close (a Bévue).
Announcement = Literal["beau", "oiseau_pari", "couche", "file", "oiseau", "caduc", "silence"]


class Sirop(BaseModel):
    value: int  # the Chouette being siroted
    position: int  # the die thrown again
    bets: dict[PlayerId, Announcement] = Field(default_factory=dict)
    birds: dict[PlayerId, int] = Field(default_factory=dict)  # the value each bird bet names
    bettors: list[PlayerId] = Field(default_factory=list)  # who must announce
    forced: bool = False  # a Sirop-Grelot's Chouette on the second throw


class Challenge(BaseModel):
    grelottin: PlayerId
    target: PlayerId
    lowest: int  # the lower of the two scores when the challenge was called
    combination: str = ""
    stake: int = 0
    max_called: bool = False
    throws: int = 0
    met: bool = False  # a throw (or the sirotage) made the combination asked


class CivetBet(BaseModel):
    player: PlayerId
    stake: int
    combination: str
    during: Literal["tour", "defi"]
    met: bool = False


class Song(BaseModel):
    player: PlayerId
    target: int
    start: int
    next: int = 1


class CulState(BaseState):
    options: Options
    scores: dict[PlayerId, int]
    current: int = 0
    phase: Phase = "chouettes"
    deadline_ms: int | None = None
    thrower: PlayerId | None = None
    throw: list[int] = Field(default_factory=list)
    during: Literal["tour", "defi"] = "tour"
    siroted: bool = False
    sirop: Sirop | None = None
    claims: list[PlayerId] = Field(default_factory=list)  # may still shout « Sirop Gagnant ! »
    shouts: Shouts | None = None
    closed_shouts: ClosedShouts | None = None
    calls: dict[PlayerId, list[str | int]] = Field(default_factory=dict)  # caller -> [target, ms]
    challenge: Challenge | None = None
    grelottines: list[PlayerId] = Field(default_factory=list)
    civets: list[PlayerId] = Field(default_factory=list)
    civet_bet: CivetBet | None = None
    rounds: int = 0
    round_starter: PlayerId = ""
    sloubi_open: bool = False
    song: Song | None = None
    eliminated: list[PlayerId] = Field(default_factory=list)
