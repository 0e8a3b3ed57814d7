"""The terminal table run in a pseudo-terminal, as a person at a keyboard would run it.

Its standard input is a terminal, so the table uses the clock: lines are stamped when they are read,
and shout windows close by themselves. The test waits for what the table prints, never for a time.
"""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parents[2]
# How long to wait for an expected line before the test fails (only reached when it is broken).
PATIENCE = 15.0


class Console:
    def __init__(self, *args: str) -> None:
        self.master, slave = pty.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "games", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=ROOT,
            close_fds=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "TERM": "dumb"},
        )
        os.close(slave)
        self.screen = ""
        self.seen = 0

    def __enter__(self) -> Console:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        os.close(self.master)

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def expect(self, pattern: str) -> str:
        """Wait until ``pattern`` appears after what was already expected; return the text up to it."""
        regex = re.compile(pattern)
        end = time.monotonic() + PATIENCE
        while True:
            found = regex.search(self.screen, self.seen)
            if found:
                text = self.screen[self.seen : found.end()]
                self.seen = found.end()
                return text
            left = end - time.monotonic()
            assert left > 0, f"never printed {pattern!r}; the screen ends with:\n{self.screen[-2000:]}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    chunk = b""
                assert chunk, f"the table ended before printing {pattern!r}:\n{self.screen[-2000:]}"
                self.screen += chunk.decode("utf-8", errors="replace").replace("\r\n", "\n")
