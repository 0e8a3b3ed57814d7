"""French words: one sentence per event, one per error code."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Event, PlayerId

from .combos import NAMES, classify

MESSAGES: dict[str, str] = {
    "already_shouted": "Tu as déjà crié.",
    "challenge_not_now": "Un défi Grelottine se lance entre deux tours, quand aucun lancer n'est en cours.",
    "bad_target": "Il faut désigner un autre joueur de la table.",
    "already_called": "Tu as déjà crié « Grelottine ! ».",
    "bad_stake": "La mise doit être entre 1 et {maximum} points.",
    "bad_keep": "Garde au plus deux dés, désignés par leur position (1, 2 ou 3).",
    "sirop_forced": "Sirop-Grelot : le Sirotage est obligatoire.",
    "own_sirop": "On ne parie pas sur son propre Sirotage.",
    "bad_bird": "Oiseau inconnu : annonce l'un de {birds}.",
    "already_announced": "Tu as déjà fait ton annonce.",
    "bets_open": "Attends que chacun ait annoncé son pari (ou la fin du délai) avant de lancer le dé.",
    "bad_civet_stake": "Un Civet se mise de 1 à {maximum} points.",
    "civet_not_now": "Un Civet s'annonce avant de lancer ses chouettes, ou avant le premier lancer d'un défi qu'on relève.",
    "already_playing": "Tu es déjà à la table.",
    "sloubi_eliminated": "Sorti à -343, tu ne peux pas revenir avant la prochaine partie.",
    "sloubi_not_now": "Le Chante-Sloubi ne se tente qu'à la fin d'une manche.",
    "sloubi_too_high": "Le Sloubi vaut {value}, au-delà de la limite de {limit} : attends qu'il diminue.",
    "no_song": "Personne ne chante de Sloubi en ce moment.",
}

CAUSES: dict[str, str] = {
    "hors_tour": "lancer les dés hors de son tour",
    "pas_de_chouette_velute": "« Pas mou le caillou ! » sans Chouette-Velute",
    "pas_de_suite": "« Grelotte ça picote ! » sans Suite",
    "sans_egalite": "« … bières bretonnes ! » sans égalité",
    "pas_a_egalite": "« … bières bretonnes ! » sans être à égalité",
    "sirop_chouette_velute": "siroter une Chouette-Velute",
    "sirop_sans_chouette": "« Je sirote ! » sans Chouette à siroter",
    "sirop_sans_points": "siroter sans avoir les points de la Chouette",
    "pari_sans_sirop": "une annonce de Sirop sans Sirotage en cours",
    "oiseau": "annoncer l'oiseau de la Chouette sirotée au lieu de « Beau-Sirop ! »",
    "pari_sans_points": "parier sans avoir 5 points (pari caduc)",
    "pas_d_annonce": "aucune annonce avant le lancer du dé siroté",
    "sirop_gagnant_sans_pari": "« Sirop Gagnant ! » sans pari gagné",
    "sans_grelottine": "« Grelottine ! » sans avoir de Grelottine",
    "cible_sans_grelottine": "défier un joueur qui n'a pas de Grelottine",
    "score_trop_bas": "lancer un défi Grelottine avec un score trop bas",
    "cible_trop_basse": "défier un joueur dont le score est trop bas",
    "sans_civet": "annoncer un Civet sans en avoir",
    "civet_trop_gros": "miser au Civet plus que son score",
    "cible_a_un_civet": "lancer son Civet à un joueur qui en a déjà un",
    "mauvais_sloubi": "mauvais numéro de Sloubi",
}

SHOUTS: dict[str, str] = {
    "pas_mou": "« Pas mou le caillou ! »",
    "grelotte": "« Grelotte ça picote ! »",
    "moisissure": "« Sans fin est la moisissure des bières bretonnes ! »",
}

ANNOUNCES: dict[str, str] = {
    "beau_sirop": "« Beau-Sirop ! »",
    "couche_sirop": "« Couche-Sirop ! »",
    "file_sirop": "« File-Sirop ! »",
    "oiseau": "un oiseau",
}

REASONS: dict[str, str] = {
    "chouette": "fait une {label}",
    "velute": "fait une {label}",
    "cul_de_chouette": "fait un {label}",
    "sirotage": "réussit son Sirotage : {label}",
    "sirop_rate": "rate son Sirotage ({label})",
    "pas_mou": "gagne la Chouette-Velute",
    "pas_mou_egalite": "a crié en même temps qu'un autre",
    "grelotte": "a crié « Grelotte ça picote ! » le dernier",
    "moisissure": "perd le départage des bières bretonnes",
    "grelotte_muet": "n'a pas crié « Grelotte ça picote ! »",
    "moisissure_muet": "n'a pas crié « … bières bretonnes ! »",
    "departage": "perd le départage aux dés",
    "bevue": "fait une Bévue",
    "zero": "profite de ce que {label} est à zéro",
    "defi": "défi Grelottine",
    "civet": "Civet",
    "pari_sirop": "perd son pari « {label} ! »",
    "sirop_gagnant": "encaisse son Sirop Gagnant",
    "chante_sloubi": "entre en jeu",
    "sloubi_reussi": "réussit son Sloubi",
}


def a_name(combination: str) -> str:
    """« une Chouette », « un Cul de Chouette »."""
    article = "un" if combination in ("cul_de_chouette", "sirop_grelot", "neant") else "une"
    return f"{article} {NAMES[combination]}"


def pts(n: int) -> str:
    return f"{n} point" if abs(n) <= 1 else f"{n} points"


def of(name: str) -> str:
    """« de Perceval », « d'Arthur »."""
    return f"d'{name}" if name[:1].lower() in "aeiouyéèêàâîôû" else f"de {name}"


