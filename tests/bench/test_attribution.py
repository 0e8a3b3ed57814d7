"""The bench's attribution of the loop's CPU by package (``bench/attribution.py``): whose code a
profile's own time is, C functions charged to the Python code that called them."""

from __future__ import annotations

import cProfile
import time
from pathlib import Path
from typing import Any

from bench.attribution import OTHER, own_time_by_package, package, shares, taverne_share

WORK = 200_000


def compiled(path: str, source: str) -> dict[str, Any]:
    """Functions whose code says it lives at ``path`` (as cProfile reads it)."""
    names: dict[str, Any] = {}
    exec(compile(source, path, "exec"), names)
    return names


def test_files_are_read_as_their_package() -> None:
    assert package("/srv/taverne/bot/ui/routing.py") == "bot"
    assert package("/srv/taverne/games/core/game.py") == "games"
    assert package("/srv/taverne/.venv/lib/python3.11/site-packages/discord/message.py") == "discord.py"
    assert package("/srv/taverne/.venv/lib/python3.11/site-packages/discord/ext/bot/x.py") == "discord.py"
    assert package("/usr/lib/python3.11/asyncio/base_events.py") == "asyncio"
    assert package("/usr/lib/python3.11/json/decoder.py") == "json"
    assert package("/usr/lib/python3.11/copy.py") == OTHER
    assert package("~") is None


def test_c_work_is_charged_to_its_caller_and_shares_add_up(tmp_path: Path) -> None:
    bot = compiled(
        "/srv/taverne/bot/fake.py",
        f"def sort_a_lot():\n    for _ in range(20):\n        sorted(range({WORK}), reverse=True)\n",
    )
    discord = compiled(
        "/srv/venv/lib/python3.11/site-packages/discord/fake.py",
        f"def sort_a_little():\n    for _ in range(5):\n        sorted(range({WORK}), reverse=True)\n",
    )
    profile = cProfile.Profile(time.thread_time)  # CPU time, as the bench: load cannot skew it
    profile.enable()
    bot["sort_a_lot"]()
    discord["sort_a_little"]()
    profile.disable()
    path = tmp_path / "loop.pstats"
    profile.dump_stats(str(path))

    totals = own_time_by_package([path])
    listed = dict(shares(totals))
    assert abs(sum(listed.values()) - 1) < 1e-9
    # the sorting is C code: its time goes to whoever called it, about four to one here
    assert listed["bot"] + listed["discord.py"] > 0.9
    assert listed["bot"] > 2 * listed["discord.py"] > 0
    assert taverne_share(totals) == listed["bot"]
