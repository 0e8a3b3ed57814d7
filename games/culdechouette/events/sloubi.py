"""The Chante-Sloubi, sung in the channel."""

from __future__ import annotations

from typing import Literal

from games.core import PlayerId

from .base import _Player

# --- the Chante-Sloubi ----------------------------------------------------------------------------------


class SloubiEntry(_Player):
    """« Chante-Sloubi ! »: ``player`` joins, the Sloubi worth ``value`` after ``rounds`` rounds."""

    kind: Literal["sloubi_entree"] = "sloubi_entree"
    value: int
    rounds: int


class SloubiSung(_Player):
    """« Sloubi ``n`` »."""

    kind: Literal["sloubi"] = "sloubi"
    n: int


class SloubiMissed(_Player):
    kind: Literal["sloubi_rate"] = "sloubi_rate"
    said: int
    expected: int


class SloubiDone(_Player):
    """The song reached its end: the singer's score becomes ``score``."""

    kind: Literal["sloubi_reussi"] = "sloubi_reussi"
    score: int


class SloubiRefused(_Player):
    kind: Literal["sloubi_refuse"] = "sloubi_refuse"


class SloubiInterrupted(_Player):
    """``by`` acted during ``player``'s song: it ends without the bonus."""

    kind: Literal["sloubi_interrompu"] = "sloubi_interrompu"
    by: PlayerId