def dice_text(dice: list[int]) -> str:
    return "-".join(str(d) for d in dice)


def combination_text(dice: list[int]) -> str:
    combo = classify(dice)
    text = NAMES[combo.kind] if combo.kind in ("neant", "suite") else f"{NAMES[combo.kind]} de {combo.value}"
    return text + " et Suite" if combo.suite and combo.kind == "velute" else text


def describe(event: Event, names: dict[PlayerId, str] | None = None) -> str:
    names = names or {}

    def n(player: Any) -> str:
        return names.get(str(player), str(player))

    def many(players: list[Any]) -> str:
        return ", ".join(n(p) for p in players)

    d = event.data
    handler = HANDLERS.get(event.kind)
    if handler is None:
        return f"{event.kind} : {d}"
    return handler(d, n, many)


Namer = Callable[[Any], str]
Lister = Callable[[list[Any]], str]


def _score(d: dict[str, Any], n: Namer, many: Lister) -> str:
    label = d.get("label", "")
    if "value" in d:
        label = f"{NAMES.get(label, label)} de {d['value']}"
    if d["reason"] == "zero":
        label = n(label)
    elif d["reason"] in ("civet", "defi") and label:
        label = NAMES.get(label, label)
    if d["reason"] == "pari_sirop":
        label = label or "Beau-Sirop"  # events written before bird bets had no label
    reason = REASONS.get(d["reason"], d["reason"]).format(label=label)
    if d["reason"] in ("civet", "defi"):
        reason += f" ({label})" if label else ""
        return f"{n(d['player'])}, {reason} : {d['delta']:+d} (total {d['total']})"
    return f"{n(d['player'])} {reason} : {d['delta']:+d} (total {d['total']})"


def _window(d: dict[str, Any], n: Namer, many: Lister) -> str:
    if d["kind"] == "pas_mou":
        return "Chouette-Velute ! Le premier à crier « Pas mou le caillou ! » gagne les points."
    if d["kind"] == "grelotte":
        return "Suite ! Tout le monde crie « Grelotte ça picote ! » : le dernier perd 10 points."
    return f"Égalité entre {many(d['among'])} : criez « Sans fin est la moisissure des bières bretonnes ! »"


def _sirop_die(d: dict[str, Any], n: Namer, many: Lister) -> str:
    outcome = "Sirotage réussi !" if d["success"] else "Sirotage raté."
    return f"{n(d['player'])} relance un dé : {d['die']} → {dice_text(d['dice'])}. {outcome}"


def _announcement(d: dict[str, Any], n: Namer, many: Lister) -> str:
    who = n(d["player"])
    if d["kind"] == "oiseau" and "bird" in d:
        return f"{who} : « {d['bird']} ! » (5 points sur le {d['value']})"
    if d["kind"] == "beau_sirop" and "value" in d:
        return f"{who} : « Beau-Sirop ! » (5 points sur le {d['value']})"
    return f"{who} : {ANNOUNCES[d['kind']]}"


