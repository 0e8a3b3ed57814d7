"""Barricade robots: which miner to move where, and where to put a barrier (in the leader's way).

The strong robot prices every point by its way to the mine, a barrier on the way costing extra
(it needs an exact throw), and picks the move that gains the most: its own progress, an opponent's
miner sent home, minus the risk of being sent home next turn. A barrier goes where it lengthens the
opponents' best ways the most, and its own the least.
"""

from __future__ import annotations

import random

from games.barricade.board import Board, distances_to_mine, load_board
from games.barricade.moves import miner_moves
from games.barricade.state import TENT, BarricadeState
from games.core import Action, PlayerId

from .base import Decision, View, first

# Extra cost of a barrier on the way: it stops a miner unless the throw ends on it.
BARRIER_COST = 5
# How many of a player's leading miners a barrier should slow down.
LEADERS = 2
# How far ahead of each leading miner a barrier is tried (the first leader, the second).
AHEAD = (6, 3)


_STATIC: dict[int, dict[int, int]] = {}


def static_distances(board: Board) -> dict[int, int]:
    """Steps to the mine ignoring barriers, worked out once per board."""
    if id(board) not in _STATIC:
        _STATIC[id(board)] = distances_to_mine(board)
    return _STATIC[id(board)]


def read(view: View) -> BarricadeState:
    return BarricadeState.model_validate(view)


_SOURCES: dict[int, dict[int, tuple[int, ...]]] = {}


def sources(board: Board) -> dict[int, tuple[int, ...]]:
    """For each point, the points one step before it (behind it or beside it), once per board."""
    if id(board) not in _SOURCES:
        _SOURCES[id(board)] = {
            p.id: tuple(board.backward[p.id])
            + tuple(n for n in (board.left.get(p.id), board.right.get(p.id)) if n is not None)
            for p in board.points
        }
    return _SOURCES[id(board)]


_COSTS: dict[tuple[int, frozenset[int]], dict[int, int]] = {}
_COSTS_KEPT = 256


def costs(board: Board, barriers: set[int]) -> dict[int, int]:
    """Each point's cost to the mine going forward or sideways, a barrier on the way costing extra.

    Remembered per set of barriers (they seldom move): most choices reuse the last one."""
    key = (id(board), frozenset(barriers))
    found = _COSTS.get(key)
    if found is None:
        if len(_COSTS) >= _COSTS_KEPT:
            _COSTS.clear()
        found = _COSTS[key] = shortest_costs(board, barriers)
    return found


def shortest_costs(board: Board, barriers: set[int]) -> dict[int, int]:
    """Dial's shortest paths from the mine (the step costs are small whole numbers): buckets by
    cost, no heap."""
    before = sources(board)
    dist = {board.mine: 0}
    buckets: list[list[int]] = [[board.mine]]
    d = 0
    while d < len(buckets):
        for point in buckets[d]:
            if dist[point] != d:
                continue
            # Leaving a source towards ``point``: a barrier on ``point`` must be landed on first.
            nd = d + 1 + (BARRIER_COST if point in barriers else 0)
            for src in before[point]:
                if nd < dist.get(src, 1 << 30):
                    dist[src] = nd
                    while len(buckets) <= nd:
                        buckets.append([])
                    buckets[nd].append(src)
        d += 1
    return dist


def miner_cost(
    state: BarricadeState, board: Board, player: PlayerId, where: int, cost: dict[int, int]
) -> int:
    if where == board.mine:
        return 0
    if where == TENT:
        return cost[board.tents[state.tents[player]].entry] + 2
    return cost.get(where, 100)


def player_cost(state: BarricadeState, board: Board, player: PlayerId, cost: dict[int, int]) -> int:
    return sum(miner_cost(state, board, player, w, cost) for w in state.miners[player])


def threats(state: BarricadeState, board: Board, me: PlayerId, targets: set[int]) -> dict[int, int]:
    """For each of ``targets``, how many throws (of 6) let some opponent's miner land on it next
    turn. Only miners that could get there are walked: a step forward climbs a row and a sideways
    one stays on it, so a miner on a higher row than every target, or more than six points further
    from the mine than all of them, never reaches one."""
    static = static_distances(board)
    top_row = max(board.point(t).y for t in targets)
    furthest = max(static.get(t, 0) for t in targets) + 6
    hits: dict[int, set[int]] = {}
    for player in state.order:
        if player == me:
            continue
        positions = state.miners[player]
        entry = board.tents[state.tents[player]].entry
        candidates = []
        for i, where in enumerate(positions):
            if where == board.mine:
                continue
            at = entry if where == TENT else where
            if where == TENT and any(positions[j] == TENT for j in range(i)):
                continue  # miners in the tent are alike
            if board.point(at).y <= top_row and static.get(at, 0) <= furthest + (1 if where == TENT else 0):
                candidates.append(i)
        for miner in candidates:
            for throw in range(1, 7):
                for move in miner_moves(state, board, player, miner, throw):
                    if move.destination in targets:
                        hits.setdefault(move.destination, set()).add(throw)
    return {point: len(throws) for point, throws in hits.items()}


