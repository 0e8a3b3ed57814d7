"""Two ways of playing Barricade without a person: the bench plays them, computer players may too.

Each policy is ``(state, player, legal_actions, rng) -> Action``: the state (or the view dict a
player receives, which holds the same public fields), who acts, the actions the engine allows now
(never empty) and a seeded ``random.Random``. Nothing here changes the state.

- ``distance_policy``: each throw, the move that leaves the moved miner nearest the mine by path
  distance, a capture preferred on a tie, then a random pick; a barrier it leaves goes to the
  point of the leading opponent's shortest path nearest to that opponent's most advanced miner.
- ``random_policy``: any legal action, uniformly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.core import Action, PlayerId

from .board import Board, distances_to_mine, load_board
from .state import TENT, BarricadeState

Policy = Callable[[Any, PlayerId, Sequence[Action], random.Random], Action]


def _fields(state: BarricadeState | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(state, BarricadeState):
        return {
            "miners": state.miners,
            "barriers": state.barriers,
            "tents": state.tents,
            "phase": state.phase,
        }
    return state


# Keyed by identity: hashing a whole Board on every look-up costs more than the walk it saves.
_DISTANCES: dict[int, tuple[Board, dict[int, int]]] = {}


def _distances(board: Board) -> dict[int, int]:
    known = _DISTANCES.get(id(board))
    if known is None or known[0] is not board:
        known = _DISTANCES[id(board)] = (board, distances_to_mine(board))
    return known[1]


def miner_distance(board: Board, tents: Mapping[PlayerId, int], player: PlayerId, where: int) -> int:
    """Steps a miner still has to go: from the tent, the entry point counts as the first step."""
    distance = _distances(board)
    if where == TENT:
        return distance[board.tents[tents[player]].entry] + 1
    return distance[where]


def shortest_path(board: Board, start: int) -> list[int]:
    """One shortest forward-or-sideways path from ``start`` to the mine, ``start`` excluded."""
    distance = _distances(board)
    path: list[int] = []
    point = start
    while point != board.mine:
        ahead = list(board.forward[point])
        ahead += [n for n in (board.left.get(point), board.right.get(point)) if n is not None]
        point = min((n for n in ahead if n in distance), key=lambda n: distance[n])
        path.append(point)
    return path


def _point(action: Action, name: str) -> int:
    """A point argument of an engine action (the engine writes them as ids)."""
    value = action.args[name]
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(f"{action} has no point {name}")
    return int(value)


def random_policy(
    state: BarricadeState | Mapping[str, Any],
    player: PlayerId,
    legal_actions: Sequence[Action],
    rng: random.Random,
) -> Action:
    """Any of the legal actions, each as likely."""
    return rng.choice(list(legal_actions))


def distance_policy(
    state: BarricadeState | Mapping[str, Any],
    player: PlayerId,
    legal_actions: Sequence[Action],
    rng: random.Random,
    board: Board | None = None,
) -> Action:
    """The greedy racer: nearest the mine after the move, captures on a tie, barriers in the leader's way."""
    board = board or load_board()
    data = _fields(state)
    actions = list(legal_actions)
    moves = [a for a in actions if a.kind == "deplacer"]
    if moves:
        return _best_move(board, data, player, moves, rng)
    if any(a.kind == "barriere" for a in actions):
        free = {_point(a, "point") for a in actions if a.kind == "barriere"}
        spot = _barrier_spot(board, data, player, free, rng)
        if spot is not None:
            return Action(kind="barriere", args={"point": spot})
        return next(a for a in actions if a.kind == "laisser")
    return actions[0]


def _best_move(
    board: Board, data: Mapping[str, Any], player: PlayerId, moves: list[Action], rng: random.Random
) -> Action:
    distance = _distances(board)
    miners: Mapping[PlayerId, list[int]] = data["miners"]
    rivals = {p for other, positions in miners.items() if other != player for p in positions}
    rivals.discard(board.mine)
    rivals.discard(TENT)

    def key(action: Action) -> tuple[int, int]:
        destination = _point(action, "destination")
        return distance[destination], 0 if destination in rivals else 1

    best = min(key(a) for a in moves)
    return rng.choice([a for a in moves if key(a) == best])


def _barrier_spot(
    board: Board, data: Mapping[str, Any], player: PlayerId, free: set[int], rng: random.Random
) -> int | None:
    """The free point nearest the leading opponent's most advanced miner on its way to the mine."""
    miners: Mapping[PlayerId, list[int]] = data["miners"]
    tents: Mapping[PlayerId, int] = data["tents"]
    opponents = [p for p in miners if p != player]
    if not opponents:
        return None

    def remaining(p: PlayerId) -> int:
        return sum(0 if w == board.mine else miner_distance(board, tents, p, w) for w in miners[p])

    # The leader: the fewest steps left for all five miners (miners in the mine count for none);
    # a tie is broken at random, or the first seat would draw every barrier.
    fewest = min(remaining(p) for p in opponents)
    leader = rng.choice([p for p in opponents if remaining(p) == fewest])
    on_the_way = sorted(
        (miner_distance(board, tents, leader, w), w) for w in miners[leader] if w != board.mine
    )
    for _, where in on_the_way:
        start = board.tents[tents[leader]].entry if where == TENT else where
        for point in shortest_path(board, start):
            if point in free:
                return point
    return None
