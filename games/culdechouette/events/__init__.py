"""Cul de chouette's events, one model per kind, their fields in English.

Kinds stay the game's French identifiers (scripts match on them). The fields were English already
but for one: an inner ``kind`` (the shout a window waits for, the shout someone shouted, a Sirop
announcement) could not stay beside the event's own ``kind`` and is now ``shout``, ``decided_by`` or
``announcement``; ``renamed`` reads the tables stored before under the old name.
docs/rules/culdechouette.md lists every kind, its fields and the renames.

An optional field a kind leaves out most of the time (a score's ``value``, a bet's ``value`` and
``bird``, a second throw's ``kept``) is left out of the dump when unset, as it always was.

The models live by mechanic in this package (``turns``, ``shouts``, ``sirop``, ``challenges``,
``sloubi``; their shared base and codes in ``base``); here is the game's union.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from .base import Cause, Reason, ShoutName, SiropWord, Target
from .challenges import (
    CallTieBreakThrow,
    ChallengeCalled,
    ChallengeResult,
    ChallengeSet,
    ChallengeStopped,
    ChallengeThrow,
    CivetAnnounced,
    CivetGiven,
    CivetResult,
    GrelottineCall,
    SimultaneousCalls,
)
from .shouts import (
    Last,
    PasMouNobody,
    PasMouTie,
    PasMouWon,
    Shouted,
    ShoutTie,
    ShoutWindow,
    Silent,
    TieBreakThrow,
)
from .sirop import BetsClosed, BetsOpen, BetWon, CivetWon, SiropAnnounced, SiropDie, SiropGagnant, Sirotage
from .sloubi import SloubiDone, SloubiEntry, SloubiInterrupted, SloubiMissed, SloubiRefused, SloubiSung
from .turns import (
    Bevue,
    Cancelled,
    ChouetteMade,
    ChouettesThrown,
    CulThrown,
    Eliminated,
    FirstPlayer,
    GameOver,
    GrelottineLost,
    GrelottineWon,
    Left,
    OrderThrow,
    Resumed,
    RoundOver,
    Score,
    Turn,
)

CulEvent = Annotated[
    OrderThrow
    | FirstPlayer
    | Turn
    | RoundOver
    | Resumed
    | ChouettesThrown
    | CulThrown
    | ChouetteMade
    | Score
    | Bevue
    | GrelottineWon
    | GrelottineLost
    | ShoutWindow
    | Shouted
    | PasMouNobody
    | PasMouWon
    | PasMouTie
    | Silent
    | Last
    | ShoutTie
    | TieBreakThrow
    | Sirotage
    | BetsOpen
    | SiropAnnounced
    | BetsClosed
    | SiropDie
    | BetWon
    | SiropGagnant
    | CivetWon
    | GrelottineCall
    | SimultaneousCalls
    | CallTieBreakThrow
    | ChallengeCalled
    | ChallengeSet
    | ChallengeThrow
    | ChallengeStopped
    | ChallengeResult
    | CivetAnnounced
    | CivetGiven
    | CivetResult
    | SloubiEntry
    | SloubiSung
    | SloubiMissed
    | SloubiDone
    | SloubiRefused
    | SloubiInterrupted
    | Left
    | Eliminated
    | Cancelled
    | GameOver,
    Field(discriminator="kind"),
]

__all__ = [
    "BetWon",
    "BetsClosed",
    "BetsOpen",
    "Bevue",
    "CallTieBreakThrow",
    "Cancelled",
    "Cause",
    "ChallengeCalled",
    "ChallengeResult",
    "ChallengeSet",
    "ChallengeStopped",
    "ChallengeThrow",
    "ChouetteMade",
    "ChouettesThrown",
    "CivetAnnounced",
    "CivetGiven",
    "CivetResult",
    "CivetWon",
    "CulEvent",
    "CulThrown",
    "Eliminated",
    "FirstPlayer",
    "GameOver",
    "GrelottineCall",
    "GrelottineLost",
    "GrelottineWon",
    "Last",
    "Left",
    "OrderThrow",
    "PasMouNobody",
    "PasMouTie",
    "PasMouWon",
    "Reason",
    "Resumed",
    "RoundOver",
    "Score",
    "ShoutName",
    "ShoutTie",
    "ShoutWindow",
    "Shouted",
    "Silent",
    "SimultaneousCalls",
    "SiropAnnounced",
    "SiropDie",
    "SiropGagnant",
    "SiropWord",
    "Sirotage",
    "SloubiDone",
    "SloubiEntry",
    "SloubiInterrupted",
    "SloubiMissed",
    "SloubiRefused",
    "SloubiSung",
    "Target",
    "TieBreakThrow",
    "Turn",
]
