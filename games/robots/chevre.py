"""Dominos « Chèvre » robots: they play from their own hand only (the view has no other hand).

The strong robot weighs each tile it may lay: the pips it sheds, a double (hard to place later),
the ends it leaves — whether it can follow them itself, and the chance that the others cannot
(counted from the tiles it has not seen: neither on the chain nor in its hand) —, going out, and a
poisson when its hand is the lighter.
"""

from __future__ import annotations

import random
from math import comb

from games.chevre.tiles import ALL_TILES, hand_points, is_double, pips, values
from games.core import Action, PlayerId

from .base import Decision, View, first


def after_ends(ends: list[int] | None, tile: str, side: object) -> tuple[int, int]:
    """The chain's ends once ``tile`` is laid on ``side``."""
    a, b = values(tile)
    if ends is None:
        return a, b
    left, right = ends
    if side == "gauche":
        return (b if a == left else a), right
    if side == "droite":
        return left, (b if a == right else a)
    # No side named: the only end it fits.
    return ((b if a == left else a), right) if left in (a, b) else (left, (b if a == right else a))


def unseen(view: View) -> list[str]:
    """Tiles this player has not seen: the others' hands and the bazar, together."""
    seen = {f"{min(a, b)}-{max(a, b)}" for a, b in view["chain"]} | set(view.get("hand", []))
    return [t for t in ALL_TILES if t not in seen]


def chance_none_fits(unseen_tiles: list[str], hand_size: int, ends: tuple[int, int]) -> float:
    """The chance that a hand of ``hand_size`` tiles drawn from the unseen ones fits neither end."""
    total = len(unseen_tiles)
    if hand_size <= 0 or total == 0:
        return 1.0
    fitting = sum(1 for t in unseen_tiles if ends[0] in values(t) or ends[1] in values(t))
    hand_size = min(hand_size, total)
    return comb(total - fitting, hand_size) / comb(total, hand_size)


def closes(view: View, tile: str, ends: tuple[int, int]) -> bool:
    """Whether laying ``tile`` closes the chain (a poisson): both ends alike, all seven out."""
    if ends[0] != ends[1]:
        return False
    number = ends[0]
    on_chain = sum(1 for a, b in view["chain"] if number in (a, b))
    return on_chain + (1 if number in values(tile) else 0) == 7


def worth(view: View, me: PlayerId, action: Action) -> float:
    tile = str(action.args["tuile"])
    hand = [t for t in view.get("hand", []) if t != tile]
    if not hand:
        return 1000.0  # out: the round is won
    ends = after_ends(view.get("ends"), tile, action.args.get("cote"))
    others = unseen(view)
    value = 1.0 * pips(tile) + (4.0 if is_double(tile) else 0.0)
    follow = sum(1 for t in hand if ends[0] in values(t) or ends[1] in values(t))
    value += 2.5 * min(follow, 3) - (6.0 if follow == 0 else 0.0)
    sizes = view.get("hand_sizes", {})
    next_players = [p for p in view["players"] if p != me]
    for p in next_players:
        value += 10.0 * chance_none_fits(others, int(sizes.get(p, 0)), ends) / len(next_players)
    if closes(view, tile, ends):
        theirs = sum(pips(t) for t in others) / max(1, len(others))
        mine = hand_points(hand)
        heaviest_other = max(int(sizes.get(p, 0)) for p in next_players) * theirs
        value += 40.0 if mine < heaviest_other else -40.0
    return value


def strong(view: View, me: PlayerId, legal: list[Action], rng: random.Random) -> Decision:
    lays = [a for a in legal if a.kind == "poser"]
    if not lays:
        return first(legal, "piocher", "passer")
    return max(lays, key=lambda a: (worth(view, me, a), str(a)))


def beginner(view: View, me: PlayerId, legal: list[Action], rng: random.Random) -> Decision:
    """The first good-looking tile: often the heaviest that fits, otherwise any that fits."""
    lays = [a for a in legal if a.kind == "poser"]
    if not lays:
        return first(legal, "piocher", "passer")
    if rng.random() < 0.5:
        return max(lays, key=lambda a: (pips(str(a.args["tuile"])), str(a)))
    return rng.choice(lays)
