"""What the table says: each event in French, the way players say it around the dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Event, PlayerId

from .faces import FACE_NAMES

Name = Callable[[PlayerId], str]


def throws_text(throws: int | None) -> str:
    if throws is None:
        return "les deux dés"
    return "deux fois" if throws == 2 else ("une fois" if throws == 1 else f"{throws} fois")


def _faces(data: dict[str, Any]) -> str:
    return " et ".join(f"{FACE_NAMES[f]} ({f})" for f in data["faces"])


def _point(data: dict[str, Any], name: Name) -> str:
    who, total = name(data["joueur"]), data["score"]
    reason = data["raison"]
    if reason == "toit":
        return f"Toit ! {who} marque direct un point ({total})."
    if reason == "facade":
        return f"Deuxième Façade de suite, confirmée ! {who} marque un point ({total})."
    if reason == "double_toit":
        return f"Double T ! {who} pose les deux cabanes d'un coup : 2 points ({total})."
    if reason == "double_cabane":
        return f"Double cabane ! {who} perd un point ({total})."
    if reason == "deuxieme_cabane":
        return f"{who} pose la deuxième cabane debout au coup {data['coup']} : un point ({total}) !"
    return f"{who} : {data['points']:+d} ({total})."


def _tour(data: dict[str, Any], name: Name) -> str:
    who, throws = name(data["joueur"]), data["lancers"]
    if throws is None:
        return f"À {who} de lancer les deux dés."
    if throws == 2:
        return f"À {who} de jouer, deux fois."
    return f"À {who} de lancer le dé."


def _blanc(data: dict[str, Any], name: Name) -> str:
    who = name(data["joueur"])
    if data["apres_cabane"]:
        return f"Blanc, « rejouez derrière la cabane » ! Après la cabane, {who} rejoue encore deux fois."
    return f"Blanc, « rejouez derrière la cabane » ! {who} rejoue une fois."


def _compte(data: dict[str, Any], name: Name) -> str:
    said = f"« {data['dit']} »"
    if data["face"] == "B":
        return f"Blanc, le coup ne compte pas : {said}."
    if data["face"] == "C":
        return f"Cabane, ça compte deux coups : {said}."
    return f"{FACE_NAMES[data['face']]} : {said}."


def _victoire(data: dict[str, Any], name: Name) -> str:
    scores = ", ".join(f"{name(p)} {s}" for p, s in data["scores"].items())
    return f"{name(data['joueur'])} a gagné la partie ! ({scores})"


SENTENCES: dict[str, Callable[[dict[str, Any], Name], str]] = {
    "debut": lambda d, n: (
        f"La Cabane sul' Dos — {d['titre']}. " + ", ".join(n(p) for p in d["joueurs"]) + "."
    ),
    "lancer": lambda d, n: f"{n(d['joueur'])} lance : {_faces(d)}.",
    "point": _point,
    "victoire": _victoire,
    "tour": _tour,
    "rejoue": lambda d, n: f"Celui qui marque rejoue : {n(d['joueur'])} relance.",
    "facade": lambda d, n: (
        f"Façade ! {n(d['joueur'])} rejoue une fois : une deuxième Façade de suite marque."
    ),
    "blanc": _blanc,
    "coup_pour_rien": lambda d, n: f"{FACE_NAMES[d['face']]}, c'est un coup pour rien.",
    "cabane": lambda d, n: (
        f"« Y'a cabane » ! {n(d['joueur'])} passe le dé à son voisin, qui va jouer deux fois."
    ),
    "cabane_annule": lambda d, n: (
        f"« La cabane annule la cabane » ! {n(d['joueur'])} perd son tour, au joueur suivant de jouer deux fois."
    ),
    "cabane_sul_dos": lambda d, n: f"« Y'a cabane sul' dos » ! {n(d['joueur'])} passe son tour.",
    "cabane_sauvee": lambda d, n: f"Cabane sauvée par le Blanc ! {n(d['joueur'])} rejoue.",
    "cabane_mortelle": lambda d, n: (
        f"Cabane mortelle ! {n(d['joueur'])} laisse le T en place, perd ses 10 coups "
        "et passe le dé à son voisin. Place aux 10 coups chacun."
    ),
    "premiere_cabane": lambda d, n: (
        f"{n(d['joueur'])} pose la première cabane debout ! Place aux 10 coups chacun."
    ),
    "continue": lambda d, n: f"Ni cabane ni toit : {n(d['joueur'])} continue à jouer.",
    "serie": lambda d, n: f"{n(d['joueur'])} a dix coups pour poser le deuxième T : « 0 ».",
    "compte": _compte,
    "serie_finie": lambda d, n: f"Dix coups, et pas de deuxième T pour {n(d['joueur'])}.",
    "bataille": lambda d, n: "Personne n'a posé le deuxième T : on entame la bataille !",
    "manche": lambda d, n: f"Manche {d['numero']} : les deux cabanes sont par terre, on débroussaille.",
    "depart": lambda d, n: f"{n(d['joueur'])} quitte la partie.",
}


def describe(event: Event, names: dict[PlayerId, str] | None = None) -> str:
    known = names or {}

    def name(player: PlayerId) -> str:
        return known.get(player, player)

    sentence = SENTENCES.get(event.kind)
    if sentence is None:
        return f"{event.kind} {event.data}"
    return sentence(event.data, name)
