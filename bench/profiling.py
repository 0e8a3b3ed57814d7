"""py-spy sampling of the bot's process while a bench section runs (see docs/PERFORMANCE.md)."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

from emulator.bot_process import BotProcess


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
