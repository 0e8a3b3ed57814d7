"""What a game of Chèvre tells: one model per event kind, keys in English (docs/rules/chevre.md).

The kinds keep their French names (scripts match on them). Three kinds are private, for one
player's eyes only: the hand just dealt (``main``), the tile just drawn (``tirage``) and the tile
the first-round opener must lay (``ouverture``); their ``to`` is that player, whatever the caller
gave. Tables stored before the events were typed hold them as ``{kind, data, to}`` with French
keys: ``renamed`` reads them back.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import ConfigDict, Field, model_validator

from games.core import Event, PlayerId

from .tiles import Tile

Side = Literal["gauche", "droite"]
# How a round ended: a player laid their last tile, or the chain closed (the poisson).
RoundEnd = Literal["sortie", "poisson"]
# Why a deal was done again: five doubles in a hand, or six tiles carrying one number.
MisdealReason = Literal["doubles", "valeur"]


class ChevreEvent(Event):
    model_config = ConfigDict(extra="forbid")


class PrivateEvent(ChevreEvent):
    """Shown to ``player`` only: ``to`` is set to them when the caller leaves it out."""

    player: PlayerId

    @model_validator(mode="after")
    def _for_the_player_only(self) -> PrivateEvent:
        if self.to is None:
            self.to = [self.player]
        return self


class Started(ChevreEvent):
    renamed: ClassVar[dict[str, str]] = {"joueurs": "players", "limite": "limit"}
    kind: Literal["debut"] = "debut"
    players: list[PlayerId]
    limit: int


class Redealt(ChevreEvent):
    """A hand was a misdeal: the whole deal is done again (whose hand and why, never its tiles)."""

    renamed: ClassVar[dict[str, str]] = {"joueur": "player", "raison": "reason"}
    kind: Literal["redonne"] = "redonne"
    player: PlayerId
    reason: MisdealReason


class Dealt(ChevreEvent):
    """A round is dealt: who opens, whether with any tile, and what is left in the bazar."""

    renamed: ClassVar[dict[str, str]] = {"manche": "round", "ouvreur": "opener", "libre": "free_opening"}
    kind: Literal["donne"] = "donne"
    round: int
    opener: PlayerId
    free_opening: bool
    bazar: int


class HandDealt(PrivateEvent):
    """The hand dealt to ``player``, and the tile they must open with when the opening is imposed."""

    renamed: ClassVar[dict[str, str]] = {"joueur": "player", "tuiles": "tiles", "ouverture": "opening"}
    kind: Literal["main"] = "main"
    tiles: list[Tile]
    opening: Tile | None = None


class TileDrawn(PrivateEvent):
    """The tile ``player`` took from the bazar (the table only learns that they drew: ``Drew``)."""

    renamed: ClassVar[dict[str, str]] = {"joueur": "player", "tuile": "tile"}
    kind: Literal["tirage"] = "tirage"
    tile: Tile


class Drew(ChevreEvent):
    renamed: ClassVar[dict[str, str]] = {"joueur": "player", "main": "hand_size"}
    kind: Literal["pioche"] = "pioche"
    player: PlayerId
    bazar: int  # tiles left in it
    hand_size: int


class Laid(ChevreEvent):
    """A tile laid on an end of the chain (``side`` None: it opened the chain)."""

    renamed: ClassVar[dict[str, str]] = {
        "joueur": "player",
        "tuile": "tile",
        "cote": "side",
        "bouts": "ends",
        "main": "hand_size",
    }
    kind: Literal["pose"] = "pose"
    player: PlayerId
    tile: Tile
    side: Side | None
    ends: tuple[int, int]  # the chain's ends once it is laid, left first
    hand_size: int


class Passed(ChevreEvent):
    renamed: ClassVar[dict[str, str]] = {"joueur": "player"}
    kind: Literal["passe"] = "passe"
    player: PlayerId


class RoundOver(ChevreEvent):
    """A round's scoring, public: every hand is shown, as at the table.

    ``points``: what each hand counts; ``taken``: what each takes this round (the whole pot for the
    heaviest hands at a poisson); ``opened``: whose account this round opened.
    """

    renamed: ClassVar[dict[str, str]] = {
        "manche": "round",
        "fin": "ending",
        "joueur": "player",
        "mains": "hands",
        "marque": "taken",
        "ouverts": "opened",
        "memoire": "remembered",
    }
    kind: Literal["manche_finie"] = "manche_finie"
    round: int
    ending: RoundEnd
    player: PlayerId  # who went out, or laid the tile making the poisson
    hands: dict[PlayerId, list[Tile]]
    points: dict[PlayerId, int]
    taken: dict[PlayerId, int]
    opened: list[PlayerId]
    scores: dict[PlayerId, int]
    remembered: dict[PlayerId, int]


class GameOver(ChevreEvent):
    """The end: the chèvres (none when the game ended by players leaving) and the winners."""

    renamed: ClassVar[dict[str, str]] = {"gagnants": "winners"}
    kind: Literal["fin"] = "fin"
    chevres: list[PlayerId]
    winners: list[PlayerId]
    scores: dict[PlayerId, int]


class Left(ChevreEvent):
    """A player left: their tiles went face down into the bazar."""

    renamed: ClassVar[dict[str, str]] = {"joueur": "player"}
    kind: Literal["depart"] = "depart"
    player: PlayerId
    bazar: int


class OpeningTile(PrivateEvent):
    """After a leave, the tile the new first-round opener must lay (told to them only)."""

    renamed: ClassVar[dict[str, str]] = {"joueur": "player", "tuile": "tile"}
    kind: Literal["ouverture"] = "ouverture"
    tile: Tile


AnyChevreEvent = Annotated[
    Started
    | Redealt
    | Dealt
    | HandDealt
    | TileDrawn
    | Drew
    | Laid
    | Passed
    | RoundOver
    | GameOver
    | Left
    | OpeningTile,
    Field(discriminator="kind"),
]
