"""Where a miner may go with a throw: forward or sideways, one sideways direction per throw."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board
from .state import TENT, BarricadeState


@dataclass(frozen=True)
class Move:
    miner: int
    destination: int
    # Every point stepped on, the destination last (a bounce passes through the mine).
    path: tuple[int, ...]
    bounce: bool = False


def _walk(
    board: Board,
    start: int,
    steps: int,
    barriers: set[int],
    backwards: bool,
    first: tuple[int, ...] = (),
) -> dict[int, tuple[int, ...]]:
    """Destinations ``steps`` points away from ``start`` with one path to each.

    A barrier stops the walk unless the count ends on it (rule 10); the mine ends every walk.
    Sideways steps keep the direction of the first one (rule 4); ``backwards`` walks away from
    the mine instead of towards it (the bounce of rule 14).
    """
    found: dict[int, tuple[int, ...]] = {}
    ahead = board.backward if backwards else board.forward

    def step(point: int, left: int, direction: str | None, path: tuple[int, ...]) -> None:
        if left == 0:
            found.setdefault(point, path)
            return
        if path != first and (point in barriers or point == board.mine):
            return
        options: list[tuple[int, str | None]] = [(n, direction) for n in ahead[point]]
        if direction in (None, "gauche") and point in board.left:
            options.append((board.left[point], "gauche"))
        if direction in (None, "droite") and point in board.right:
            options.append((board.right[point], "droite"))
        for nxt, new_direction in options:
            step(nxt, left - 1, new_direction, (*path, nxt))

    step(start, steps, None, first)
    return found


# Walks looked up by (board, start, steps, direction, barriers): a game asks the same ones again and
# again (on each throw, for the buttons, to check the choice), and barriers move rarely.
_WALKS: dict[tuple[int, int, int, bool, tuple[int, ...], tuple[int, ...]], dict[int, tuple[int, ...]]] = {}
_WALK_BOARDS: dict[int, Board] = {}
_MAX_WALKS = 100_000


def _reach(
    board: Board, start: int, steps: int, barriers: tuple[int, ...], backwards: bool, first: tuple[int, ...]
) -> dict[int, tuple[int, ...]]:
    """``_walk`` remembered; the answer is shared, so callers must not change it."""
    if _WALK_BOARDS.get(id(board)) is not board:
        _WALKS.clear()
        _WALK_BOARDS.clear()
        _WALK_BOARDS[id(board)] = board
    key = (id(board), start, steps, backwards, barriers, first)
    found = _WALKS.get(key)
    if found is None:
        if len(_WALKS) >= _MAX_WALKS:
            _WALKS.clear()
        found = _WALKS[key] = _walk(board, start, steps, set(barriers), backwards, first)
    return found


def miner_moves(state: BarricadeState, board: Board, player: str, miner: int, throw: int) -> list[Move]:
    """The ordinary moves of one miner with ``throw``: no own miner at the end of the path."""
    where = state.miners[player][miner]
    if where == board.mine:
        return []
    if board.mine in board.forward.get(where, ()):
        # Rule 14: at the mine's door a miner only goes in, with a 1; other throws bounce.
        return [Move(miner=miner, destination=board.mine, path=(board.mine,))] if throw == 1 else []
    barriers = tuple(sorted(state.barriers))
    if where == TENT:
        # Rule 3: the start-line point in front of the tent is the first point counted.
        entry = board.tents[state.tents[player]].entry
        reached = _reach(board, entry, throw - 1, barriers, backwards=False, first=(entry,))
    else:
        reached = {
            dest: path[1:]
            for dest, path in _reach(board, where, throw, barriers, backwards=False, first=(where,)).items()
        }
    own = {p for i, p in enumerate(state.miners[player]) if i != miner and p != board.mine}
    return [
        Move(miner=miner, destination=dest, path=path)
        for dest, path in sorted(reached.items())
        if dest not in own
    ]


def bounce_moves(state: BarricadeState, board: Board, player: str, miner: int, throw: int) -> list[Move]:
    """Rule 14: one point from the mine, any throw but 1: to the mine, then back ``throw - 1``."""
    where = state.miners[player][miner]
    if throw == 1 or where in (TENT, board.mine) or board.mine not in board.forward[where]:
        return []
    barriers = tuple(sorted(state.barriers))
    reached = _reach(board, board.mine, throw - 1, barriers, backwards=True, first=(board.mine,))
    own = {p for i, p in enumerate(state.miners[player]) if i != miner}
    return [
        Move(miner=miner, destination=dest, path=path, bounce=True)
        for dest, path in sorted(reached.items())
        if dest not in own
    ]


# The moves of a throw depend only on the player's own miners, tent, the barriers and the throw (a
# rival's miner never stops a move: it is captured). A throw is looked at three times (to see
# whether the turn is lost, to offer the moves, to check the choice): remember the last answers.
_MOVES: dict[tuple[int, int, tuple[int, ...], tuple[int, ...], int, int | None], tuple[Move, ...]] = {}
_MAX_MOVES = 10_000


def legal_moves(state: BarricadeState, board: Board, player: str, throw: int) -> list[Move]:
    """Every move the throw allows ``player``: ordinary moves first; the bounce only without them."""
    if _WALK_BOARDS.get(id(board)) is not board:
        _MOVES.clear()
    key = (
        id(board),
        state.tents[player],
        tuple(state.miners[player]),
        tuple(sorted(state.barriers)),
        throw,
        state.bound_miner,
    )
    known = _MOVES.get(key)
    if known is None:
        if len(_MOVES) >= _MAX_MOVES:
            _MOVES.clear()
        known = _MOVES[key] = tuple(_legal_moves(state, board, player, throw))
    return list(known)


def _legal_moves(state: BarricadeState, board: Board, player: str, throw: int) -> list[Move]:
    positions = state.miners[player]
    if state.bound_miner is not None:
        candidates = [state.bound_miner]
    else:
        # Miners in the tent are all alike: offer the first one only.
        in_tent = [i for i, p in enumerate(positions) if p == TENT][:1]
        candidates = [i for i, p in enumerate(positions) if p not in (TENT, board.mine)] + in_tent
        candidates.sort()
    moves = [m for i in candidates for m in miner_moves(state, board, player, i, throw)]
    if moves:
        return moves
    return [m for i in candidates for m in bounce_moves(state, board, player, i, throw)]


def free_points(state: BarricadeState, board: Board) -> list[int]:
    """Where a barrier may be put (rule 11): not the start line, not the mine, no miner, no barrier."""
    taken = set(state.barriers)
    for positions in state.miners.values():
        taken.update(positions)
    return [
        p.id
        for p in board.points
        if p.id not in taken and p.id not in board.start_line and p.id != board.mine
    ]
