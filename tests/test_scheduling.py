"""The slowest tests start first, one share per worker, so that none is started last (tests/scheduling.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.scheduling import recorded_costs, share_sizes, slowest_first


class Item:
    def __init__(self, nodeid: str) -> None:
        self.nodeid = nodeid

    def __repr__(self) -> str:
        return self.nodeid


def test_pytest_durations_lines_give_each_test_its_setup_and_call(tmp_path: Path) -> None:
    listed = tmp_path / "durations.txt"
    listed.write_text(
        "# a comment\n"
        "11.82s setup    tests/deploy/test_install.py::test_wheel\n"
        "2.70s call     tests/deploy/test_install.py::test_wheel\n"
        "3.13s call     tests/e2e/test_late_answers.py::test_a[sqlite-3]\n"
    )
    assert recorded_costs(listed) == {
        "tests/deploy/test_install.py::test_wheel": 11.82 + 2.70,
        "tests/e2e/test_late_answers.py::test_a[sqlite-3]": 3.13,
    }
    assert recorded_costs(tmp_path / "absent.txt") == {}


def test_each_worker_share_starts_with_its_part_of_the_slowest_tests() -> None:
    items: Any = [Item(f"t{n}") for n in range(10)]
    costs = {"t9": 30.0, "t8": 20.0, "t7": 12.0, "t2": 9.0, "gone": 99.0}
    assert share_sizes(10, 2) == [5, 5] and share_sizes(7, 3) == [2, 2, 3]
    ordered = slowest_first(items, 2, costs)
    # worksteal gives the first five to one worker and the last five to the other.
    assert [i.nodeid for i in ordered] == ["t9", "t2", "t0", "t1", "t3", "t8", "t7", "t4", "t5", "t6"]
    assert sorted(ordered, key=lambda i: i.nodeid) == sorted(items, key=lambda i: i.nodeid)
    assert slowest_first(items, 1, costs) == [items[n] for n in (9, 8, 7, 2, 0, 1, 3, 4, 5, 6)]
