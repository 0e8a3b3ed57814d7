"""The board file: counts, connections, a start line free of barriers, and left-right symmetry."""

from __future__ import annotations

import json

from games.barricade.board import BOARD_FILE, board_from_dict, distances_to_mine, load_board
from games.barricade.state import BARRIERS, TENTS_FOR

BOARD = load_board()


def test_the_counts_of_the_box() -> None:
    assert len(BOARD.tents) == 6
    assert len(BOARD.barriers) == BARRIERS == len(set(BOARD.barriers))
    assert BOARD.point(BOARD.mine).label == "mine"
    assert len(BOARD.start_line) == 25


def test_every_point_is_connected_to_every_other() -> None:
    seen = {BOARD.mine}
    todo = [BOARD.mine]
    while todo:
        for n in BOARD.neighbours(todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == {p.id for p in BOARD.points}


def test_every_tent_reaches_the_mine_and_all_are_equally_far() -> None:
    dist = distances_to_mine(BOARD)
    far = {dist[tent.entry] for tent in BOARD.tents}
    assert len(far) == 1
    # Counting the entry point as the first step, 48 points from tent to mine.
    assert far.pop() + 1 == 48


def test_every_point_can_still_reach_the_mine_going_forward_or_sideways() -> None:
    assert set(distances_to_mine(BOARD)) == {p.id for p in BOARD.points}


def test_barriers_never_stand_on_the_start_line_nor_the_mine() -> None:
    assert not set(BOARD.barriers) & BOARD.start_line
    assert BOARD.mine not in BOARD.barriers
    assert {BOARD.point(p).y for p in BOARD.start_line} == {0}
    assert all(tent.entry in BOARD.start_line for tent in BOARD.tents)


def test_the_board_is_its_own_mirror_image() -> None:
    def mirror(point_id: int) -> int:
        p = BOARD.point(point_id)
        return BOARD.at(24 - p.x, p.y)

    edges = {frozenset(e) for e in BOARD.edges}
    assert {frozenset(map(mirror, e)) for e in edges} == edges
    assert {mirror(b) for b in BOARD.barriers} == set(BOARD.barriers)
    assert {mirror(t.entry) for t in BOARD.tents} == {t.entry for t in BOARD.tents}
    assert {mirror(p) for p in BOARD.start_line} == set(BOARD.start_line)
    assert mirror(BOARD.mine) == BOARD.mine


def test_paths_join_neighbouring_grid_points_only() -> None:
    for a, b in BOARD.edges:
        pa, pb = BOARD.point(a), BOARD.point(b)
        assert (abs(pa.x - pb.x), abs(pa.y - pb.y)) in {(1, 0), (0, 1)}


def test_labels_name_each_point_once_as_on_the_picture() -> None:
    labels = [p.label for p in BOARD.points]
    assert len(set(labels)) == len(labels)
    assert BOARD.label(BOARD.at(0, 0)) == "A1"
    assert BOARD.by_label("m13") == BOARD.at(12, 12)


def test_tents_for_fewer_players_are_distinct_and_mirror_each_other_for_two_and_four() -> None:
    for count, tents in TENTS_FOR.items():
        assert len(tents) == len(set(tents)) == count
    for count in (2, 4, 6):
        assert {5 - t for t in TENTS_FOR[count]} == set(TENTS_FOR[count])


def test_the_file_reads_back_to_the_same_board() -> None:
    raw = json.loads(BOARD_FILE.read_text(encoding="utf-8"))
    assert board_from_dict(raw) == BOARD