def move_worth(
    state: BarricadeState,
    board: Board,
    me: PlayerId,
    action: Action,
    cost: dict[int, int],
    danger: dict[int, int],
) -> float:
    miner = int(action.args["mineur"]) - 1  # type: ignore[arg-type]
    dest = int(action.args["destination"])  # type: ignore[arg-type]
    start = state.miners[me][miner]
    before = miner_cost(state, board, me, start, cost)
    after = miner_cost(state, board, me, dest, cost)
    value = float(before - after)
    if dest == board.mine:
        return value + 50.0
    victim = state.owner_at(dest)
    if victim is not None and victim[0] != me:
        owner = victim[0]
        value += 1.2 * (miner_cost(state, board, owner, TENT, cost) - cost.get(dest, 0))
    if dest in state.barriers:
        value += 4.0  # the barrier is ours to put in someone's way
    at_risk = danger.get(dest, 0) / 6
    if at_risk:
        value -= 0.8 * at_risk * (miner_cost(state, board, me, TENT, cost) - after)
    if start != TENT and danger.get(start, 0):
        value += 0.4 * danger[start] / 6 * (miner_cost(state, board, me, TENT, cost) - before)
    return value


def ahead_points(state: BarricadeState, board: Board, player: PlayerId, cost: dict[int, int]) -> set[int]:
    """Points on the cheapest ways of ``player``'s leading miners, a few steps ahead (``AHEAD``)."""
    positions = sorted(
        (miner_cost(state, board, player, w, cost), w) for w in state.miners[player] if w != board.mine
    )
    out: set[int] = set()
    for rank, (_, where) in enumerate(positions[:LEADERS]):
        point = board.tents[state.tents[player]].entry if where == TENT else where
        for _ in range(AHEAD[rank]):
            nexts = list(board.forward[point])
            nexts += [n for n in (board.left.get(point), board.right.get(point)) if n is not None]
            nexts = [n for n in nexts if n != board.mine]
            if not nexts:
                break
            point = min(nexts, key=lambda n: (cost.get(n, 100), n))
            if cost.get(point, 100) >= cost.get(where, 100) + 50:
                break
            out.add(point)
    return out


def leaders_cost(state: BarricadeState, board: Board, player: PlayerId, cost: dict[int, int]) -> int:
    miners = sorted(miner_cost(state, board, player, w, cost) for w in state.miners[player])
    return sum(miners[:3])


def barrier_worth(state: BarricadeState, board: Board, me: PlayerId, barriers: set[int]) -> float:
    cost = costs(board, barriers)
    others = [p for p in state.order if p != me]
    if not others:
        return 0.0
    # The leader counts most: it is the one to stop.
    ranked = sorted(others, key=lambda p: player_cost(state, board, p, cost))
    value = 0.0
    for rank, player in enumerate(ranked):
        value += leaders_cost(state, board, player, cost) * (1.0 if rank == 0 else 0.3)
    return value - 0.7 * leaders_cost(state, board, me, cost)


def place_barrier(state: BarricadeState, board: Board, me: PlayerId, legal: list[Action]) -> Action:
    assert state.barrier_from is not None
    cost = costs(board, set(state.barriers))
    wanted: set[int] = set()
    for player in state.order:
        if player != me:
            wanted |= ahead_points(state, board, player, cost)
    spots = {int(a.args["point"]): a for a in legal if a.kind == "barriere"}  # type: ignore[arg-type]
    rest = set(state.barriers) - {state.barrier_from}
    best = first(legal, "laisser")
    assert best is not None
    best_value = barrier_worth(state, board, me, rest | {state.barrier_from})
    for point in sorted(wanted & set(spots)):
        value = barrier_worth(state, board, me, rest | {point})
        if value > best_value:
            best, best_value = spots[point], value
    return best


def strong(view: View, me: PlayerId, legal: list[Action], rng: random.Random) -> Decision:
    if not legal:
        return None
    state = read(view)
    board = load_board()
    if state.phase == "barriere":
        return place_barrier(state, board, me, legal)
    moves = [a for a in legal if a.kind == "deplacer"]
    if not moves:
        return first(legal, "lancer")
    cost = costs(board, set(state.barriers))
    targets = {int(a.args["destination"]) for a in moves}  # type: ignore[arg-type]
    targets |= {w for w in state.miners[me] if w not in (TENT, board.mine)}
    danger = threats(state, board, me, targets)
    return max(moves, key=lambda a: (move_worth(state, board, me, a, cost, danger), -moves.index(a)))


def beginner(view: View, me: PlayerId, legal: list[Action], rng: random.Random) -> Decision:
    """The first good-looking move: the one that gets furthest; a barrier left where it was, or
    now and then put on any free point."""
    if not legal:
        return None
    state = read(view)
    board = load_board()
    if state.phase == "barriere":
        spots = [a for a in legal if a.kind == "barriere"]
        if spots and rng.random() < 0.4:
            return rng.choice(spots)
        return first(legal, "laisser")
    moves = [a for a in legal if a.kind == "deplacer"]
    if not moves:
        return first(legal, "lancer")
    static = static_distances(board)
    return min(moves, key=lambda a: static.get(int(a.args["destination"]), 0))  # type: ignore[arg-type]
