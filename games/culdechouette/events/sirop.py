"""The Sirop: the sirotage, the bets announced while it is open, the siroted die and its gains."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from .base import SiropWord, _Player, _Strict, _unset

# --- the Sirop --------------------------------------------------------------------------------------


class Sirotage(_Player):
    """« Je sirote ! » on a Chouette of ``value``."""

    kind: Literal["sirotage"] = "sirotage"
    value: int
    bird: str


class BetsOpen(_Strict):
    kind: Literal["paris_ouverts"] = "paris_ouverts"
    deadline: int


class SiropAnnounced(_Player):
    """What a bettor said; a bet (« Beau-Sirop ! », a bird) names its ``value``, a bird its ``bird``."""

    renamed: ClassVar[dict[str, str]] = {"kind": "announcement"}

    kind: Literal["annonce"] = "annonce"
    announcement: SiropWord
    value: int | None = Field(None, exclude_if=_unset)
    bird: str | None = Field(None, exclude_if=_unset)


class BetsClosed(_Strict):
    kind: Literal["paris_clos"] = "paris_clos"


class SiropDie(_Player):
    """The siroted die: ``die``, making ``dice``; ``success`` when it shows the Chouette's value."""

    kind: Literal["sirop_de"] = "sirop_de"
    die: int
    dice: list[int]
    success: bool


class BetWon(_Player):
    """A bet on ``value`` (said « ``said`` ! ») won: « Sirop Gagnant ! » collects it."""

    kind: Literal["pari_gagne"] = "pari_gagne"
    value: int
    said: str


class SiropGagnant(_Player):
    kind: Literal["sirop_gagnant"] = "sirop_gagnant"


class CivetWon(_Player):
    """A failed Sirotage of a Chouette of 6 wins a Civet."""

    kind: Literal["civet_gagne"] = "civet_gagne"