def _challenge(d: dict[str, Any], n: Namer, many: Lister) -> str:
    stake = f"« Max ! » ({pts(d['stake'])})" if d["max"] else pts(d["stake"])
    return (
        f"{n(d['grelottin'])} défie {n(d['target'])} sur {a_name(d['combination'])}, mise : {stake}. "
        f"{n(d['target'])} a deux lancers."
    )


def _challenge_result(d: dict[str, Any], n: Namer, many: Lister) -> str:
    if d["met"]:
        return f"{n(d['target'])} relève le défi : il gagne {d['stake']}, {n(d['grelottin'])} les perd."
    return f"{n(d['target'])} échoue : {n(d['grelottin'])} gagne {d['stake']}, {n(d['target'])} les perd."


def _challenge_throw(d: dict[str, Any], n: Namer, many: Lister) -> str:
    kept = f" (en gardant {', '.join(str(k) for k in d['kept'])})" if d.get("kept") else ""
    which = "premier" if d["throw"] == 1 else "deuxième"
    return f"{n(d['player'])}, {which} lancer{kept} : {dice_text(d['dice'])} → {combination_text(d['dice'])}."


def _civet_result(d: dict[str, Any], n: Namer, many: Lister) -> str:
    name = NAMES[d["combination"]]
    if d["met"]:
        return f"Civet réussi pour {n(d['player'])} ({name}) : +{d['stake']}."
    return f"Civet raté pour {n(d['player'])} ({name}) : -{d['stake']}."


def _silent(d: dict[str, Any], n: Namer, many: Lister) -> str:
    verb = "n'a" if len(d["players"]) == 1 else "n'ont"
    return f"{many(d['players'])} {verb} pas crié {SHOUTS[d['kind']]} : -10."


def _last(d: dict[str, Any], n: Namer, many: Lister) -> str:
    if d["kind"] == "des":
        return f"{n(d['player'])} fait le plus grand dé."
    return f"{n(d['player'])} a crié le dernier."


