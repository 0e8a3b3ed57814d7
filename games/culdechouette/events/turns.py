"""The order of play, turns, rounds, a turn's throw and what it scores, leaving and the end."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from games.core import PlayerId

from ..combos import Kind
from .base import Cause, Reason, _Player, _Strict, _unset

# --- the order of play, turns and rounds -----------------------------------------------------------


class OrderThrow(_Player):
    """A die thrown for the order of play (the lowest starts; the tied throw again)."""

    kind: Literal["ordre"] = "ordre"
    value: int


class FirstPlayer(_Player):
    kind: Literal["premier"] = "premier"


class Turn(_Player):
    """``player`` is to throw the chouettes."""

    kind: Literal["tour"] = "tour"


class RoundOver(_Strict):
    """A round ended: ``rounds`` played so far (the Chante-Sloubi may be tried)."""

    kind: Literal["manche"] = "manche"
    rounds: int


class Resumed(_Strict):
    """A challenge is over: the interrupted turn starts again."""

    kind: Literal["reprise"] = "reprise"


# --- a turn's throw -----------------------------------------------------------------------------------


class ChouettesThrown(_Player):
    kind: Literal["chouettes"] = "chouettes"
    dice: list[int]


class CulThrown(_Player):
    kind: Literal["cul"] = "cul"
    dice: list[int]
    combination: Kind

    @classmethod
    def upgraded(cls, data: dict[str, Any]) -> dict[str, Any]:
        # Before the words left games/, the cul also carried its French name (« Chouette de 4 »).
        fields = super().upgraded(data)
        fields.pop("label", None)
        return fields


class ChouetteMade(_Player):
    """A Chouette: the thrower sirotes or keeps it (``forced``: a Sirop-Grelot, siroting is due)."""

    kind: Literal["chouette"] = "chouette"
    value: int
    bird: str
    forced: bool


class Score(_Player):
    """One score change; the scores are the sum of them. ``label`` is a code saying more (the
    combination paid, the Bévue's cause, the bird, the player at zero…); ``value`` the die that names
    a combination paid (4 for a Chouette de 4), absent otherwise and in events kept from before it."""

    kind: Literal["score"] = "score"
    delta: int
    total: int
    reason: Reason
    label: str
    value: int | None = Field(None, exclude_if=_unset)


class Bevue(_Player):
    kind: Literal["bevue"] = "bevue"
    cause: Cause


class GrelottineWon(_Player):
    """A Néant: the thrower wins a Grelottine."""

    kind: Literal["grelottine_gagnee"] = "grelottine_gagnee"


class GrelottineLost(_Player):
    """Below 30 points (no negative scores): the Grelottine is lost."""

    kind: Literal["grelottine_perdue"] = "grelottine_perdue"


# --- leaving and the end --------------------------------------------------------------------------------


class Left(_Player):
    kind: Literal["depart"] = "depart"


class Eliminated(_Player):
    """At −343 or below: out of the game (and may not sing back in)."""

    kind: Literal["elimine"] = "elimine"


class Cancelled(_Strict):
    """The throw in progress cannot go on without who left: nothing it promised is paid."""

    kind: Literal["annule"] = "annule"


class GameOver(_Strict):
    kind: Literal["fin"] = "fin"
    winners: list[PlayerId]
