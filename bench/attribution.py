"""Whose code the event loop's CPU is spent in: a cProfile of the loop, its own time by package.

Own time (cProfile's ``tottime``) counts each function without what it calls, so the shares add up
to the whole loop. A function written in C (a builtin, a method of ``dict``, pydantic's core,
``json``'s scanner…) has no package of its own: its time is charged to the Python functions that
called it, in the proportion cProfile recorded for each caller (pydantic too: it works for whoever
builds or reads a model). So « bot » is the time the bot's own lines and the C work they ask for
took, « discord.py » the same for discord.py's.

cProfile charges every Python call a fixed cost: the shares overstate code made of many small
Python calls against work done in one call to C (docs/PERFORMANCE.md, « fourth pass »).
"""

from __future__ import annotations

import pstats
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

TAVERNE = ("games", "bot", "speech")
# Where a file belongs: its top-level folder under site-packages, else the innermost of these names
# in its path (the repository's packages, the standard library's).
PACKAGES: dict[str, str] = {
    "games": "games",
    "bot": "bot",
    "speech": "speech",
    "discord": "discord.py",
    "aiohttp": "aiohttp",
    "yarl": "aiohttp",
    "multidict": "aiohttp",
    "aiohappyeyeballs": "aiohttp",
    "asyncio": "asyncio",
    "selectors.py": "asyncio",
    "json": "json",
    "pydantic": "pydantic",
    "pydantic_core": "pydantic",
    "sqlite3": "sqlite3",
    "aiosqlite": "sqlite3",
    "PIL": "pictures",
    "bench": "bench",
}
OTHER = "other"
# Libraries that work for their caller: their time is the caller's (as C code's is).
CHARGED_TO_CALLERS = frozenset({"pydantic"})

Function = tuple[str, int, str]
Totals = dict[str, float]


def package(filename: str) -> str | None:
    """The package a source file belongs to; None for C code (cProfile writes ``~``)."""
    if filename == "~" or filename.startswith("<"):
        return None
    parts = Path(filename).parts
    if "site-packages" in parts:
        # the top-level name under site-packages: discord/, aiohttp/, yarl/…
        inside = parts[parts.index("site-packages") + 1 :]
        top = inside[0].removesuffix(".py") if inside else ""
        return PACKAGES.get(top, OTHER)
    # the repository's games/ bot/ speech/ bench/, or the standard library's asyncio/ json/ …:
    # the innermost folder (or module) that names one
    for part in reversed(parts):
        found = PACKAGES.get(part)
        if found is not None:
            return found
    return OTHER


def own_time_by_package(profiles: Iterable[Path]) -> Totals:
    """Seconds of own time per package over these profiles, C functions (and pydantic, which works
    for whoever builds or reads a model) charged to their callers."""
    totals: Totals = defaultdict(float)
    for path in profiles:
        stats = pstats.Stats(str(path)).stats  # type: ignore[attr-defined]
        owners: dict[Function, dict[str, float]] = {}
        for function, (_, _, own, _, _) in stats.items():
            for name, share in _owners(function, stats, owners, set()).items():
                totals[name] += own * share
    return totals


def _owners(
    function: Function, stats: dict[Function, Any], memo: dict[Function, dict[str, float]], seen: set[Function]
) -> dict[str, float]:
    """Whose work ``function``'s own time is: its package, or for C and pydantic code, its
    callers' owners in the proportion of the time each caller spent in it."""
    known = memo.get(function)
    if known is not None:
        return known
    owner = package(function[0])
    if owner is not None and owner not in CHARGED_TO_CALLERS:
        memo[function] = {owner: 1.0}
        return memo[function]
    callers = stats[function][4] if function in stats else {}
    weights = {caller: figures[2] for caller, figures in callers.items() if caller not in seen}
    whole = sum(weights.values())
    if whole <= 0:
        return {owner or "C (callers unknown)": 1.0}
    mixed: dict[str, float] = defaultdict(float)
    for caller, weight in weights.items():
        for name, share in _owners(caller, stats, memo, seen | {function}).items():
            mixed[name] += share * weight / whole
    memo[function] = dict(mixed)
    return memo[function]


def shares(totals: Totals) -> list[tuple[str, float]]:
    """Each package's share of the whole, largest first."""
    whole = sum(totals.values())
    if whole <= 0:
        return []
    return [(name, seconds / whole) for name, seconds in sorted(totals.items(), key=lambda kv: -kv[1])]


def taverne_share(totals: Totals) -> float:
    whole = sum(totals.values())
    return sum(totals.get(name, 0.0) for name in TAVERNE) / whole if whole > 0 else 0.0


def main(argv: list[str]) -> int:
    """``python -m bench.attribution DIR/clics-*.pstats``: the shares, one package a line."""
    totals = own_time_by_package(Path(a) for a in argv)
    for name, share in shares(totals):
        print(f"{name:24s} {share:6.1%}")
    print(f"{'Taverne (games, bot, speech)':24s} {taverne_share(totals):6.1%}")
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
