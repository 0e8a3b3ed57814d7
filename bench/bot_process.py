"""The real bot, ``python -m bot``, in a process of its own, pointed at an emulator in this one.

Two processes on purpose: on a real server Discord's work is not done on the bot's CPU, so the
emulator (and the players clicking through it) must not share the bot's event loop either.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from tests.emulator import Emulator

REPO = Path(__file__).resolve().parent.parent


@dataclass
class BotProcess:
    process: asyncio.subprocess.Process
    # The emulator's clock (seconds) when the process was started: "start" for the startup figure.
    started: float
    log: Path

    @property
    def pid(self) -> int:
        return self.process.pid

    def rss_bytes(self) -> int:
        return rss_bytes(self.pid)


def rss_bytes(pid: int) -> int:
    """Resident memory of a process (Linux ``/proc``), 0 when it cannot be read."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return 0
    return 0


BOT = "bot"


async def start_bot(emu: Emulator, database: Path, log: Path, module: str = BOT) -> BotProcess:
    env = {
        **os.environ,
        "DISCORD_TOKEN": emu.token,
        "TAVERNE_DATABASE": str(database),
        "TAVERNE_API_BASE": emu.api_base,
        "TAVERNE_GATEWAY_URL": emu.gateway_url,
        "TAVERNE_LOG_LEVEL": "WARNING",
        "TAVERNE_GUILD_ID": "",
    }
    handle = log.open("ab")
    try:
        started = emu.clock()
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            module,
            cwd=REPO,
            env=env,
            stdout=handle,
            stderr=handle,
            stdin=asyncio.subprocess.DEVNULL,
        )
    finally:
        handle.close()
    return BotProcess(process, started, log)


async def wait_connected(emu: Emulator, bot: BotProcess, timeout: float) -> float:
    """Waits for the bot's gateway session (READY and every GUILD_CREATE); returns the emulator's
    clock then. A bot that died first is reported with the end of its log."""

    def state() -> bool:
        return emu.connected or bot.process.returncode is not None

    await emu.wait_until(state, timeout, "the bot to connect")
    if not emu.connected:
        tail = bot.log.read_text(errors="replace")[-2000:]
        raise RuntimeError(
            f"le bot s'est arrêté avant de se connecter (code {bot.process.returncode}) :\n{tail}"
        )
    return emu.clock()


async def stop_bot(bot: BotProcess, timeout: float = 15.0) -> None:
    """Ctrl-C as an admin would (the bot closes its timers and its database), then kill if stuck."""
    if bot.process.returncode is not None:
        return
    bot.process.send_signal(signal.SIGINT)
    try:
        await asyncio.wait_for(bot.process.wait(), timeout)
    except TimeoutError:
        with contextlib.suppress(ProcessLookupError):
            bot.process.kill()
        await bot.process.wait()


@contextlib.asynccontextmanager
async def profiled(bot: BotProcess, output: Path | None) -> AsyncIterator[None]:
    """Samples the bot's stacks with py-spy while the block runs (``pip install py-spy``), into
    ``output`` as folded stacks (one line per stack and its count; see docs/PERFORMANCE.md)."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if output is None or not Path(spy).exists():
        yield
        return
    sampler = await asyncio.create_subprocess_exec(
        spy,
        "record",
        "--pid",
        str(bot.pid),
        "--output",
        str(output),
        "--format",
        "raw",
        "--rate",
        "200",
        "--threads",
        "--idle",
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    try:
        yield
    finally:
        if sampler.returncode is None:
            sampler.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(sampler.wait(), 30)
        except TimeoutError:
            sampler.kill()
