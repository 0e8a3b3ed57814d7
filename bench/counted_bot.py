"""``python -m bench.counted_bot``: the real bot (``python -m bot``) with counters, for the bench's
per-click figures (``python -m bench --only clicks``). Nothing in bot/ or games/ knows: the counters
are put on from the outside, in this process only, before the bot starts.

- every call to a game's ``legal_actions`` (any player, any caller: decoding a click, drawing the
  buttons, whom the table waits for) is counted, and apart those made by the game's own methods
  (Barricade's forced move, Chèvre's view) rather than by the bot;
- every picture drawn (a presenter's ``files`` and ``private_files``, which the bot runs in worker
  threads) is timed, CPU of the drawing thread, and counted (the files they return);
- CPU on the event loop is the main thread's CPU time (the loop runs there; SQLite and pictures run
  in other threads).

On SIGUSR1 the process appends one JSON line with the totals so far to ``TAVERNE_BENCH_COUNTERS``;
the bench asks before and after the clicks it measures and takes the difference. With
``TAVERNE_BENCH_CPROFILE`` (a folder), the event loop's thread is also profiled with cProfile
between those two requests: the n-th measure's profile is written as ``loop-<n>.pstats`` there.
"""

from __future__ import annotations

import cProfile
import functools
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

COUNTERS_ENV = "TAVERNE_BENCH_COUNTERS"
CPROFILE_ENV = "TAVERNE_BENCH_CPROFILE"
# The presenter methods that draw pictures (the table's, a private hand's).
PICTURE_METHODS = ("files", "private_files")


class Counters:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.legal_calls = 0
        self.legal_calls_by_game = 0
        self.picture_cpu_s = 0.0
        self.pictures = 0

    def snapshot(self) -> dict[str, float]:
        with self.lock:
            return {
                "loop_cpu_s": time.thread_time(),  # called on the main thread: the event loop's
                "legal_calls": self.legal_calls,
                "legal_calls_by_game": self.legal_calls_by_game,
                "picture_cpu_s": self.picture_cpu_s,
                "pictures": self.pictures,
            }


COUNTERS = Counters()


def counting(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def counted(*args: Any, **kwargs: Any) -> Any:
        by_game = str(sys._getframe(1).f_globals.get("__name__", "")).startswith("games.")
        with COUNTERS.lock:
            COUNTERS.legal_calls += 1
            COUNTERS.legal_calls_by_game += by_game
        return method(*args, **kwargs)

    return counted


def timing(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.thread_time()
        drawn = method(*args, **kwargs)
        spent = time.thread_time() - started
        with COUNTERS.lock:
            COUNTERS.picture_cpu_s += spent
            COUNTERS.pictures += len(drawn) if isinstance(drawn, list) else 0
        return drawn

    return timed


def install() -> None:
    from bot.tables import presenter_for
    from games.core import registry

    for game in registry.available().values():
        # An instance attribute: the game's own calls (``to_act`` …) go through it too.
        game.legal_actions = counting(game.legal_actions)  # type: ignore[method-assign]
        presenter = presenter_for(game)
        for name in PICTURE_METHODS:
            if hasattr(presenter, name):
                setattr(presenter, name, timing(getattr(presenter, name)))


class LoopProfile:
    """cProfile of the main thread (the event loop) between a measure's two counter requests."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.running: cProfile.Profile | None = None
        self.measures = 0

    def toggle(self) -> None:
        if self.folder is None:
            return
        if self.running is None:
            # CPU time of the thread, as the figure it explains (wall time would count the waits).
            self.running = cProfile.Profile(time.thread_time)
            self.running.enable()  # a signal handler runs on the main thread: the loop's
            return
        self.running.disable()
        self.measures += 1
        self.running.dump_stats(str(self.folder / f"loop-{self.measures}.pstats"))
        self.running = None


def on_request(path: Path, profile: LoopProfile) -> Callable[[int, FrameType | None], None]:
    def write(_signum: int, _frame: FrameType | None) -> None:
        snapshot = COUNTERS.snapshot()  # before the profiler's own work
        profile.toggle()
        with path.open("a") as out:
            out.write(json.dumps(snapshot) + "\n")

    return write


def main() -> int:
    install()
    target = os.environ.get(COUNTERS_ENV)
    profiled = os.environ.get(CPROFILE_ENV)
    if target:
        signal.signal(signal.SIGUSR1, on_request(Path(target), LoopProfile(Path(profiled) if profiled else None)))
    from bot.__main__ import main as bot_main

    return bot_main([])


if __name__ == "__main__":
    sys.exit(main())
