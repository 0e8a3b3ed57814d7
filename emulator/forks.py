"""Bot processes forked from a zygote (``emulator/zygote.py``) instead of started from scratch.

``Zygote`` is started once (the tests keep one per worker) and may serve any event loop: it reads
its pipe with the running loop's reader only while a call waits. ``Forked`` is what
``asyncio.subprocess.Process`` is to ``BotProcess``: a pid, a return code, ``wait``,
``send_signal`` and ``kill``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
READY_TIMEOUT_S = 60.0


def bot_environment() -> dict[str, str]:
    """What a test's bot process starts from, its settings aside (``BotProcess`` adds them)."""
    return {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(REPO),
        # The emulator speaks plain HTTP and WebSocket: no certificate authority is ever asked
        # for, so the CA bundle aiohttp's import reads (a tenth of a second a start) is none.
        "SSL_CERT_FILE": os.devnull,
    }


class ZygoteError(RuntimeError):
    pass


class Zygote:
    def __init__(self, modules: list[str], env: Mapping[str, str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "emulator.zygote", *modules],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=dict(env),
            cwd=REPO,
        )
        assert self.process.stdout is not None and self.process.stdin is not None
        self._out = self.process.stdout.fileno()
        self._in = self.process.stdin
        os.set_blocking(self._out, False)
        self._pending = b""
        self._asked = 0
        self._pids: dict[int, int] = {}  # request number -> pid
        self._waiters: list[asyncio.Future[None]] = []
        self.exits: dict[int, int] = {}
        self._ready = False
        self._ended = False

    @classmethod
    def for_bot(cls) -> Zygote:
        """What ``python -m bot`` imports before it reads its settings, in the environment a
        test's bot starts from (what is read at import: no CA bundle)."""
        return cls(["bot.__main__", "bot.app"], bot_environment())

    def _drain(self) -> None:
        try:
            while data := os.read(self._out, 1 << 16):
                self._pending += data
            self._ended = True
        except BlockingIOError:
            pass
        said = b"\n" in self._pending
        while b"\n" in self._pending:
            raw, self._pending = self._pending.split(b"\n", 1)
            line: dict[str, Any] = json.loads(raw)
            if "ready" in line:
                self._ready = True
            elif "pid" in line:
                pid = int(line["pid"])
                self._pids[int(line["asked"])] = pid
                # A pid comes back only once its last owner was reaped (and its end said before).
                self.exits.pop(pid, None)
            else:
                self.exits[int(line["exit"])] = int(line["code"])
        if said or self._ended:
            # Read here, it will not wake the pipe's reader again: whoever waits for it must look.
            self._wake()

    async def _readable(self) -> None:
        """Until the pipe has something to read; every waiter is woken (starts may run together)."""
        loop = asyncio.get_running_loop()
        seen: asyncio.Future[None] = loop.create_future()
        if not self._waiters:
            loop.add_reader(self._out, self._wake)
        self._waiters.append(seen)
        try:
            await seen
        finally:
            if seen in self._waiters:
                self._waiters.remove(seen)
            if not self._waiters:
                loop.remove_reader(self._out)

    def _wake(self) -> None:
        waiters, self._waiters = self._waiters, []
        for seen in waiters:
            seen.get_loop().remove_reader(self._out)
            if not seen.done():
                seen.set_result(None)

    async def _until(self, done: Callable[[], bool], timeout: float | None) -> None:
        async def loop() -> None:
            self._drain()
            while not done():
                if self._ended:
                    raise ZygoteError(f"the zygote ended (code {self.process.wait()})")
                await self._readable()
                self._drain()

        await asyncio.wait_for(loop(), timeout)

    async def spawn(self, module: str, env: Mapping[str, str], cwd: Path, log: Path) -> Forked:
        await self._until(lambda: self._ready, READY_TIMEOUT_S)
        if self.process.poll() is not None:
            raise ZygoteError(f"the zygote ended (code {self.process.returncode})")
        self._asked += 1
        asked = self._asked
        request = {"asked": asked, "module": module, "env": dict(env), "cwd": str(cwd), "log": str(log)}
        try:
            self._in.write(json.dumps(request).encode() + b"\n")
            self._in.flush()
        except (BrokenPipeError, ValueError) as error:
            raise ZygoteError(f"the zygote no longer listens ({error})") from None
        await self._until(lambda: asked in self._pids, READY_TIMEOUT_S)
        return Forked(self, self._pids.pop(asked))

    def close(self) -> None:
        """Ends the zygote; children still running are killed."""
        with contextlib.suppress(OSError):
            self._in.close()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()


class Forked:
    """A forked bot, read as ``asyncio.subprocess.Process``."""

    def __init__(self, zygote: Zygote, pid: int) -> None:
        self.zygote = zygote
        self.pid = pid

    @property
    def returncode(self) -> int | None:
        self.zygote._drain()
        return self.zygote.exits.get(self.pid)

    async def wait(self) -> int:
        await self.zygote._until(lambda: self.pid in self.zygote.exits, None)
        return self.zygote.exits[self.pid]

    def send_signal(self, number: int) -> None:
        if self.returncode is None:
            os.kill(self.pid, number)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)
