"""Questions of many clicks asked of the database in one query: « is this interaction's action
stored already? », asked by every click a table refuses (to tell a click delivered twice from a
stale one). A hundred players clicking one button at once used to ask it a hundred times in a row,
each a trip to the database (on PostgreSQL, to another process): on a loaded machine the last
refusals came after the bot's defer threshold. Asked together, they are one query per trip.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable


class InteractionsSeen:
    """Collects the ids asked while a query is on its way; the next query asks them all."""

    def __init__(self, ask: Callable[[list[int]], Awaitable[set[int]]]) -> None:
        self._ask = ask
        self._waiting: dict[int, list[asyncio.Future[bool]]] = {}
        self._asking: asyncio.Task[None] | None = None

    async def seen(self, interaction_id: int) -> bool:
        answer: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(interaction_id, []).append(answer)
        if self._asking is None or self._asking.done():
            self._asking = asyncio.create_task(self._ask_waiting(), name="taverne-interactions-seen")
        return await asyncio.shield(answer)

    async def _ask_waiting(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, {}
            try:
                found = await self._ask(sorted(batch))
            except BaseException as error:
                for answers in batch.values():
                    for answer in answers:
                        if answer.done():
                            continue
                        if isinstance(error, asyncio.CancelledError):
                            answer.cancel()
                        else:
                            answer.set_exception(error)
                if not isinstance(error, Exception):
                    raise
                continue
            for interaction_id, answers in batch.items():
                for answer in answers:
                    if not answer.done():
                        answer.set_result(interaction_id in found)
