"""The action words of Cul de chouette, and the ones on offer to each player right now."""

from __future__ import annotations

from games.core import Action, ActionSpec, ArgSpec, PlayerId, offer

from .civet import when as civet_time
from .combos import BIRDS, CHALLENGES, TARGETS, stake_limit
from .scoring import grelottine_minimum
from .sirop import is_forced
from .sloubi import value as sloubi_value
from .state import CIVET_MAX, SLOUBI_LIMIT, CulState

# The words of each action (what it does, its arguments) are in speech/locales/<lang>/culdechouette.po.
SPECS: list[ActionSpec] = [
    ActionSpec(kind="lancer"),
    ActionSpec(kind="siroter"),
    ActionSpec(kind="garder"),
    *[ActionSpec(kind=k, who="any") for k in ("pas_mou_le_caillou", "grelotte_ca_picote", "sans_fin")],
    ActionSpec(kind="beau_sirop", who="any"),
    ActionSpec(kind="couche_sirop", who="any"),
    ActionSpec(kind="file_sirop", who="any"),
    ActionSpec(kind="oiseau", who="any", args=[ArgSpec(name="nom", type="choice", choices=list(BIRDS.values()))]),
    ActionSpec(kind="sirop_gagnant", who="any"),
    ActionSpec(kind="grelottine", who="any", args=[ArgSpec(name="cible", type="player")]),
    ActionSpec(
        kind="miser",
        who="turn",
        args=[
            ArgSpec(name="combinaison", type="choice", choices=list(CHALLENGES)),
            ArgSpec(name="mise", type="int", minimum=1),
        ],
    ),
    ActionSpec(kind="max", who="turn", args=[ArgSpec(name="combinaison", type="choice", choices=list(CHALLENGES))]),
    ActionSpec(kind="relancer", who="turn", args=[ArgSpec(name="garder", type="ints", optional=True)]),
    ActionSpec(
        kind="civet",
        who="any",
        args=[
            ArgSpec(name="mise", type="int", minimum=1, maximum=CIVET_MAX),
            ArgSpec(name="combinaison", type="choice", choices=list(TARGETS)),
        ],
    ),
    ActionSpec(kind="lance_civet", who="any", args=[ArgSpec(name="cible", type="player")]),
    ActionSpec(kind="chante_sloubi", who="any"),
    ActionSpec(kind="sloubi", who="any", args=[ArgSpec(name="n", type="int", minimum=1)]),
    ActionSpec(kind="refuser_sloubi", who="any"),
    ActionSpec(kind="message", who="any"),
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
        return [offer("chante_sloubi")] if can_join and player not in state.eliminated else []
    song = state.song
    if song is not None and song.player == player:
        return [offer("sloubi", n=song.next), offer("refuser_sloubi")]
    out: list[Action] = []
    if thrower_now(state) == player:
        out.append(offer("lancer"))
    phase = state.phase
    if phase == "sirop" and player == state.thrower:
        out.append(offer("siroter"))
        if not is_forced(state):
            out.append(offer("garder"))
    if (
        phase == "paris"
        and state.sirop is not None
        and player in state.sirop.bettors
        and player not in state.sirop.bets
    ):
        out += [offer(k) for k in ("beau_sirop", "couche_sirop", "file_sirop")]
        # the siroted Chouette's own bird is a Bévue: it stays in the vocabulary, never a button
        out += [
            offer("oiseau", nom=bird)
            for value, bird in BIRDS.items()
            if value != state.sirop.value
        ]
    if (
        phase == "cris"
        and state.shouts is not None
        and player in state.shouts.among  # outside a tie-break's players, its shout is a Bévue
        and player not in state.shouts.clicks
    ):
        kinds = (
            ["sans_fin"]
            if state.shouts.kind == "moisissure"
            else ["pas_mou_le_caillou", "grelotte_ca_picote"]
        )
        out += [offer(k) for k in kinds]
        if state.shouts.kind == "pas_mou" and player == state.thrower:
            out.append(offer("siroter"))
    if player in state.claims:
        out.append(offer("sirop_gagnant"))
    # only the calls and gifts that are not a Bévue become buttons; the others stay in the vocabulary
    minimum = grelottine_minimum(state)
    if phase == "chouettes" and player in state.grelottines and state.scores[player] >= minimum:
        targets = [p for p in state.grelottines if p != player and state.scores[p] >= minimum]
        out += [offer("grelottine", cible=p) for p in targets]
    ch = state.challenge
    if phase == "mise" and ch is not None and player == ch.grelottin:
        for combination in CHALLENGES:
            limit = stake_limit(combination, ch.lowest)
            out += [
                offer("miser", combinaison=combination, mise=m) for m in sorted({1, limit})
            ]
            out.append(offer("max", combinaison=combination))
    if phase == "relance" and player == state.thrower:
        out += [offer("relancer", garder=keep) for keep in KEEPS]
    if player in state.civets:
        if civet_time(state, player) is not None:
            out += [
                offer("civet", mise=m, combinaison=c)
                for c in TARGETS
                for m in (10, CIVET_MAX)
                if state.options.negatives or m <= state.scores[player]
            ]
        if phase == "chouettes":
            out += [
                offer("lance_civet", cible=p) for p in state.players if p not in state.civets
            ]
    return out
