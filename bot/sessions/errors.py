"""Why the table (not the game) refused something, as a code and parameters like the games' errors."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Awaitable
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

MESSAGES: dict[str, str] = {
    "channel_taken": "Une table de {game} est déjà ouverte dans ce salon : rejoins-la, ou attends sa fin.",
    "no_table": "Aucune table n'est ouverte dans ce salon. Ouvre-en une avec /jouer.",
    "unknown_game": "Jeu inconnu : {game}. Jeux disponibles : {games}.",
    "bad_options": "Options invalides pour {game} : {detail}",
    "already_seated": "Tu es déjà assis·e à cette table.",
    "table_full": "La table est complète ({maximum} joueurs au plus).",
    "not_seated": "Tu n'es pas à cette table.",
    "not_host": "Seul·e l'hôte de la table ({host}) peut faire ça.",
    "not_host_or_admin": "Seul·e l'hôte de la table ({host}) ou un·e admin (Gérer le serveur) peut l'abandonner.",
    "not_lobby": "La partie a déjà commencé.",
    "not_playing": "La partie n'a pas encore commencé.",
    "stale": "Ce bouton date d'un tour précédent : rien n'a été fait. Utilise les boutons du dernier message de la table.",
    "closed": "Cette table est fermée : rien n'a été fait.",
    "duplicate": "Ce clic a déjà été pris en compte.",
    "malformed": "Ce bouton n'est pas reconnu : rien n'a été fait.",
    "engine_error": "Le jeu a rencontré une erreur : rien n'a été fait. Les admins peuvent consulter le journal.",
    "gone": "Ce choix n'est plus possible : rien n'a été fait.",
    "storage": "La base de données est indisponible pour l'instant : rien n'a été fait, réessaie dans un instant.",
    "bad_delay": "Le délai doit être un nombre de minutes de {low} à {high}.",
    "bad_level": "Niveau de robot inconnu : {level}. Niveaux : débutant, fort.",
    "not_a_robot": "Ce robot n'est plus à la table : rien n'a été fait.",
    "robot_seat": "Un robot joue ta place à cette table : rien n'a été fait.",
    "too_many_robots": "Trop de robots : {maximum} au plus à cette table (l'hôte compte une place).",
}


class TableError(Exception):
    """Raised by the session manager; ``text`` is the French sentence to show the player."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(code)

    @property
    def text(self) -> str:
        template = MESSAGES.get(self.code, self.code)
        try:
            return template.format(**self.params)
        except (KeyError, IndexError, ValueError):
            return template


async def stored(work: Awaitable[T]) -> T:
    """``work`` (something the manager writes), with a database failure (locked too long, read-only,
    full) turned into ``TableError("storage")``: the manager has put memory back as committed, so
    nothing was done and the player may be told so."""
    try:
        return await work
    except sqlite3.Error as error:
        log.error("écriture en base impossible : %s", error)
        raise TableError("storage") from None
