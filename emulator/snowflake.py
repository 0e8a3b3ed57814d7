"""Discord snowflakes: 42 bits of milliseconds since the Discord epoch, then worker, process, counter."""

from __future__ import annotations

import itertools
import time

DISCORD_EPOCH_MS = 1_420_070_400_000


def snowflake_ms(snowflake: int) -> int:
    """The Unix time in milliseconds a snowflake was made at (what discord.py's `created_at` reads)."""
    return (snowflake >> 22) + DISCORD_EPOCH_MS


def wall_clock_ms() -> int:
    return int(time.time() * 1000)


class SnowflakeFactory:
    """Makes unique snowflakes; a caller may choose the millisecond each one encodes."""

    def __init__(self, worker: int = 1) -> None:
        self._worker = worker & 0x3FF
        self._counter = itertools.count()

    def make(self, at_ms: int | None = None) -> int:
        ms = wall_clock_ms() if at_ms is None else at_ms
        if ms < DISCORD_EPOCH_MS:
            raise ValueError(f"{ms} ms is before the Discord epoch")
        # The 12-bit counter keeps ids unique even when a test puts many events on the same millisecond.
        return ((ms - DISCORD_EPOCH_MS) << 22) | (self._worker << 12) | (next(self._counter) & 0xFFF)
