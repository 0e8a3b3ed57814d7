"""What every Cul de chouette event shares: the strict base, the player's field, and the codes
its fields take (shouts, targets, Sirop words, score reasons, Bévue causes)."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict

from games.core import Event, PlayerId

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