HANDLERS: dict[str, Callable[[dict[str, Any], Namer, Lister], str]] = {
    "ordre": lambda d, n, m: f"{n(d['player'])} lance un dé pour l'ordre de jeu : {d['value']}.",
    "premier": lambda d, n, m: f"{n(d['player'])} a le plus petit dé et commence.",
    "tour": lambda d, n, m: f"À {n(d['player'])} de lancer les chouettes.",
    "manche": lambda d, n, m: f"Fin de la manche {d['rounds']} (Chante-Sloubi possible).",
    "chouettes": lambda d, n, m: f"{n(d['player'])} lance les chouettes : {d['dice'][0]} et {d['dice'][1]}.",
    "cul": lambda d, n, m: (
        f"{n(d['player'])} lance le cul : {d['dice'][2]} → {dice_text(d['dice'])} : {combination_text(d['dice'])} !"
    ),
    "score": _score,
    "bevue": lambda d, n, m: f"Bévue {of(n(d['player']))} : {CAUSES.get(d['cause'], d['cause'])}.",
    "chouette": lambda d, n, m: (
        f"Sirop-Grelot : {n(d['player'])} doit siroter sa Chouette de {d['value']} ({d['bird']})."
        if d["forced"]
        else f"Chouette de {d['value']} ({d['bird']}) : {n(d['player'])} peut siroter ou la garder."
    ),
    "fenetre": _window,
    "cri": lambda d, n, m: f"{n(d['player'])} : {SHOUTS[d['kind']]}",
    "pas_mou_personne": lambda d, n, m: (
        "Personne n'a crié « Pas mou le caillou ! » : les points ne vont à personne."
    ),
    "pas_mou_gagne": lambda d, n, m: f"{n(d['player'])} a crié « Pas mou le caillou ! » le premier.",
    "pas_mou_egalite": lambda d, n, m: (
        f"{m(d['players'])} ont crié en même temps : chacun perd {d['points']} points."
    ),
    "muets": _silent,
    "dernier": _last,
    "egalite": lambda d, n, m: f"Égalité pour la dernière place entre {m(d['players'])}.",
    "departage": lambda d, n, m: (
        f"{n(d['player'])} lance un dé pour départager ({d['stake']} points en jeu) : {d['value']}."
    ),
    "sirotage": lambda d, n, m: (
        f"{n(d['player'])} : « Je sirote ! » sur sa Chouette de {d['value']} ({d['bird']}). "
        f"Les autres : « Beau-Sirop ! » pour parier 5 points sur le {d['value']}, l'oiseau d'une autre "
        "valeur (Linotte 1 … Chouette 6) pour parier sur elle, « Couche-Sirop ! » ou « File-Sirop ! » "
        "pour ne pas parier."
    ),
    "paris_ouverts": lambda d, n, m: "Les paris sont ouverts.",
    "annonce": _announcement,
    "pari_gagne": lambda d, n, m: (
        f"{n(d['player'])} gagne son pari « {d['said']} ! » sur le {d['value']} : "
        "« Sirop Gagnant ! » avant le lancer suivant pour encaisser 25 points."
    ),
    "paris_clos": lambda d, n, m: "Les paris sont clos : le dé peut être relancé.",
    "sirop_de": _sirop_die,
    "civet_gagne": lambda d, n, m: f"{n(d['player'])} gagne un Civet.",
    "sirop_gagnant": lambda d, n, m: f"{n(d['player'])} : « Sirop Gagnant ! »",
    "grelottine_gagnee": lambda d, n, m: f"Néant : {n(d['player'])} gagne une Grelottine.",
    "grelottine_perdue": lambda d, n, m: f"{n(d['player'])} passe sous 30 points et perd sa Grelottine.",
    "appel": lambda d, n, m: f"{n(d['player'])} : « Grelottine ! » en désignant {n(d['target'])}.",
    "appels_simultanes": lambda d, n, m: (
        f"{m(d['players'])} ont crié « Grelottine ! » en même temps : le plus petit score devient grelottin."
    ),
    "departage_appel": lambda d, n, m: (
        f"{n(d['player'])} lance un dé pour départager : {d['value']} (le plus petit l'emporte)."
    ),
    "defi_lance": lambda d, n, m: (
        f"{n(d['grelottin'])} est le grelottin et défie {n(d['target'])} : à lui de choisir la combinaison et la mise."
    ),
    "defi": _challenge,
    "defi_lancer": _challenge_throw,
    "arret": lambda d, n, m: f"Réussi au premier lancer : {n(d['player'])} doit s'arrêter.",
    "defi_resultat": _challenge_result,
    "reprise": lambda d, n, m: "Le défi est terminé, la partie reprend.",
    "civet": lambda d, n, m: f"{n(d['player'])} : « Civet de {d['stake']} sur {a_name(d['combination'])} ! »",
    "civet_resultat": _civet_result,
    "lance_civet": lambda d, n, m: (
        f"{n(d['player'])} : « Lance-Civet ! » : {n(d['target'])} reçoit son Civet."
    ),
    "sloubi_entree": lambda d, n, m: (
        f"{n(d['player'])} : « Chante-Sloubi ! » Le Sloubi vaut {d['value']} ({d['rounds']} manches jouées)."
    ),
    "sloubi": lambda d, n, m: f"{n(d['player'])} : « Sloubi {d['n']} »",
    "sloubi_rate": lambda d, n, m: (
        f"{n(d['player'])} dit « Sloubi {d['said']} » au lieu de « Sloubi {d['expected']} » : chanson ratée."
    ),
    "sloubi_reussi": lambda d, n, m: f"{n(d['player'])} réussit son Sloubi : son score passe à {d['score']}.",
    "sloubi_refuse": lambda d, n, m: f"{n(d['player'])} ne chante pas et entre avec son score de départ.",
    "sloubi_interrompu": lambda d, n, m: (
        f"{n(d['by'])} interrompt le Sloubi de {n(d['player'])} : pas de bonus."
    ),
    "depart": lambda d, n, m: f"{n(d['player'])} quitte la table.",
    "elimine": lambda d, n, m: f"{n(d['player'])} atteint -343 points et sort du jeu.",
    "annule": lambda d, n, m: "Le lancer en cours est annulé.",
    "fin": lambda d, n, m: f"Partie terminée ! Gagnant(s) : {m(d['winners'])}.",
}
