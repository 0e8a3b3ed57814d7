"""The shout windows (Pas mou le caillou, Grelotte, Moisissure) and their tie-breaks."""

from __future__ import annotations

from typing import ClassVar, Literal

from games.core import PlayerId

from .base import ShoutName, _Player, _Strict

# --- the shouts -------------------------------------------------------------------------------------


class ShoutWindow(_Strict):
    """A shout window opens: ``among`` must shout ``shout`` before ``deadline`` (ms)."""

    renamed: ClassVar[dict[str, str]] = {"kind": "shout"}

    kind: Literal["fenetre"] = "fenetre"
    shout: ShoutName
    among: list[PlayerId]
    deadline: int


class Shouted(_Player):
    """``player`` shouted ``shout`` at ``at`` (ms, the click's own time)."""

    renamed: ClassVar[dict[str, str]] = {"kind": "shout"}

    kind: Literal["cri"] = "cri"
    shout: ShoutName
    at: int


class PasMouNobody(_Strict):
    kind: Literal["pas_mou_personne"] = "pas_mou_personne"


class PasMouWon(_Player):
    kind: Literal["pas_mou_gagne"] = "pas_mou_gagne"
    points: int


class PasMouTie(_Strict):
    """The first shouters were tied: each loses ``points``."""

    kind: Literal["pas_mou_egalite"] = "pas_mou_egalite"
    players: list[PlayerId]
    points: int


class Silent(_Strict):
    """``players`` never shouted ``shout``: each loses 10."""

    renamed: ClassVar[dict[str, str]] = {"kind": "shout"}

    kind: Literal["muets"] = "muets"
    players: list[PlayerId]
    shout: ShoutName


class Last(_Player):
    """``player`` loses 10: the last to shout ``decided_by`` (a shout), or the highest die
    (``des``) of the dice tie-break."""

    renamed: ClassVar[dict[str, str]] = {"kind": "decided_by"}

    kind: Literal["dernier"] = "dernier"
    decided_by: Literal["grelotte", "moisissure", "des"]


class ShoutTie(_Strict):
    """Tied for last at « Grelotte ça picote ! »: the bières bretonnes window follows."""

    kind: Literal["egalite"] = "egalite"
    players: list[PlayerId]


class TieBreakThrow(_Player):
    """A die of the dice tie-break (the highest loses ``stake``)."""

    kind: Literal["departage"] = "departage"
    value: int
    stake: int
