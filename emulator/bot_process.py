"""The real bot, ``python -m bot``, in a process of its own, pointed at an emulator in this one.

Used by the reliability tests (which kill it with SIGKILL and start it again on the same database)
and by the bench. Two processes on purpose: on a real server Discord's work is not done on the bot's
CPU, so the emulator (and the players clicking through it) must not share the bot's event loop.
Given a ``Zygote`` (``emulator/forks.py``), each start is a fork of a process that imported the bot
already, not a new interpreter: a second of CPU less a start, for tests that start it often.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

from emulator.emulator import Emulator
from emulator.forks import Zygote, bot_environment
from emulator.gateway import GatewaySession
from emulator.model import Guild

BOT = "bot"
START_TIMEOUT_S = 60.0


class Running(Protocol):
    """A started bot: ``asyncio.subprocess.Process``, or a fork of a zygote (``Forked``)."""

    @property
    def pid(self) -> int: ...
    @property
    def returncode(self) -> int | None: ...
    async def wait(self) -> int: ...
    def send_signal(self, number: int) -> None: ...
    def kill(self) -> None: ...


class BotProcess:
    """One bot process at a time; ``start`` again after ``kill`` or ``stop`` on the same database.

    The process's working directory is the log's folder, which holds no ``.env``: the settings come
    from the environment this class builds, and nothing of the caller's environment leaks in but PATH.
    """

    def __init__(
        self,
        emu: Emulator,
        database: Path | str,
        log: Path,
        *,
        guild: Guild | None = None,
        module: str = BOT,
        extra_env: Mapping[str, str] | None = None,
        python: str = sys.executable,
        zygote: Zygote | None = None,
    ) -> None:
        assert zygote is None or python == sys.executable, "a zygote forks this interpreter's bot only"
        self.emu = emu
        self.zygote = zygote
        # The interpreter that runs it: another environment's (an installed wheel's) is possible.
        self.python = python
        self.database = database
        self.log = log
        self.module = module
        self.env = {
            **bot_environment(),
            "DISCORD_TOKEN": emu.token,
            "TAVERNE_DATABASE": str(database),
            "TAVERNE_API_BASE": emu.api_base,
            "TAVERNE_GATEWAY_URL": emu.gateway_url,
            "TAVERNE_GUILD_ID": str(guild.id) if guild is not None else "",
            "TAVERNE_LOG_LEVEL": "WARNING",
            **(extra_env or {}),
        }
        self.process: Running | None = None
        # This process's gateway sessions since its last start: one per shard it runs.
        self.sessions: list[GatewaySession] = []
        self.starts = 0
        self.kills = 0
        # The emulator's clock (seconds) when the last start was asked and when its session was READY.
        self.started = 0.0
        self.connected_at = 0.0

    @property
    def pid(self) -> int:
        assert self.process is not None, "the bot was never started"
        return self.process.pid

    def rss_bytes(self) -> int:
        return rss_bytes(self.pid)

    @property
    def shard_count(self) -> int:
        """How many shards (gateway sessions) this process runs: its TAVERNE_SHARDS, else the
        emulator's recommended count."""
        ids = self.shard_ids
        return self.emu.shard_count if ids is None else len(ids)

    @property
    def shard_ids(self) -> frozenset[int] | None:
        """The shards its TAVERNE_SHARDS names, None for every shard (the emulator's count)."""
        spec = self.env.get("TAVERNE_SHARDS", "").strip()
        if not spec:
            return None
        from bot.settings import parse_shards

        return frozenset(parse_shards(spec).ids)

    async def start(self, timeout: float = START_TIMEOUT_S) -> GatewaySession:
        """Starts the bot and returns once its new gateway sessions (one per shard) are READY (tables
        restored by then). A bot that stops first fails with the end of its log."""
        known = {id(s) for s in self.emu.sessions}
        self.started = self.emu.clock()
        await self._launch()

        wanted, mine = self.shard_count, self.shard_ids

        def connected() -> list[GatewaySession] | None:
            assert self.process is not None
            if self.process.returncode is not None:
                raise AssertionError(f"the bot stopped (code {self.process.returncode}):\n{self.tail()}")
            # Only its own shards' sessions: processes of other shards may be starting beside it.
            new = [
                s
                for s in self.emu.sessions
                if id(s) not in known and s.alive and s.ready.is_set() and (mine is None or s.shard[0] in mine)
            ]
            return new if len(new) >= wanted else None

        self.sessions = await self.emu.wait_until(connected, timeout, "the bot to connect")
        self.connected_at = self.emu.clock()
        return self.sessions[0]

    async def exits(self, timeout: float = START_TIMEOUT_S) -> int:
        """Starts the bot expecting it to stop by itself (a refused start): its exit code."""
        process = await self._launch()
        return await asyncio.wait_for(process.wait(), timeout)

    async def _launch(self) -> Running:
        """``python -m <module>`` in the log's folder, its output appended to the log."""
        process: Running
        if self.zygote is not None:
            process = await self.zygote.spawn(self.module, self.env, self.log.parent, self.log)
        else:
            with self.log.open("ab") as log:
                process = await asyncio.create_subprocess_exec(
                    self.python, "-m", self.module, cwd=self.log.parent, env=self.env,
                    stdout=log, stderr=log, stdin=asyncio.subprocess.DEVNULL,
                )
        self.process = process
        self.starts += 1
        return process

    async def kill(self) -> None:
        """SIGKILL: no cleanup of any kind, as when the machine loses power or the OOM killer strikes."""
        if self.process is None or self.process.returncode is not None:
            return
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()
        self.kills += 1
        await self.emu.wait_until(
            lambda: not any(s.alive for s in self.sessions), 10.0, "the gateway to see the bot gone"
        )

    async def stop(self, timeout: float = 15.0) -> None:
        """Ctrl-C as an admin would (the bot closes its timers and its database), then SIGKILL if stuck."""
        if self.process is None or self.process.returncode is not None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(self.process.wait(), timeout)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()

    def tail(self, lines: int = 40) -> str:
        if not self.log.exists():
            return ""
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


def rss_bytes(pid: int) -> int:
    """Resident memory of a process (Linux ``/proc``), 0 when it cannot be read."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return 0
    return 0
