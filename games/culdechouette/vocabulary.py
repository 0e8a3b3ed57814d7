"""The action words of Cul de chouette, and the ones on offer to each player right now."""

from __future__ import annotations

from games.core import Action, ActionSpec, ArgSpec, PlayerId

from .civet import when as civet_time
from .combos import BIRDS, CHALLENGES, TARGETS, stake_limit
from .scoring import grelottine_minimum
from .sirop import is_forced
from .sloubi import value as sloubi_value
from .state import CIVET_MAX, SLOUBI_LIMIT, CulState

SHOUT_HELP = {
    "pas_mou_le_caillou": "Crier « Pas mou le caillou ! » (Chouette-Velute : le premier gagne les points).",
    "grelotte_ca_picote": "Crier « Grelotte ça picote ! » (Suite : le dernier perd 10).",
    "sans_fin": "Crier « Sans fin est la moisissure des bières bretonnes ! » (départage d'une égalité).",
}

SPECS: list[ActionSpec] = [
    ActionSpec(
        kind="lancer",
        help="Lancer : les chouettes, puis le cul, le dé siroté, ou le premier lancer d'un défi.",
    ),
    ActionSpec(kind="siroter", help="« Je sirote ! » : relancer le dé qui n'est pas dans la Chouette."),
    ActionSpec(kind="garder", help="Garder sa Chouette sans siroter."),
    *[ActionSpec(kind=k, help=h, who="any") for k, h in SHOUT_HELP.items()],
    ActionSpec(
        kind="beau_sirop", help="« Beau-Sirop ! » : miser 5 points sur la réussite du Sirotage.", who="any"
    ),
    ActionSpec(kind="couche_sirop", help="« Couche-Sirop ! » : ne pas miser.", who="any"),
    ActionSpec(kind="file_sirop", help="« File-Sirop ! » : ne pas miser.", who="any"),
    ActionSpec(
        kind="oiseau",
        help=(
            "Parier 5 points sur une valeur du dé siroté en nommant son oiseau (Linotte 1 … Chouette 6) ; "
            "l'oiseau de la Chouette sirotée est une Bévue : il faut dire « Beau-Sirop ! »."
        ),
        who="any",
        args=[ArgSpec(name="nom", type="choice", choices=list(BIRDS.values()))],
    ),
    ActionSpec(
        kind="sirop_gagnant",
        help="« Sirop Gagnant ! » : encaisser un pari gagné (avant le lancer suivant).",
        who="any",
    ),
    ActionSpec(
        kind="grelottine",
        help="« Grelottine ! » : défier un autre détenteur d'une Grelottine, entre deux tours.",
        who="any",
        args=[ArgSpec(name="cible", type="player", help="le joueur défié")],
    ),
    ActionSpec(
        kind="miser",
        help="Le grelottin choisit la combinaison et la mise du défi.",
        who="turn",
        args=[
            ArgSpec(name="combinaison", type="choice", choices=list(CHALLENGES)),
            ArgSpec(name="mise", type="int", minimum=1, help="au plus ⌈score le plus bas × taux⌉"),
        ],
    ),
    ActionSpec(
        kind="max",
        help="« Max ! » : miser le maximum permis sur la combinaison choisie.",
        who="turn",
        args=[ArgSpec(name="combinaison", type="choice", choices=list(CHALLENGES))],
    ),
    ActionSpec(
        kind="relancer",
        help="Deuxième lancer d'un défi en gardant les dés choisis.",
        who="turn",
        args=[
            ArgSpec(
                name="garder", type="ints", help="positions gardées, de 1 à 3 (au plus deux)", optional=True
            )
        ],
    ),
    ActionSpec(
        kind="civet",
        help="« Civet de N sur une … ! » : avant ses chouettes, ou avant de relever un défi.",
        who="any",
        args=[
            ArgSpec(name="mise", type="int", minimum=1, maximum=CIVET_MAX),
            ArgSpec(name="combinaison", type="choice", choices=list(TARGETS)),
        ],
    ),
    ActionSpec(
        kind="lance_civet",
        help="« Lance-Civet ! » : donner son Civet à un autre joueur.",
        who="any",
        args=[ArgSpec(name="cible", type="player")],
    ),
    ActionSpec(
        kind="chante_sloubi", help="« Chante-Sloubi ! » : entrer en jeu à la fin d'une manche.", who="any"
    ),
    ActionSpec(
        kind="sloubi",
        help="Un couplet du Chante-Sloubi (« Sloubi 1 », « Sloubi 2 »…), un message du salon.",
        who="any",
        args=[ArgSpec(name="n", type="int", minimum=1)],
    ),
    ActionSpec(kind="refuser_sloubi", help="Ne pas chanter : entrer avec le score de départ.", who="any"),
    ActionSpec(
        kind="message", help="Un autre message dans le salon (interrompt un Chante-Sloubi).", who="any"
    ),
]

