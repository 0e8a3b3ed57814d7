"""The French words of Chèvre: refusals, and one sentence per event."""

from __future__ import annotations

from typing import Any

from games.core import Event, PlayerId

MESSAGES: dict[str, str] = {
    "bad_tile": "« {tuile} » n'est pas un domino (écris-le comme 3-5).",
    "not_in_hand": "Tu n'as pas le {tuile}.",
    "must_open_with": "La première manche s'ouvre avec le {tuile}.",
    "does_not_fit": "Le {tuile} ne se pose à aucun bout.",
    "does_not_fit_there": "Le {tuile} ne se pose pas à {cote}.",
    "choose_side": "Le {tuile} va aux deux bouts : précise gauche ou droite.",
    "must_play": "Tu as un domino qui se pose : joue-le.",
    "must_draw": "Tu ne peux pas passer : va d'abord au bazar.",
    "bazar_empty": "Le bazar est vide.",
}

MISDEAL = {
    "doubles": "a cinq doubles ou plus",
    "valeur": "a six dominos ou plus d'un même nombre",
}


def _tiles(tiles: list[str]) -> str:
    return " ".join(tiles) if tiles else "rien"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count > 1 else ''}"


def describe(event: Event, names: dict[PlayerId, str]) -> str:
    data = event.data

    def name(key: str = "joueur") -> str:
        player = data.get(key, "")
        return names.get(player, player)

    def who_list(players: list[PlayerId]) -> str:
        return ", ".join(names.get(p, p) for p in players) or "personne"

    kind = event.kind
    if kind == "debut":
        return (
            f"Partie de Chèvre : {who_list(data['joueurs'])}. "
            f"Qui atteint {data['limite']} points au compte est la chèvre."
        )
    if kind == "redonne":
        return f"La main de {name()} {MISDEAL.get(data['raison'], data['raison'])} : on redonne."
    if kind == "donne":
        bazar = f"{_plural(data['bazar'], 'domino')} au bazar" if data["bazar"] else "pas de bazar"
        how = "avec le domino de son choix" if data["libre"] else "avec le domino d'ouverture"
        return f"Manche {data['manche']} : sept dominos chacun, {bazar}. {name('ouvreur')} ouvre {how}."
    if kind == "main":
        text = f"Ta main : {_tiles(data['tuiles'])}."
        if "ouverture" in data:
            text += f" Tu ouvres avec le {data['ouverture']}."
        return text
    if kind == "ouverture":
        return f"Tu ouvres avec le {data['tuile']}."
    if kind == "tirage":
        return f"Tu pioches le {data['tuile']}."
    if kind == "pioche":
        return f"{name()} va au bazar (il y reste {_plural(data['bazar'], 'domino')})."
    if kind == "pose":
        where = f" à {data['cote']}" if data.get("cote") else ""
        ends = data.get("bouts") or []
        bouts = f" Bouts : {ends[0]} et {ends[1]}." if len(ends) == 2 else ""
        return f"{name()} pose le {data['tuile']}{where}.{bouts} Il lui reste {_plural(data['main'], 'domino')}."
    if kind == "passe":
        return f"{name()} passe."
    if kind == "manche_finie":
        return _round_end(data, names)
    if kind == "fin":
        scores = data.get("scores", {})
        goats = ", ".join(f"{names.get(p, p)} ({scores.get(p, 0)} points)" for p in data["chevres"])
        head = f"La chèvre : {goats}." if goats else "Plus assez de joueurs : la partie s'arrête."
        return f"{head} Gagnant(s) : {who_list(data['gagnants'])}."
    if kind == "depart":
        return f"{name()} quitte la table ; ses dominos retournent au bazar ({data['bazar']})."
    return f"{kind} {data}"


def _round_end(data: dict[str, Any], names: dict[PlayerId, str]) -> str:
    who = names.get(data["joueur"], data["joueur"])
    if data["fin"] == "sortie":
        head = f"{who} n'a plus de dominos : fin de la manche {data['manche']}."
    else:
        head = f"Poisson de {who} : fin de la manche {data['manche']}."
    lines = [head]
    for player, hand in data["mains"].items():
        shown = names.get(player, player)
        taken = data["marque"][player]
        counted = data["points"][player]
        line = f"{shown} : {_tiles(hand)} ({_plural(counted, 'point')})"
        if data["fin"] == "poisson" and taken:
            line += f", prend {_plural(taken, 'point')}"
        if player in data["ouverts"]:
            line += ", ouvre son compte"
        line += f" → compte {data['scores'][player]}, mémoire {data['memoire'][player]}."
        lines.append(line)
    return "\n".join(lines)


def summary(view: dict[str, Any], names: dict[PlayerId, str]) -> str:
    """The public position in a few lines: chain, ends, bazar, tiles in hand, accounts, whose turn."""
    chain = " ".join(f"[{a}|{b}]" for a, b in view["chain"]) or "(vide)"
    lines = [f"Manche {view['round']} — chaîne : {chain}"]
    if view["ends"] is not None:
        left, right = view["ends"]
        lines.append(f"Bouts : {left} à gauche, {right} à droite. Bazar : {view['bazar']}.")
    for player in view["players"]:
        lines.append(
            f"{names.get(player, player)} : {_plural(view['hand_sizes'][player], 'domino')}, "
            f"compte {view['scores'][player]}, mémoire {view['remembered'][player]}"
        )
    if view["over"]:
        goats = ", ".join(names.get(p, p) for p in view["chevres"]) or "personne"
        winners = ", ".join(names.get(p, p) for p in view["winners"]) or "personne"
        lines.append(f"Partie terminée. Chèvre : {goats}. Gagnant(s) : {winners}.")
    elif view["turn"] is not None:
        lines.append(f"À jouer : {names.get(view['turn'], view['turn'])}")
    return "\n".join(lines)
