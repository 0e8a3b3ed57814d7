"""What the table reads: events and the state in French sentences."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Event, PlayerId

from .board import Board
from .moves import legal_moves
from .state import MINERS, TENT

if TYPE_CHECKING:
    from .state import BarricadeState


def place(board: Board, point: object) -> str:
    """A point as players name it: its label on the picture, the tent or the mine."""
    if point == TENT:
        return "sa tente"
    if point == board.mine:
        return "la mine d'or"
    if isinstance(point, int) and 0 <= point < len(board.points):
        return f"le point {board.label(point)}"
    return str(point)


def describe_event(board: Board, event: Event, names: dict[PlayerId, str]) -> str:
    d = event.data

    def who(key: str = "joueur") -> str:
        player = str(d.get(key, "?"))
        return names.get(player, player)

    kind = event.kind
    if kind == "ordre_lancer":
        throws = ", ".join(f"{names.get(t['joueur'], t['joueur'])} {t['valeur']}" for t in d["lancers"])
        return f"Lancer pour l'ordre de jeu : {throws}."
    if kind == "ordre":
        order = ", ".join(f"{names.get(p, p)} ({d['couleurs'][p]})" for p in d["ordre"])
        return f"Ordre de jeu : {order}."
    if kind == "tour":
        return f"À {who()} de lancer le dé."
    if kind == "lancer":
        extra = f" pour son mineur {d['mineur']}" if "mineur" in d else ""
        return f"{who()} lance le dé{extra} : {d['valeur']}."
    if kind == "bloque":
        return f"{who()} ne peut rien jouer avec ce {d['valeur']} : tour perdu."
    if kind == "deplacement":
        if d.get("rebond"):
            return (
                f"Mineur {d['mineur']} de {who()} touche la mine d'or et rebondit jusqu'à "
                f"{place(board, d['vers'])}."
            )
        origin = "sort de sa tente et va" if d["de"] == TENT else "va"
        if d["vers"] == board.mine:
            return f"Mineur {d['mineur']} de {who()} entre dans la mine d'or."
        return f"Mineur {d['mineur']} de {who()} {origin} sur {place(board, d['vers'])}."
    if kind == "renvoye":
        return f"Mineur {d['mineur']} de {who()} est renvoyé dans sa tente par {who('par')} !"
    if kind == "sur_barriere":
        return f"{who()} s'arrête sur la barrière du point {board.label(d['point'])}."
    if kind == "choix_barriere":
        return f"{who()} quitte la barrière du point {board.label(d['point'])} : la déplacer ou la laisser ?"
    if kind == "barriere_deplacee":
        return f"{who()} déplace la barrière de {board.label(d['de'])} vers {board.label(d['vers'])}."
    if kind == "barriere_laissee":
        return f"{who()} laisse la barrière au point {board.label(d['point'])}."
    if kind == "relance":
        return f"Six ! {who()} relance pour son mineur {d['mineur']}."
    if kind == "mine":
        count = d["nombre"]
        return f"{who()} a {count} mineur{'s' if count > 1 else ''} sur {MINERS} à la mine d'or."
    if kind == "victoire":
        if d.get("forfait"):
            return f"{who()} reste seul à la table et gagne la partie."
        return f"{who()} a amené ses cinq mineurs à la mine d'or et gagne la partie !"
    if kind == "depart_joueur":
        return f"{who()} quitte la partie ; ses mineurs quittent le plateau."
    return f"{kind} {d}"


def summary_lines(board: Board, state: BarricadeState, names: dict[PlayerId, str]) -> list[str]:
    lines = []
    for player in state.order:
        positions = state.miners[player]
        in_mine = sum(1 for p in positions if p == board.mine)
        in_tent = sum(1 for p in positions if p == TENT)
        lines.append(
            f"{names.get(player, player)} ({state.colours[player]}) : {in_mine} à la mine, "
            f"{in_tent} sous la tente, {MINERS - in_mine - in_tent} en route"
        )
    if state.over:
        winners = ", ".join(names.get(p, p) for p in state.winners)
        lines.append(f"Partie terminée. Gagnant : {winners}" if winners else "Partie terminée.")
        return lines
    turn = state.turn_player
    if turn is None:
        return lines
    who = names.get(turn, turn)
    if state.phase == "lancer":
        lines.append(f"À {who} de lancer le dé.")
    elif state.phase == "deplacer" and state.throw is not None:
        lines.append(f"{who} a fait {state.throw} : choisir un mineur et sa destination.")
        for number, move in enumerate(legal_moves(state, board, turn, state.throw), start=1):
            lines.append(f"  {number}. deplacer {move.miner + 1} {board.label(move.destination)}")
    else:
        lines.append(
            f"{who} choisit où mettre la barrière (barriere <point>, ex. E6) ou la laisse (laisser)."
        )
    return lines
