"""The board as data: points with grid coordinates, the paths between them, tents, barriers, mine.

The drawing lives in ``games/barricade/data/plateau.json`` (package data); this module only reads it. ``y`` grows towards
the mine: a step to a higher ``y`` is a step forward, a step along the same ``y`` is sideways.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

# Read through importlib.resources: the same in a checkout, an installed wheel or a zip.
BOARD_FILE: Traversable = files("games.barricade") / "data" / "plateau.json"


@dataclass(frozen=True)
class Point:
    id: int
    x: int
    y: int
    label: str


@dataclass(frozen=True)
class Tent:
    index: int
    entry: int
    x: int
    y: int


@dataclass(frozen=True)
class Board:
    name: str
    columns: int
    rows: int
    points: tuple[Point, ...]
    edges: tuple[tuple[int, int], ...]
    start_line: frozenset[int]
    tents: tuple[Tent, ...]
    barriers: tuple[int, ...]
    mine: int
    # Derived once: neighbours one step forward, sideways (left, right) and back.
    forward: dict[int, tuple[int, ...]] = field(default_factory=dict, compare=False)
    backward: dict[int, tuple[int, ...]] = field(default_factory=dict, compare=False)
    left: dict[int, int] = field(default_factory=dict, compare=False)
    right: dict[int, int] = field(default_factory=dict, compare=False)

    def point(self, point_id: int) -> Point:
        return self.points[point_id]

    def at(self, x: int, y: int) -> int:
        """The id of the point drawn at (x, y): tests and tutorials name points this way."""
        for p in self.points:
            if p.x == x and p.y == y:
                return p.id
        raise KeyError(f"no point at ({x}, {y})")

    def label(self, point_id: int) -> str:
        return self.points[point_id].label

    def by_label(self, label: str) -> int:
        for p in self.points:
            if p.label.lower() == label.lower():
                return p.id
        raise KeyError(f"no point labelled {label!r}")

    def neighbours(self, point_id: int) -> list[int]:
        out = list(self.forward[point_id]) + list(self.backward[point_id])
        out += [n for n in (self.left.get(point_id), self.right.get(point_id)) if n is not None]
        return out


def board_from_dict(raw: dict[str, Any]) -> Board:
    """A Board from the JSON structure; the step directions are worked out from the coordinates."""
    points = tuple(Point(id=p["id"], x=p["x"], y=p["y"], label=p["label"]) for p in raw["points"])
    if [p.id for p in points] != list(range(len(points))):
        raise ValueError("point ids must be 0..n-1 in order")
    forward: dict[int, list[int]] = {p.id: [] for p in points}
    backward: dict[int, list[int]] = {p.id: [] for p in points}
    left: dict[int, int] = {}
    right: dict[int, int] = {}
    edges: list[tuple[int, int]] = []
    for a, b in raw["edges"]:
        pa, pb = points[a], points[b]
        edges.append((a, b))
        if pa.y == pb.y:
            low, high = (a, b) if pa.x < pb.x else (b, a)
            right[low] = high
            left[high] = low
        else:
            low, high = (a, b) if pa.y < pb.y else (b, a)
            forward[low].append(high)
            backward[high].append(low)
    return Board(
        name=raw["name"],
        columns=raw["columns"],
        rows=raw["rows"],
        points=points,
        edges=tuple(edges),
        start_line=frozenset(raw["start_line"]),
        tents=tuple(Tent(index=t["index"], entry=t["entry"], x=t["x"], y=t["y"]) for t in raw["tents"]),
        barriers=tuple(raw["barriers"]),
        mine=raw["mine"],
        forward={k: tuple(v) for k, v in forward.items()},
        backward={k: tuple(v) for k, v in backward.items()},
        left=left,
        right=right,
    )


@cache
def load_board(path: Traversable = BOARD_FILE) -> Board:
    """The board read from its JSON file (once per process)."""
    return board_from_dict(json.loads(path.read_text(encoding="utf-8")))


def distances_to_mine(board: Board) -> dict[int, int]:
    """Fewest steps from each point to the mine, moving forward or sideways only."""
    dist = {board.mine: 0}
    frontier = [board.mine]
    while frontier:
        nxt: list[int] = []
        for point in frontier:
            sources = list(board.backward[point])
            sources += [n for n in (board.left.get(point), board.right.get(point)) if n is not None]
            for src in sources:
                if src not in dist:
                    dist[src] = dist[point] + 1
                    nxt.append(src)
        frontier = nxt
    return dist
