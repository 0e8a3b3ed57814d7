"""The board file: counts, connections, a start line free of barriers, and six lanes alike.

Fairness is built into the drawing: each tent has a lane of its own, every lane a copy of the others,
and the lanes meet only at one point (the camp) from which the three doors of the mine are reached.
Any seat in any tent is then in the same position as any other, at every table size.
"""

from __future__ import annotations

import json

from games.barricade.board import BOARD_FILE, board_from_dict, distances_to_mine, load_board
from games.barricade.state import BARRIERS, TENTS_FOR

BOARD = load_board()


def test_the_counts_of_the_box() -> None:
    assert len(BOARD.tents) == 6
    assert len(BOARD.barriers) == BARRIERS == len(set(BOARD.barriers))
    assert BOARD.point(BOARD.mine).label == "mine"
    assert len(BOARD.start_line) == 18


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
    # Counting the entry point as the first step, 13 points from tent to mine.
    assert far.pop() + 1 == 13


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
        return BOARD.at(BOARD.columns - 1 - p.x, p.y)

    edges = {frozenset(e) for e in BOARD.edges}
    assert {frozenset(map(mirror, e)) for e in edges} == edges
    assert {mirror(b) for b in BOARD.barriers} == set(BOARD.barriers)
    assert {mirror(t.entry) for t in BOARD.tents} == {t.entry for t in BOARD.tents}
    assert {mirror(p) for p in BOARD.start_line} == set(BOARD.start_line)
    assert mirror(BOARD.mine) == BOARD.mine


CAMP = BOARD.by_label("I12")
DOORS = {BOARD.by_label(label) for label in ("J11", "J12", "J13")}


def lane_of(point_id: int) -> int:
    return BOARD.point(point_id).x // 4


def lane_points(lane: int) -> set[int]:
    """The points below the camp whose column falls in ``lane`` (four columns a lane, one empty)."""
    return {p.id for p in BOARD.points if BOARD.point(p.id).y < BOARD.point(CAMP).y and lane_of(p.id) == lane}


def test_paths_join_neighbouring_grid_points_except_the_six_ways_into_the_camp() -> None:
    for a, b in BOARD.edges:
        pa, pb = BOARD.point(a), BOARD.point(b)
        if CAMP in (a, b) or BOARD.mine in (a, b):
            continue
        assert (abs(pa.x - pb.x), abs(pa.y - pb.y)) in {(1, 0), (0, 1)}
    assert sorted(BOARD.backward[CAMP], key=lane_of) == [
        BOARD.by_label(f"H{4 * lane + 2}") for lane in range(6)
    ]
    assert set(BOARD.forward[CAMP]) == DOORS
    assert all(BOARD.forward[door] == (BOARD.mine,) for door in DOORS)


def test_every_lane_is_a_copy_of_the_others_and_lanes_meet_only_at_the_camp() -> None:
    def shape(lane: int) -> tuple[frozenset[tuple[int, ...]], ...]:
        points = lane_points(lane)
        x0 = 4 * lane

        def local(p: int) -> tuple[int, int]:
            return BOARD.point(p).x - x0, BOARD.point(p).y

        edges = frozenset(local(a) + local(b) for a, b in BOARD.edges if a in points and b in points)
        barriers = frozenset(local(b) for b in BOARD.barriers if b in points)
        return frozenset(local(p) for p in points), edges, barriers

    assert len({shape(lane) for lane in range(6)}) == 1
    # No path leaves a lane except the one into the camp; each tent opens on its own lane.
    for a, b in BOARD.edges:
        if CAMP not in (a, b) and BOARD.point(a).y < BOARD.point(CAMP).y:
            assert lane_of(a) == lane_of(b)
    assert [lane_of(tent.entry) for tent in BOARD.tents] == list(range(6))
    # Two barriers in each lane, across both of its paths; the thirteenth on the camp.
    assert CAMP in BOARD.barriers
    assert all(len(lane_points(lane) & set(BOARD.barriers)) == 2 for lane in range(6))


def test_labels_name_each_point_once_as_on_the_picture() -> None:
    labels = [p.label for p in BOARD.points]
    assert len(set(labels)) == len(labels)
    assert BOARD.label(BOARD.at(0, 0)) == "A1"
    assert BOARD.by_label("j12") == BOARD.at(11, 10)
    # Rows are lettered in order with no gap, though the camp's row is drawn apart from the lanes.
    letters = sorted({p.label[0] for p in BOARD.points if p.id != BOARD.mine})
    assert "".join(letters) == "ABCDEFGHIJ"


def test_tents_for_fewer_players_are_distinct_and_mirror_each_other_for_two_and_four() -> None:
    # All lanes are alike, so any choice is fair; the mirror images only spread the picture out.
    for count, tents in TENTS_FOR.items():
        assert len(tents) == len(set(tents)) == count
    for count in (2, 4, 6):
        assert {5 - t for t in TENTS_FOR[count]} == set(TENTS_FOR[count])


def test_the_file_reads_back_to_the_same_board() -> None:
    raw = json.loads(BOARD_FILE.read_text(encoding="utf-8"))
    assert board_from_dict(raw) == BOARD
