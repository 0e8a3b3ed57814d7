"""French sentences for the error codes every game shares; games add their own."""

from __future__ import annotations

from .errors import IllegalAction

COMMON: dict[str, str] = {
    "game_over": "La partie est terminée.",
    "not_a_player": "Tu n'es pas à cette table.",
    "not_your_turn": "Ce n'est pas ton tour.",
    "system_only": "Seule la table peut faire ça.",
    "unknown_player": "Ce joueur n'est pas à la table.",
    "unknown_action": "Action inconnue ici.",
    "bad_argument": "Argument invalide : {name}.",
    "missing_argument": "Il manque l'argument « {name} ».",
    "player_count": "Il faut entre {minimum} et {maximum} joueurs (vous êtes {got}).",
    "duplicate_player": "Chaque joueur ne peut s'asseoir qu'une fois.",
    "not_now": "Ce n'est pas le moment.",
}


def explain(error: IllegalAction, extra: dict[str, str] | None = None) -> str:
    """The sentence for an error, its parameters filled in (unknown codes fall back to the code)."""
    template = (extra or {}).get(error.code) or COMMON.get(error.code)
    if template is None:
        return f"Action refusée ({error.code})."
    try:
        return template.format(**error.params)
    except (KeyError, IndexError, ValueError):
        return template
