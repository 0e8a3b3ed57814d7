"""Barricade's board as text: rows of points, barriers, miners and the numbered destinations.

Each point takes two characters and one for the path to its right, so a 25-column board fits an
80-column terminal. The mine is at the top, as on the picture; tents are listed under the start line.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from games.barricade import GAME, BarricadeState, Board, numbered_destinations
from games.barricade.state import TENT
from speech import SOURCE, t

EMPTY = " ."
BARRIER = "##"
MINE = "OR"


def letter(colour: str) -> str:
    """A colour's letter on the board (violet is P for « pourpre », so it differs from vert)."""
    return "P" if colour == "violet" else colour[0].upper()


def cells(board: Board, state: BarricadeState) -> dict[int, str]:
    """What each point shows: a destination number, a miner, a barrier, or nothing."""
    shown = {p.id: EMPTY for p in board.points}
    shown[board.mine] = MINE
    for point in state.barriers:
        shown[point] = BARRIER
    for player, positions in state.miners.items():
        for index, point in enumerate(positions):
            if point not in (TENT, board.mine):
                shown[point] = f"{letter(state.colours[player])}{index + 1}"
    for destination in reversed(numbered_destinations(state)):
        shown[destination.point] = f"{destination.number:>2}"
    return shown


@dataclass(frozen=True)
class Layout:
    """What never changes on a board's text: rows of points (top first) and the links between."""

    header: str
    rows: tuple[tuple[str, tuple[tuple[int, int, bool], ...]], ...]  # label, (x, point, link right)
    links: tuple[str, ...]
    width: int


_LAYOUTS: dict[int, Layout] = {}


def layout(board: Board) -> Layout:
    found = _LAYOUTS.get(id(board))
    if found is None:
        found = _LAYOUTS[id(board)] = _layout(board)
    return found


def _layout(board: Board) -> Layout:
    at = {(p.x, p.y): p for p in board.points}
    edges = {frozenset(edge) for edge in board.edges}
    ys = sorted({p.y for p in board.points}, reverse=True)
    width = board.columns * 3
    rows = []
    for y in ys:
        cells = []
        for x in range(board.columns):
            point = at.get((x, y))
            if point is not None:
                right = at.get((x + 1, y))
                linked = right is not None and frozenset((point.id, right.id)) in edges
                cells.append((x, point.id, linked))
        first = board.point(cells[0][1])
        name = "or" if first.id == board.mine else first.label.rstrip("0123456789")
        rows.append((name, tuple(cells)))
    links = tuple(_links(board, y, below, width) for y, below in pairwise(ys))
    header = "    " + "".join(f"{x + 1:<3}" for x in range(board.columns)).rstrip()
    return Layout(header=header, rows=tuple(rows), links=links, width=width)


def board_text(state: BarricadeState, lang: str = SOURCE) -> str:
    board = GAME.board
    shown = cells(board, state)
    plan = layout(board)
    lines = [plan.header]
    for row, (name, points) in enumerate(plan.rows):
        chars = [" "] * plan.width
        for x, point, linked in points:
            chars[3 * x : 3 * x + 2] = shown[point]
            if linked:
                chars[3 * x + 2] = "-"
        lines.append(f"{name:>3} " + "".join(chars).rstrip())
        if row < len(plan.links):
            lines.append("    " + plan.links[row])
    lines.append(_tents(board, state, lang))
    return "\n".join(lines)


def _links(board: Board, y: int, below: int, width: int) -> str:
    chars = [" "] * width
    for a_id, b_id in board.edges:
        a, b = board.point(a_id), board.point(b_id)
        if {a.y, b.y} != {y, below}:
            continue
        low, high = (a, b) if a.y == below else (b, a)
        if low.x == high.x:
            chars[3 * low.x + 1] = "|"
        elif abs(low.x - high.x) == 1:
            chars[3 * min(low.x, high.x) + 2] = "/" if high.x > low.x else "\\"
        elif high.x > low.x:  # a long link (into the camp): a run of « _ » ending under its point
            for i in range(3 * low.x + 2, 3 * high.x):
                chars[i] = "_" if chars[i] == " " else chars[i]
            chars[3 * high.x] = "/"
        else:
            for i in range(3 * high.x + 3, 3 * low.x + 1):
                chars[i] = "_" if chars[i] == " " else chars[i]
            chars[3 * high.x + 2] = "\\"
    return "".join(chars).rstrip()


def _tents(board: Board, state: BarricadeState, lang: str) -> str:
    parts = []
    for player in state.order:
        waiting = [str(i + 1) for i, p in enumerate(state.miners[player]) if p == TENT]
        in_mine = sum(1 for p in state.miners[player] if p == board.mine)
        parts.append(
            t(lang, "terminal.board.player", letter=letter(state.colours[player]), player=player,
              tent=" ".join(waiting) or "—", mine=in_mine)
        )
    return t(lang, "terminal.board.tents", players=" · ".join(parts), barrier=BARRIER)
