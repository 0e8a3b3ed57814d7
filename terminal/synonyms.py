"""The words players type for each game's actions, besides the vocabulary's own.

Each entry maps a folded word (see ``words.plain``) to the actions it may mean, in order: the first
one the player may take now is chosen, so « lancer » starts a Ludicitude turn and later rethrows.
"""

from __future__ import annotations

COMMON: dict[str, list[str]] = {
    "partir": ["quitter"],
    "abandonner": ["quitter"],
    # English players' words (python -m games play … --lang en); the French ones keep working.
    "leave": ["quitter"],
    "quit": ["quitter"],
    "roll": ["lancer"],
    "throw": ["lancer"],
}

BY_GAME: dict[str, dict[str, list[str]]] = {
    "culdechouette": {
        "lance": ["lancer"],
        "jeter": ["lancer"],
        "jette": ["lancer"],
        "sirote": ["siroter"],
        "je_sirote": ["siroter"],
        "garde": ["garder"],
        "pas_mou": ["pas_mou_le_caillou"],
        "caillou": ["pas_mou_le_caillou"],
        "grelotte": ["grelotte_ca_picote"],
        "grelotte_ca_pique": ["grelotte_ca_picote"],
        "sans_fin_est_la_moisissure_des_bieres_bretonnes": ["sans_fin"],
        "mise": ["miser"],
        "relance": ["relancer"],
        "lance_le_civet": ["lance_civet"],
        "chanter": ["chante_sloubi"],
        "dire": ["message"],
    },
    "cabane": {
        "lance": ["lancer"],
        "jeter": ["lancer"],
        "jette": ["lancer"],
    },
    "chevre": {
        "pose": ["poser"],
        "jouer": ["poser"],
        "joue": ["poser"],
        "pioche": ["piocher"],
        "bazar": ["piocher"],
        "passe": ["passer"],
    },
    "barricade": {
        "lance": ["lancer"],
        "jeter": ["lancer"],
        "deplace": ["deplacer"],
        "bouger": ["deplacer"],
        "avancer": ["deplacer"],
        "avance": ["deplacer"],
        "laisse": ["laisser"],
        "poser": ["barriere"],
    },
    "ludicitude": {
        "lancer": ["tout_relancer", "relancer"],
        "lance": ["tout_relancer", "relancer"],
        "relance": ["relancer"],
        "reprends": ["reprendre"],
        "ecarte": ["ecarter"],
        "garder": ["ecarter"],
        "garde": ["ecarter"],
        "arrete": ["arreter"],
        "stop": ["arreter"],
        "stopper": ["arreter"],
        "marquer": ["arreter"],
    },
}


def meanings(game: str, word: str, kinds: list[str]) -> list[str]:
    """The actions a folded word may mean in ``game`` (the word itself first when it is one)."""
    found = [word] if word in kinds else []
    for kind in BY_GAME.get(game, {}).get(word, []) + COMMON.get(word, []):
        if kind in kinds and kind not in found:
            found.append(kind)
    return found
