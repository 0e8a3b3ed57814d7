"""Computer players for the five games: pure policies over a player's view.

    from games.robots import next_move

    move = next_move(game, state, "bob", "fort", seed, now_ms)  # (action, at_ms) or None

or, one level down, ``policy(game, level)(view, me, legal, rng)`` returns a decision: an ``Action``
to play now, a ``Shout(action, delay_ms)`` to play at the window's opening (``window_opened``)
plus ``delay_ms``, or ``None``: nothing now. See docs/robots.md.
"""

from __future__ import annotations

from . import barricade, cabane, chevre, culdechouette, ludicitude
from .base import LEVELS, Decision, Level, Policy, Shout, View, at_ms, robot_rng
from .play import decide, next_move
from .windows import window_length, window_opened

POLICIES: dict[str, dict[str, Policy]] = {
    "culdechouette": {"debutant": culdechouette.beginner, "fort": culdechouette.strong},
    "cabane": {"debutant": cabane.throw, "fort": cabane.throw},
    "chevre": {"debutant": chevre.beginner, "fort": chevre.strong},
    "barricade": {"debutant": barricade.beginner, "fort": barricade.strong},
    "ludicitude": {"debutant": ludicitude.beginner, "fort": ludicitude.strong},
}

ALIASES = {"débutant": "debutant", "beginner": "debutant", "strong": "fort"}


def level_name(level: str) -> str:
    """The level's canonical name (« débutant » with or without its accent), or ValueError."""
    name = ALIASES.get(level.strip().lower(), level.strip().lower())
    if name not in LEVELS:
        raise ValueError(f"niveau inconnu : {level!r} (niveaux : {', '.join(LEVELS)})")
    return name


def policy(game: str, level: str = "fort") -> Policy:
    """The policy of ``level`` (« debutant » or « fort ») for ``game``; KeyError for an unknown game."""
    try:
        by_level = POLICIES[game]
    except KeyError:
        raise KeyError(f"jeu sans robot : {game!r} (jeux : {', '.join(POLICIES)})") from None
    return by_level[level_name(level)]


__all__ = [
    "LEVELS",
    "POLICIES",
    "Decision",
    "Level",
    "Policy",
    "Shout",
    "View",
    "at_ms",
    "decide",
    "level_name",
    "next_move",
    "policy",
    "robot_rng",
    "window_length",
    "window_opened",
]
