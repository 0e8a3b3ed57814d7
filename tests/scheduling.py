"""The order the tests run in: the slowest first, spread over the workers.

pytest-xdist's ``worksteal`` gives each worker a contiguous share of the collected tests, then lets
an idle worker take the second half of another's queue. A 30 s test collected near the end of the
run is then started last, by whichever worker has it, and the other worker, with nothing left to
take, waits for it. Here the tests whose cost is recorded (tests/durations.txt) go to the front of
each worker's share, the most costly first, each to the share that has the least recorded cost so
far; the other tests keep their collection order behind them. Every worker computes the same order
(xdist checks that they collected the same list).
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

DURATIONS = Path(__file__).with_name("durations.txt")
_LINE = re.compile(r"^\s*([0-9.]+)s\s+(?:setup|call|teardown)\s+(\S.*?)\s*$")


def recorded_costs(path: Path = DURATIONS) -> dict[str, float]:
    """Seconds per test id (setup, call and teardown added) from pytest's ``--durations`` lines."""
    costs: dict[str, float] = defaultdict(float)
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if match := _LINE.match(line):
                costs[match.group(2)] += float(match.group(1))
    return dict(costs)


def share_sizes(count: int, workers: int) -> list[int]:
    """How many tests each worker gets first, as xdist's worksteal scheduler splits them."""
    sizes, left = [], count
    for i in range(workers):
        size = left // (workers - i)
        sizes.append(size)
        left -= size
    return sizes


def slowest_first(items: list[pytest.Item], workers: int, costs: dict[str, float]) -> list[pytest.Item]:
    costly = sorted((i for i in items if i.nodeid in costs), key=lambda i: -costs[i.nodeid])
    if not costly:
        return items
    rest = [i for i in items if i.nodeid not in costs]
    shares: list[list[pytest.Item]] = [[] for _ in range(max(1, workers))]
    sizes = share_sizes(len(items), len(shares))
    loads = [0.0] * len(shares)
    for item in costly:
        open_shares = [n for n in range(len(shares)) if len(shares[n]) < sizes[n]]
        target = min(open_shares, key=lambda n: loads[n])
        shares[target].append(item)
        loads[target] += costs[item.nodeid]
    ordered: list[pytest.Item] = []
    for share, size in zip(shares, sizes, strict=True):
        taken, rest = rest[: size - len(share)], rest[size - len(share):]
        ordered += share + taken
    return ordered + rest


def workers(config: pytest.Config) -> int:
    workerinput = getattr(config, "workerinput", None)
    return int(workerinput["workercount"]) if workerinput else 1
