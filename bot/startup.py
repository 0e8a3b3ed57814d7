"""Where a start spends its time, said once in the log when the bot is first READY: from the
process's start (the kernel's clock of it, so that the interpreter's own start counts) to the
modules loaded, the database open, logged in to Discord (HTTP), the tables restored, the commands
synced, and Discord's READY (the gateway's connection and the guilds).
(``python`` is the interpreter's own start, to the bot's package; ``modules`` the imports
of discord.py, the games and the catalogues, and the settings.) An admin comparing two starts (or the bench, docs/PERFORMANCE.md) reads where the seconds went."""

from __future__ import annotations

import logging
import os
import time

log = logging.getLogger(__name__)

_PHASES = ("python", "modules", "base", "login", "tables", "commandes", "READY")


def _process_started() -> float:
    """The process's start on the monotonic clock of the boot (Linux), else now."""
    try:
        with open(f"/proc/{os.getpid()}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        ticks = int(fields[19])  # starttime, the 22nd field, counted after the command's name
        return ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return _now()


def _now() -> float:
    return time.clock_gettime(time.CLOCK_BOOTTIME) if hasattr(time, "CLOCK_BOOTTIME") else time.monotonic()


class StartTimes:
    def __init__(self) -> None:
        self.origin = _process_started()
        self.marks: dict[str, float] = {}
        self.told = False

    def since_start(self) -> float:
        """Seconds since the process started (what a step done beside the start says in the log)."""
        return _now() - self.origin

    def mark(self, phase: str) -> None:
        """The end of ``phase`` (the first time only: a reconnection is not a start)."""
        self.marks.setdefault(phase, _now() - self.origin)

    def phases(self) -> str:
        parts, before = [], 0.0
        for phase in _PHASES:
            if phase in self.marks:
                parts.append(f"{phase} {self.marks[phase] - before:.2f} s")
                before = self.marks[phase]
        return ", ".join(parts)

    def tell_once(self) -> None:
        if not self.told:
            self.mark("READY")
            self.told = True
            log.info("démarrage : READY %.2f s après le lancement (%s)", self.marks["READY"], self.phases())


START = StartTimes()
