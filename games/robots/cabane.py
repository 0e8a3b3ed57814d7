"""La Cabane sul' Dos robots: the game is pure chance, so both levels throw."""

from __future__ import annotations

import random

from games.core import Action, PlayerId

from .base import Decision, View, first


def throw(view: View, me: PlayerId, legal: list[Action], rng: random.Random) -> Decision:
    return first(legal, "lancer") or (legal[0] if legal else None)
