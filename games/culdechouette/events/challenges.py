"""The Grelottine challenge (the calls, their tie-break, the throws) and the Civet."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from games.core import PlayerId

from .base import Target, _Player, _Strict, _unset

# --- the Grelottine challenge --------------------------------------------------------------------------


class GrelottineCall(_Player):
    """« Grelottine ! » pointing at ``target``, at ``at`` (ms)."""

    kind: Literal["appel"] = "appel"
    target: PlayerId
    at: int


class SimultaneousCalls(_Strict):
    """Calls at the same time: the ``lowest`` scores among ``players`` contend to be grelottin."""

    kind: Literal["appels_simultanes"] = "appels_simultanes"
    players: list[PlayerId]
    lowest: list[PlayerId]


class CallTieBreakThrow(_Player):
    """A die between callers tied on the lowest score (the lowest die becomes grelottin)."""

    kind: Literal["departage_appel"] = "departage_appel"
    value: int


class ChallengeCalled(_Strict):
    kind: Literal["defi_lance"] = "defi_lance"
    grelottin: PlayerId
    target: PlayerId


class ChallengeSet(_Strict):
    """The grelottin's combination and stake (``max``: « Max ! »)."""

    kind: Literal["defi"] = "defi"
    grelottin: PlayerId
    target: PlayerId
    combination: Target
    stake: int
    max: bool


class ChallengeThrow(_Player):
    """The challenged's throw 1 or 2; the second keeps the dice at positions ``kept`` (1 to 3)."""

    kind: Literal["defi_lancer"] = "defi_lancer"
    dice: list[int]
    throw: Literal[1, 2]
    kept: list[int] | None = Field(None, exclude_if=_unset)


class ChallengeStopped(_Player):
    """The combination made on the first throw: no second throw."""

    kind: Literal["arret"] = "arret"


class ChallengeResult(_Strict):
    kind: Literal["defi_resultat"] = "defi_resultat"
    target: PlayerId
    grelottin: PlayerId
    met: bool
    stake: int


# --- the Civet ----------------------------------------------------------------------------------------


class CivetAnnounced(_Player):
    kind: Literal["civet"] = "civet"
    stake: int
    combination: Target


class CivetGiven(_Player):
    """« Lance-Civet ! »: ``player`` gives their Civet to ``target``."""

    kind: Literal["lance_civet"] = "lance_civet"
    target: PlayerId


class CivetResult(_Player):
    kind: Literal["civet_resultat"] = "civet_resultat"
    met: bool
    stake: int
    combination: Target
