"""The real bot as a separate process (``python -m bot``), pointed at an emulator by its settings,
that a test can kill with SIGKILL and start again on the same database."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from tests.emulator import Emulator, Guild
from tests.emulator.gateway import GatewaySession

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 60.0


class BotProcess:
    def __init__(self, emu: Emulator, guild: Guild, database: Path, workdir: Path) -> None:
        self.emu = emu
        self.database = database
        self.workdir = workdir
        self.log = workdir / "bot.log"
        self.env = {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(REPO),
            "DISCORD_TOKEN": emu.token,
            "TAVERNE_DATABASE": str(database),
            "TAVERNE_API_BASE": emu.api_base,
            "TAVERNE_GATEWAY_URL": emu.gateway_url,
            "TAVERNE_GUILD_ID": str(guild.id),
            "TAVERNE_LOG_LEVEL": "WARNING",
        }
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.kills = 0

    async def start(self) -> GatewaySession:
        """Starts the bot and returns once its gateway session is READY (tables restored by then)."""
        known = {id(s) for s in self.emu.sessions}
        with self.log.open("ab") as log:
            # The working directory holds no .env: the settings come from the environment only.
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=self.workdir, env=self.env, stdout=log, stderr=log
            )
        self.starts += 1

        def connected() -> GatewaySession | None:
            assert self.process is not None
            if self.process.returncode is not None:
                raise AssertionError(f"the bot stopped (code {self.process.returncode}):\n{self.tail()}")
            return next(
                (s for s in self.emu.sessions if id(s) not in known and s.alive and s.ready.is_set()), None
            )

        session: GatewaySession = await self.emu.wait_until(connected, START_TIMEOUT_S, "the bot to connect")
        return session

    async def kill(self) -> None:
        """SIGKILL: no cleanup of any kind, as when the machine loses power or the OOM killer strikes."""
        if self.process is None or self.process.returncode is not None:
            return
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()
        self.kills += 1
        await self.emu.wait_until(lambda: not self.emu.connected, 10.0, "the gateway to see the bot gone")

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            try:
                await asyncio.wait_for(self.process.wait(), 10.0)
            except TimeoutError:
                await self.kill()

    def tail(self, lines: int = 40) -> str:
        if not self.log.exists():
            return ""
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
