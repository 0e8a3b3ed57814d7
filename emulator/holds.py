"""A request held on its way in, as a slow network would: a test stops the bot's next call to one
route, does something while that call is in flight, then lets it through."""

from __future__ import annotations

import asyncio


class Hold:
    """The next request for ``method`` and ``route`` (the emulator's route, as in
    ``RestCall.route``: ``/api/v10/channels/{channel_id}/messages``) waits until ``release()``;
    the emulator lets the hold go once it has caught one."""

    def __init__(self, method: str, route: str) -> None:
        self.method, self.route = method, route
        self._reached = asyncio.Event()
        self._released = asyncio.Event()

    def catches(self, method: str, route: str) -> bool:
        return (method, route) == (self.method, self.route)

    async def hold(self) -> None:
        self._reached.set()
        await self._released.wait()

    async def reached(self, timeout: float = 5.0) -> None:
        """Returns once the request is held (the bot has sent it)."""
        await asyncio.wait_for(self._reached.wait(), timeout)

    def release(self) -> None:
        self._released.set()
