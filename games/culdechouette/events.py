"""Cul de chouette's events, one model per kind, their fields in English.

Kinds stay the game's French identifiers (scripts match on them). The fields were English already
but for one: an inner ``kind`` (the shout a window waits for, the shout someone shouted, a Sirop
announcement) could not stay beside the event's own ``kind`` and is now ``shout``, ``decided_by`` or
``announcement``; ``renamed`` reads the tables stored before under the old name.
docs/rules/culdechouette.md lists every kind, its fields and the renames.

An optional field a kind leaves out most of the time (a score's ``value``, a bet's ``value`` and
``bird``, a second throw's ``kept``) is left out of the dump when unset, as it always was.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import ConfigDict, Field

from games.core import Event, PlayerId

from .combos import Kind

# The shout a window waits for (Chouette-Velute, Suite, the bières bretonnes tie-break).
ShoutName = Literal["pas_mou", "grelotte", "moisissure"]
# What a Grelottine challenge or a Civet may ask for (combos.TARGETS, combos.CHALLENGES).
Target = Literal["chouette", "velute", "chouette_velute", "cul_de_chouette", "suite", "neant", "sirop_grelot"]
# What a bettor said while the Sirop bets were open (the action's kind).
SiropWord = Literal["beau_sirop", "couche_sirop", "file_sirop", "oiseau"]
# Why a score changed (``Score.reason``); ``label`` says more (docs/rules/culdechouette.md).
Reason = Literal[
    "chouette",
    "velute",
    "cul_de_chouette",
    "sirotage",
    "sirop_rate",
    "pari_sirop",
    "sirop_gagnant",
    "pas_mou",
    "pas_mou_egalite",
    "grelotte",
    "moisissure",
    "grelotte_muet",
    "moisissure_muet",
    "departage",
    "bevue",
    "zero",
    "civet",
    "defi",
    "chante_sloubi",
    "sloubi_reussi",
]
# The mistakes the text names (``Bevue.cause``; their words: ``culdechouette.cause.<cause>``).
Cause = Literal[
    "hors_tour",
    "pas_de_chouette_velute",
    "pas_de_suite",
    "sans_egalite",
    "pas_a_egalite",
    "sirop_chouette_velute",
    "sirop_sans_chouette",
    "sirop_sans_points",
    "pari_sans_sirop",
    "oiseau",
    "pari_sans_points",
    "pas_d_annonce",
    "sirop_gagnant_sans_pari",
    "sans_grelottine",
    "cible_sans_grelottine",
    "score_trop_bas",
    "cible_trop_basse",
    "sans_civet",
    "civet_trop_gros",
    "cible_a_un_civet",
    "mauvais_sloubi",
]


def _unset(value: object) -> bool:
    return value is None


class _Strict(Event):
    """Every Cul de chouette event: no field but its own."""

    model_config = ConfigDict(extra="forbid")


class _Player(_Strict):
    player: PlayerId


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
