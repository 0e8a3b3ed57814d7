"""Where lines come from: a script (a file, a pipe, a test's text) or a person at a terminal.

A script's lines are read one after another, and time moves only as they say (``@<ms>``,
``attendre``). At a terminal the table's clock is the wall clock, and reading waits at most until the
next deadline: a shout window closes by itself when its time is up. ``select`` on the terminal's
file descriptor does the waiting, so no thread and no asyncio are needed.
"""

from __future__ import annotations

import codecs
import os
import select
import time
from typing import TextIO

# What ``read`` returns when the timeout passed with no line typed.
TIMEOUT = "\x00timeout"


class ScriptLines:
    """Lines of a text stream; undecodable bytes become U+FFFD so the line is refused, not fatal."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        buffer = getattr(stream, "buffer", None)
        self.raw = buffer if buffer is not None and hasattr(buffer, "readline") else None
        self.decoder = codecs.getincrementaldecoder(getattr(stream, "encoding", None) or "utf-8")("replace")

    def read(self, timeout: float | None = None) -> str | None:
        if self.raw is not None:
            data = self.raw.readline()
            return self.decoder.decode(data, final=True) if data else None
        line = self.stream.readline()
        return line if line else None


class TerminalLines:
    """Lines typed at a terminal, read from its file descriptor with a timeout."""

    def __init__(self, fd: int, encoding: str = "utf-8") -> None:
        self.fd = fd
        self.pending = b""
        self.encoding = encoding
        self.closed = False

    def read(self, timeout: float | None = None) -> str | None:
        end = None if timeout is None else time.monotonic() + max(0.0, timeout)
        while b"\n" not in self.pending:
            if self.closed:
                break
            wait = None if end is None else max(0.0, end - time.monotonic())
            ready, _, _ = select.select([self.fd], [], [], wait)
            if not ready:
                return TIMEOUT
            chunk = os.read(self.fd, 4096)
            if not chunk:
                self.closed = True
                break
            self.pending += chunk
        if not self.pending:
            return None
        line, sep, rest = self.pending.partition(b"\n")
        self.pending = rest
        return (line + sep).decode(self.encoding, errors="replace")


class Clock:
    """The table's time in ms: the wall clock since the table opened, plus the time skipped."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.skipped = 0
        self.last_stamp = -1

    def stamp(self) -> int:
        """The time of a line just read: never the same as the previous line's, so of two lines
        typed one after the other the first is always first."""
        self.last_stamp = max(self.now(), self.last_stamp + 1)
        return self.last_stamp

    def now(self) -> int:
        return int((time.monotonic() - self.start) * 1000) + self.skipped

    def skip_to(self, at: int) -> None:
        """``attendre``: the table jumps to ``at`` rather than make everyone wait."""
        self.skipped += max(0, at - self.now())
