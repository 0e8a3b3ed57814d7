"""The French sentences: refusals by error code, and events as the table tells them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Event, PlayerId

from .faces import faces_text, plural

MESSAGES: dict[str, str] = {
    "rien_a_reprendre": "Le joueur précédent n'a laissé ni lapin ni clapier : lance les 7 dés.",
    "pas_de_lapin": "Il faut écarter au moins un lapin (simple ou double) après chaque lancer.",
    "trop_de_lapins": "Tu veux écarter {demandes} lapin(s) mais la table n'en montre que {disponibles}.",
    "trop_de_doubles": "Tu veux écarter {demandes} double(s) lapin(s) mais il n'y en a que {disponibles}.",
    "clapier_absent": "Aucun dé ne montre le clapier pour {clapier}.",
    "clapier_ordre": "Les clapiers s'écartent dans l'ordre croissant : le clapier pour {clapier} "
    "ne peut pas aller sur le clapier pour {sommet}.",
    "clapier_premier": "La pile de clapiers commence par un clapier pour 2 (un double lapin pris comme "
    "clapier), pas par le clapier pour {clapier}.",
    "clapier_saute": "Les clapiers s'empilent 2, 3, 4, 5 sans sauter : sur le clapier pour {sommet} "
    "ne va que le clapier pour {attendu}, pas le clapier pour {clapier}.",
    "clapiers_complets": "La pile de clapiers est complète (2, 3, 4, 5) : plus de clapier à écarter.",
    "carottes_relancer": "Que des carottes : tu dois relancer tes dés lapins.",
    "ecarter_d_abord": "Écarte d'abord au moins un lapin.",
}


def _points(count: int) -> str:
    return plural(count, "point", "points")


def _name(names: dict[PlayerId, str], player: Any) -> str:
    return names.get(str(player), str(player))


def choice_label(lapins: int, doubles: int, clapier: int) -> str:
    """A set-aside choice in words, for a select: « 1 pile de deux lapins, 1 lapin, le clapier pour 3 »."""
    parts = []
    if lapins // 2:
        parts.append(plural(lapins // 2, "pile de deux lapins", "piles de deux lapins"))
    if lapins % 2:
        parts.append("1 lapin")
    if doubles:
        parts.append(plural(doubles, "double lapin", "doubles lapins"))
    if clapier:
        parts.append(f"le clapier pour {clapier}")
    return ", ".join(parts)


def _debut(d: dict[str, Any], n: dict[PlayerId, str]) -> str:
    players = ", ".join(_name(n, p) for p in d["joueurs"])
    return f"Ludicitude : {players}. Premier à {d['objectif']} points."


def _tour(d: dict[str, Any], n: dict[PlayerId, str]) -> str:
    who = _name(n, d["joueur"])
    if not d["reprise_possible"]:
        return f"À {who} : lance les 7 dés."
    return (
        f"À {who} : reprendre la situation laissée ({d['situation']}, vaut {_points(d['valeur_laissee'])}, "
        f"{plural(d['des_a_lancer'], 'dé', 'dés')} à lancer) ou lancer les 7 dés."
    )


def _lancer(d: dict[str, Any], n: dict[PlayerId, str]) -> str:
    return f"{_name(n, d['joueur'])} lance {plural(len(d['faces']), 'dé', 'dés')} : {faces_text(d['faces'])}."


def _ecart(d: dict[str, Any], n: dict[PlayerId, str]) -> str:
    left = d["des_restants"]
    rest = plural(left, "dé reste", "dés restent") if left else "tous les dés sont écartés"
    return (
        f"{_name(n, d['joueur'])} écarte {choice_label(d['lapins'], d['doubles'], d['clapier'])}. "
        f"Le tour vaut {_points(d['points'])} ; {rest}."
    )


def _memorise(d: dict[str, Any], n: dict[PlayerId, str]) -> str:
    return (
        f"Tous les dés sont écartés : {_name(n, d['joueur'])} mémorise {_points(d['lapins'])} de lapins "
        f"(en tout {d['memorise']}) et relance ses {plural(d['des'], 'dé lapin', 'dés lapins')}."
    )


def _carottes(d: dict[str, Any], n: dict[PlayerId, str]) -> str:
    who = _name(n, d["joueur"])
    text = (
        f"Que des carottes ! {who} les met de côté ({plural(d['carottes'], 'carotte', 'carottes')} "
        f"en tout) et mémorise {_points(d['lapins'])} de lapins (en tout {d['memorise']})."
    )
    if d["des"]:
        return text + f" {who} relance ses {plural(d['des'], 'dé lapin', 'dés lapins')}."
    return text + " Plus aucun dé à lancer."


def _marque(d: dict[str, Any], n: dict[PlayerId, str]) -> str:
    who = _name(n, d["joueur"])
    why = {
        "arret": f"{who} s'arrête",
        "clapiers": f"Que des clapiers après des carottes : {who} marque quand même",
        "plus_de_des": f"Plus de dé à lancer : {who} marque",
    }[d["raison"]]
    return f"{why} : {_points(d['points'])} ({d['lapins']} × {d['multiplicateur']}). Total : {d['total']}."


def _perdu(d: dict[str, Any], n: dict[PlayerId, str]) -> str:
    who = _name(n, d["joueur"])
    if not d["points"]:
        return f"Aucun lapin ! {who} passe son tour."
    if d["points"] == 1:
        return f"Aucun lapin ! {who} perd le point du tour."
    return f"Aucun lapin ! {who} perd les {d['points']} points du tour."


def _victoire(d: dict[str, Any], n: dict[PlayerId, str]) -> str:
    return f"{_name(n, d['joueur'])} gagne avec {d['total']} points !"


def _depart(d: dict[str, Any], n: dict[PlayerId, str]) -> str:
    return f"{_name(n, d['joueur'])} quitte la partie."


def _reprise(d: dict[str, Any], n: dict[PlayerId, str]) -> str:
    return f"{_name(n, d['joueur'])} reprend la situation laissée ({d['situation']}, {_points(d['valeur'])})."


def _tout_relancer(d: dict[str, Any], n: dict[PlayerId, str]) -> str:
    return f"{_name(n, d['joueur'])} repart de zéro avec les 7 dés."


DESCRIBERS: dict[str, Callable[[dict[str, Any], dict[PlayerId, str]], str]] = {
    "debut": _debut,
    "tour": _tour,
    "reprise": _reprise,
    "tout_relancer": _tout_relancer,
    "lancer": _lancer,
    "ecart": _ecart,
    "memorise": _memorise,
    "carottes": _carottes,
    "marque": _marque,
    "perdu": _perdu,
    "victoire": _victoire,
    "depart": _depart,
}


def describe(event: Event, names: dict[PlayerId, str] | None = None) -> str:
    describer = DESCRIBERS.get(event.kind)
    if describer is None:
        return event.kind
    return describer(event.data, names or {})
