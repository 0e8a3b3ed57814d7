"""Answer times read from the emulator's records: when Discord sent the interaction, when the bot's
first answer (an edit, a message, a defer) reached it, and which answers came too late."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from emulator import InteractionRecord

DISCORD_LIMIT_S = 3.0
UNKNOWN_INTERACTION = 10062
# Answer types: 4 a message, 5 and 6 a defer ("is thinking"), 7 the clicked message edited, 9 a form.
DEFERRED = (5, 6)


@dataclass
class Latencies:
    times: list[float]  # seconds, answered in time; sorted
    late: int  # answered after 3 s (refused by Discord) or never answered
    deferred: int  # answered in time, but only by a defer (the table shows later)
    refused: int  # answered privately: the click was not a move (not your turn, old button)

    @property
    def count(self) -> int:
        return len(self.times) + self.late

    def quantile(self, q: float) -> float:
        """Late answers count as infinitely long: a p99 among them is infinite, not flattering."""
        ordered = self.times + [math.inf] * self.late
        if not ordered:
            return 0.0
        rank = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
        return ordered[rank]

    @property
    def worst(self) -> float:
        if self.late:
            return math.inf
        return self.times[-1] if self.times else 0.0


def latencies(records: Iterable[InteractionRecord]) -> Latencies:
    times: list[float] = []
    late = deferred = refused = 0
    for record in records:
        if record.response_at is None or UNKNOWN_INTERACTION in record.errors:
            late += 1
            continue
        elapsed = record.response_at - record.dispatched_at
        if elapsed > DISCORD_LIMIT_S:
            late += 1
            continue
        times.append(elapsed)
        deferred += record.response_type in DEFERRED
        refused += record.ephemeral
    return Latencies(sorted(times), late, deferred, refused)


def seconds_text(value: float) -> str:
    if math.isinf(value):
        return "> 3 s"
    return f"{value * 1000:,.1f} ms".replace(",", " ").replace(".", ",")
