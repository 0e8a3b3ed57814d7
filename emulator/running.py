"""Run a discord.py client against an emulator inside a test, and stop it cleanly."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import discord

from emulator.emulator import Emulator
from emulator.errors import EmulatorError
from emulator.gateway import GatewaySession


@contextlib.asynccontextmanager
async def running(client: discord.Client, emu: Emulator, *, timeout: float = 5.0) -> AsyncIterator[GatewaySession]:
    """Start `client` (login, setup_hook, gateway) and yield once it has READY; close it on the way out.

    The client must be pointed at the emulator already (`pointed_at`, or the bot's own settings).
    """
    before = {id(s) for s in emu.sessions}
    task = asyncio.create_task(client.start(emu.token), name="bot-under-test")

    def started() -> GatewaySession | bool | None:
        if task.done():
            return True
        return next((s for s in emu.sessions if id(s) not in before and s.alive and s.ready.is_set()), None)

    try:
        outcome = await emu.wait_until(started, timeout, "the bot to connect")
        if outcome is True:
            task.result()
            raise EmulatorError("the bot stopped before it was ready")
        assert isinstance(outcome, GatewaySession)
        yield outcome
    finally:
        await client.close()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, timeout)
