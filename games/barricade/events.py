"""Barricade's events, one model per kind, their fields in English.

Kinds stay the game's French identifiers (scripts match on them). Tables stored before the events
were typed hold them as ``{kind, data: {...}, to}`` with French keys: ``renamed`` (and, for the
starting throws' nested records, ``upgraded``) reads them into these models. docs/rules/barricade.md
lists every kind, its fields and the renames.

A point is a board point's id (``Board.label`` names it), ``TENT`` (-1) for a tent; a miner is
numbered 1 to 5, as players name it.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core import Event, PlayerId

Colour = Literal["rouge", "bleu", "vert", "jaune", "violet", "orange"]


class _Strict(Event):
    """Every Barricade event: no field but its own."""

    model_config = ConfigDict(extra="forbid")


class PlayerEvent(_Strict):
    renamed: ClassVar[dict[str, str]] = {"joueur": "player"}

    player: PlayerId


class OrderThrow(BaseModel):
    """One player's throw for the order of play."""

    model_config = ConfigDict(extra="forbid")

    player: PlayerId
    value: int


class OrderThrows(_Strict):
    """Rule 2: everyone throws for the order of play; tied players throw again among themselves."""

    renamed: ClassVar[dict[str, str]] = {"lancers": "throws"}

    kind: Literal["ordre_lancer"] = "ordre_lancer"
    throws: list[OrderThrow]

    @classmethod
    def upgraded(cls, data: dict[str, Any]) -> dict[str, Any]:
        fields = super().upgraded(data)
        fields["throws"] = [
            {"player": throw.get("joueur"), "value": throw.get("valeur")}
            if isinstance(throw, dict)
            else throw
            for throw in fields.get("throws", [])
        ]
        return fields


class Order(_Strict):
    """The order of play and each player's colour."""

    renamed: ClassVar[dict[str, str]] = {"ordre": "order", "couleurs": "colours"}

    kind: Literal["ordre"] = "ordre"
    order: list[PlayerId]
    colours: dict[PlayerId, Colour]


class Turn(PlayerEvent):
    kind: Literal["tour"] = "tour"


class Throw(PlayerEvent):
    """``miner``: after a six, the miner this throw must move (None: any)."""

    renamed: ClassVar[dict[str, str]] = {"joueur": "player", "valeur": "value", "mineur": "miner"}

    kind: Literal["lancer"] = "lancer"
    value: int
    miner: int | None = None


class Blocked(PlayerEvent):
    """Nothing can move with ``value``: the turn is lost."""

    renamed: ClassVar[dict[str, str]] = {"joueur": "player", "valeur": "value"}

    kind: Literal["bloque"] = "bloque"
    value: int


class Moved(PlayerEvent):
    """A miner went from ``origin`` to ``destination`` through ``path``; ``bounce``: it bounced off
    the mine (rule 14)."""

    renamed: ClassVar[dict[str, str]] = {
        "joueur": "player",
        "mineur": "miner",
        "de": "origin",
        "vers": "destination",
        "chemin": "path",
        "rebond": "bounce",
    }

    kind: Literal["deplacement"] = "deplacement"
    miner: int
    origin: int
    destination: int
    path: list[int]
    bounce: bool


class SentHome(PlayerEvent):
    """``player``'s miner, on ``point``, is sent back to its tent by ``by``'s (rule 8)."""

    renamed: ClassVar[dict[str, str]] = {"joueur": "player", "mineur": "miner", "par": "by"}

    kind: Literal["renvoye"] = "renvoye"
    miner: int
    point: int
    by: PlayerId


class InMine(PlayerEvent):
    """A miner reached the mine; ``arrived``: how many of the player's miners are there now."""

    renamed: ClassVar[dict[str, str]] = {"joueur": "player", "mineur": "miner", "nombre": "arrived"}

    kind: Literal["mine"] = "mine"
    miner: int
    arrived: int


class Won(PlayerEvent):
    """``forfeit``: the last player left at the table, not five miners in the mine."""

    renamed: ClassVar[dict[str, str]] = {"joueur": "player", "forfait": "forfeit"}

    kind: Literal["victoire"] = "victoire"
    forfeit: bool = False


class OnBarrier(PlayerEvent):
    kind: Literal["sur_barriere"] = "sur_barriere"
    point: int


class BarrierChoice(PlayerEvent):
    """A miner left the barrier on ``point``: its player moves it or leaves it (rule 11)."""

    kind: Literal["choix_barriere"] = "choix_barriere"
    point: int


class BarrierLeft(PlayerEvent):
    kind: Literal["barriere_laissee"] = "barriere_laissee"
    point: int


class BarrierMoved(PlayerEvent):
    renamed: ClassVar[dict[str, str]] = {"joueur": "player", "de": "origin", "vers": "destination"}

    kind: Literal["barriere_deplacee"] = "barriere_deplacee"
    origin: int
    destination: int


class Rethrow(PlayerEvent):
    """A six: ``miner`` throws again (rule 5)."""

    renamed: ClassVar[dict[str, str]] = {"joueur": "player", "mineur": "miner"}

    kind: Literal["relance"] = "relance"
    miner: int


class Left(PlayerEvent):
    kind: Literal["depart_joueur"] = "depart_joueur"


BarricadeEvent = Annotated[
    OrderThrows
    | Order
    | Turn
    | Throw
    | Blocked
    | Moved
    | SentHome
    | InMine
    | Won
    | OnBarrier
    | BarrierChoice
    | BarrierLeft
    | BarrierMoved
    | Rethrow
    | Left,
    Field(discriminator="kind"),
]