KEEPS: list[list[int]] = [[], [1], [2], [3], [1, 2], [1, 3], [2, 3]]


def waited_for(state: CulState) -> list[PlayerId]:
    """Whom the table waits for: the awaited move's player, or who may still answer a window."""
    if state.over:
        return []
    phase = state.phase
    waiting: list[PlayerId] = []
    ch = state.challenge
    if phase in ("chouettes", "cul"):
        waiting = [state.players[state.current]]
    elif phase in ("sirop", "sirop_lancer", "defi", "relance") and state.thrower is not None:
        waiting = [state.thrower]
    elif phase == "mise" and ch is not None:
        waiting = [ch.grelottin]
    elif phase == "paris" and state.sirop is not None:
        waiting = [p for p in state.sirop.bettors if p not in state.sirop.bets]
    elif phase == "cris" and state.shouts is not None:
        waiting = [p for p in state.shouts.among if p not in state.shouts.clicks]
    if state.song is not None and state.song.player not in waiting:
        waiting.append(state.song.player)
    return waiting


def thrower_now(state: CulState) -> PlayerId | None:
    """Who may throw dice now (None while a window or a choice is pending)."""
    if state.phase in ("chouettes", "cul"):
        return state.players[state.current]
    if state.phase in ("sirop_lancer", "defi"):
        return state.thrower
    return None


def legal(state: CulState, player: PlayerId) -> list[Action]:
    if state.over:
        return []
    if player not in state.players:
        can_join = state.sloubi_open and state.phase == "chouettes" and state.song is None
        can_join = can_join and sloubi_value(state) <= SLOUBI_LIMIT
        return [Action(kind="chante_sloubi")] if can_join and player not in state.eliminated else []
    song = state.song
    if song is not None and song.player == player:
        return [Action(kind="sloubi", args={"n": song.next}), Action(kind="refuser_sloubi")]
    out: list[Action] = []
    if thrower_now(state) == player:
        out.append(Action(kind="lancer"))
    phase = state.phase
    if phase == "sirop" and player == state.thrower:
        out.append(Action(kind="siroter"))
        if not is_forced(state):
            out.append(Action(kind="garder"))
    if (
        phase == "paris"
        and state.sirop is not None
        and player in state.sirop.bettors
        and player not in state.sirop.bets
    ):
        out += [Action(kind=k) for k in ("beau_sirop", "couche_sirop", "file_sirop")]
        # the siroted Chouette's own bird is a Bévue: it stays in the vocabulary, never a button
        out += [
            Action(kind="oiseau", args={"nom": bird})
            for value, bird in BIRDS.items()
            if value != state.sirop.value
        ]
    if phase == "cris" and state.shouts is not None and player not in state.shouts.clicks:
        kinds = (
            ["sans_fin"]
            if state.shouts.kind == "moisissure"
            else ["pas_mou_le_caillou", "grelotte_ca_picote"]
        )
        out += [Action(kind=k) for k in kinds]
        if state.shouts.kind == "pas_mou" and player == state.thrower:
            out.append(Action(kind="siroter"))
    if player in state.claims:
        out.append(Action(kind="sirop_gagnant"))
    # only the calls and gifts that are not a Bévue become buttons; the others stay in the vocabulary
    minimum = grelottine_minimum(state)
    if phase == "chouettes" and player in state.grelottines and state.scores[player] >= minimum:
        targets = [p for p in state.grelottines if p != player and state.scores[p] >= minimum]
        out += [Action(kind="grelottine", args={"cible": p}) for p in targets]
    ch = state.challenge
    if phase == "mise" and ch is not None and player == ch.grelottin:
        for combination in CHALLENGES:
            limit = stake_limit(combination, ch.lowest)
            out += [
                Action(kind="miser", args={"combinaison": combination, "mise": m}) for m in sorted({1, limit})
            ]
            out.append(Action(kind="max", args={"combinaison": combination}))
    if phase == "relance" and player == state.thrower:
        out += [Action(kind="relancer", args={"garder": keep}) for keep in KEEPS]
    if player in state.civets:
        if civet_time(state, player) is not None:
            out += [
                Action(kind="civet", args={"mise": m, "combinaison": c})
                for c in TARGETS
                for m in (10, CIVET_MAX)
                if state.options.negatives or m <= state.scores[player]
            ]
        if phase == "chouettes":
            out += [
                Action(kind="lance_civet", args={"cible": p}) for p in state.players if p not in state.civets
            ]
    return out
