"""Point discord.py at an emulator for the duration of a block, and put the real Discord back after."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

import discord.gateway
import discord.http
import yarl

if TYPE_CHECKING:
    from emulator.emulator import Emulator


@contextlib.contextmanager
def pointed_at(emu: Emulator) -> Iterator[None]:
    """discord.py reads both addresses from class attributes, so this is process-wide while it lasts."""
    route = discord.http.Route
    socket = discord.gateway.DiscordWebSocket
    saved = (route.BASE, socket.DEFAULT_GATEWAY)
    route.BASE = emu.api_base
    socket.DEFAULT_GATEWAY = yarl.URL(emu.gateway_url)
    try:
        yield
    finally:
        route.BASE, socket.DEFAULT_GATEWAY = saved
