"""What happens at La Cabane sul' Dos, one model per kind of event (the kinds are the game's French
identifiers, the fields English). Tables stored before the events were typed wrote them as
``{kind, data: {...}, to}`` with French keys: ``renamed`` reads those back (docs/rules/cabane.md,
"Events").
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import ConfigDict, Field

from games.core import Event, PlayerId

from .faces import Face
from .state import Mode, Phase

PointReason = Literal["toit", "facade", "double_toit", "double_cabane", "deuxieme_cabane"]


class CabaneMoment(Event):
    """The base of the game's events: no field but its own, every old French key mapped."""

    model_config = ConfigDict(extra="forbid")
    renamed: ClassVar[dict[str, str]] = {
        "joueur": "player",
        "joueurs": "players",
        "cible": "target",
        "titre": "title",
        "lancers": "throws",
        "compte": "count",
        "dit": "said",
        "raison": "reason",
        "coup": "throw_number",
        "numero": "number",
        "apres_cabane": "after_cabane",
    }


class Start(CabaneMoment):
    """The game begins: its mode, the points to reach at the one-die bataille (None in the two-dice
    game), the players in seat order. ``title``: the French title an older record wrote instead."""

    kind: Literal["debut"] = "debut"
    mode: Mode
    target: int | None = None
    players: list[PlayerId]
    title: str | None = None


class PlayerMoment(CabaneMoment):
    """Something about one player and nothing more."""

    player: PlayerId


class Turn(PlayerMoment):
    """The die goes to ``player``: ``throws`` throws at the bataille, None while clearing the ground."""

    kind: Literal["tour"] = "tour"
    throws: int | None
    phase: Phase


class Thrown(PlayerMoment):
    """``player`` threw: both faces while clearing the ground, one otherwise."""

    kind: Literal["lancer"] = "lancer"
    faces: list[Face]
    phase: Phase


class Point(PlayerMoment):
    """``player`` wins (or loses) ``points``, now at ``score``; ``throw_number``: on which of his ten
    coups the second cabin stood (``deuxieme_cabane`` only)."""

    kind: Literal["point"] = "point"
    points: int
    score: int
    reason: PointReason
    throw_number: int | None = None


class Won(PlayerMoment):
    kind: Literal["victoire"] = "victoire"
    scores: dict[PlayerId, int]


class Counted(PlayerMoment):
    """A coup of the ten: its face, the count now, and the count as the thrower says it aloud."""

    kind: Literal["compte"] = "compte"
    face: Face
    count: int
    said: str


class NewRound(PlayerMoment):
    """Both cabins stand: round ``number`` begins, ``player`` (the scorer) clearing the ground."""

    kind: Literal["manche"] = "manche"
    number: int


class PlaysAgain(PlayerMoment):
    """``player`` throws again: ``throws`` left at the bataille, None while clearing the ground."""

    kind: Literal["rejoue"] = "rejoue"
    throws: int | None


class Blank(PlayerMoment):
    """A B at the bataille: « rejouez derrière la cabane », ``throws`` left now."""

    kind: Literal["blanc"] = "blanc"
    throws: int
    after_cabane: bool


class Wasted(PlayerMoment):
    """A D or a G at the bataille: a coup pour rien."""

    kind: Literal["coup_pour_rien"] = "coup_pour_rien"
    face: Face


class BatailleBegins(CabaneMoment):
    kind: Literal["bataille"] = "bataille"


class Facade(PlayerMoment):
    kind: Literal["facade"] = "facade"


class Cabin(PlayerMoment):
    kind: Literal["cabane"] = "cabane"


class CabinCancelled(PlayerMoment):
    kind: Literal["cabane_annule"] = "cabane_annule"


class CabaneSulDos(PlayerMoment):
    kind: Literal["cabane_sul_dos"] = "cabane_sul_dos"


class CabaneSauvee(PlayerMoment):
    kind: Literal["cabane_sauvee"] = "cabane_sauvee"


class CabaneMortelle(PlayerMoment):
    kind: Literal["cabane_mortelle"] = "cabane_mortelle"


class FirstCabin(PlayerMoment):
    kind: Literal["premiere_cabane"] = "premiere_cabane"


class GoesOn(PlayerMoment):
    kind: Literal["continue"] = "continue"


class SeriesBegins(PlayerMoment):
    kind: Literal["serie"] = "serie"


class SeriesOver(PlayerMoment):
    kind: Literal["serie_finie"] = "serie_finie"


class Left(PlayerMoment):
    kind: Literal["depart"] = "depart"


CabaneEvent = Annotated[
    Start
    | Turn
    | Thrown
    | Point
    | Won
    | Counted
    | NewRound
    | PlaysAgain
    | Blank
    | Wasted
    | BatailleBegins
    | Facade
    | Cabin
    | CabinCancelled
    | CabaneSulDos
    | CabaneSauvee
    | CabaneMortelle
    | FirstCabin
    | GoesOn
    | SeriesBegins
    | SeriesOver
    | Left,
    Field(discriminator="kind"),
]
