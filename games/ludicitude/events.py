"""What happens at Ludicitude, one model per kind of event (the kinds are the game's French
identifiers, the fields English; lapin, clapier and carotte are game words, but the keys counting
them are English too). Tables stored before the events were typed wrote them as
``{kind, data: {...}, to}`` with French keys: ``renamed`` reads those back (docs/rules/ludicitude.md,
"Events").
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import ConfigDict, Field

from games.core import Event, PlayerId

from .situation import Situation

ScoreReason = Literal["arret", "clapiers", "plus_de_des"]
# A record written before the situation became data holds it in French words.
SituationLeft = Situation | str


class LudicitudeMoment(Event):
    """The base of the game's events: no field but its own, every old French key mapped."""

    model_config = ConfigDict(extra="forbid")
    renamed: ClassVar[dict[str, str]] = {
        "joueur": "player",
        "joueurs": "players",
        "objectif": "target",
        "reprise_possible": "can_take_over",
        "valeur_laissee": "value_left",
        "des_a_lancer": "dice_to_throw",
        "valeur": "value",
        "des_restants": "dice_left",
        "raison": "reason",
        # What the rabbits aside are worth, remembered or scored (``ecart`` counts dice instead).
        "lapins": "rabbit_points",
        "multiplicateur": "multiplier",
        "memorise": "memorised",
        "des": "dice",
        "carottes": "carrots",
    }


class Start(LudicitudeMoment):
    """The game begins: the players in seat order, the points that win."""

    kind: Literal["debut"] = "debut"
    players: list[PlayerId]
    target: int


class PlayerMoment(LudicitudeMoment):
    """Something about one player."""

    player: PlayerId


class Turn(PlayerMoment):
    """``player``'s turn: the situation the last turn left, what it is worth and how many dice a
    take-over throws (``can_take_over``: it holds at least one die)."""

    kind: Literal["tour"] = "tour"
    can_take_over: bool
    situation: SituationLeft
    value_left: int
    dice_to_throw: int


class ThrowAll(PlayerMoment):
    kind: Literal["tout_relancer"] = "tout_relancer"


class TakeOver(PlayerMoment):
    """``player`` takes over the situation left, worth ``value``."""

    kind: Literal["reprise"] = "reprise"
    situation: SituationLeft
    value: int


class Thrown(PlayerMoment):
    """The faces thrown, sorted."""

    kind: Literal["lancer"] = "lancer"
    faces: list[int]


class SetAside(PlayerMoment):
    """What ``player`` set aside (the choice: single rabbit dice, double rabbits, a clapier's face or
    0), the turn's points now and the dice left to throw."""

    kind: Literal["ecart"] = "ecart"
    renamed: ClassVar[dict[str, str]] = {**LudicitudeMoment.renamed, "lapins": "rabbits"}
    rabbits: int
    doubles: int
    clapier: int
    points: int
    dice_left: int


class Remembered(PlayerMoment):
    """Every die is aside: ``rabbit_points`` remembered now (``memorised`` in all this turn), their
    ``dice`` picked up to be thrown."""

    kind: Literal["memorise"] = "memorise"
    rabbit_points: int
    memorised: int
    dice: int


class Carrots(PlayerMoment):
    """Only carrots: ``carrots`` aside this turn, the rabbits remembered as at ``memorise``; no dice
    left to throw scores the turn."""

    kind: Literal["carottes"] = "carottes"
    carrots: int
    rabbit_points: int
    memorised: int
    dice: int


class Scored(PlayerMoment):
    """``player`` scores ``points`` (``rabbit_points`` × ``multiplier``), now at ``total``."""

    kind: Literal["marque"] = "marque"
    reason: ScoreReason
    points: int
    rabbit_points: int
    multiplier: int
    total: int


class Lost(PlayerMoment):
    """No rabbit: the turn's ``points`` are lost."""

    kind: Literal["perdu"] = "perdu"
    points: int


class Won(PlayerMoment):
    kind: Literal["victoire"] = "victoire"
    total: int


class Left(PlayerMoment):
    kind: Literal["depart"] = "depart"


LudicitudeEvent = Annotated[
    Start
    | Turn
    | ThrowAll
    | TakeOver
    | Thrown
    | SetAside
    | Remembered
    | Carrots
    | Scored
    | Lost
    | Won
    | Left,
    Field(discriminator="kind"),
]
