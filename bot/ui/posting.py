"""New channel messages that keep up with the table.

Discord allows about five messages per five seconds in a channel; discord.py waits for the window
before each send. When players click quickly, every click with news (a ping, a notable move) has
a line for the channel: sent one by one, they queued behind the limit and were still waiting, by
dozens, when the bot was asked to stop. Here a channel has at most one send at a time; lines said
while it waits join the next message (within Discord's 2000 characters), the lines waiting per
channel are bounded, and at shutdown what is left is sent within the grace period or dropped with
one log line.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

import discord

from .components import clip

log = logging.getLogger(__name__)

MESSAGE_MAX = 2000
# Lines waiting for one channel, at most: past this the oldest are dropped (and said so in the log).
BACKLOG_MAX = 50


@dataclass
class Channel:
    """One channel's lines waiting for the send in flight, and that send."""

    target: Any
    lines: list[str] = field(default_factory=list)
    task: asyncio.Task[None] | None = None
    sending: int = 0  # lines in the send in flight


class ChannelPosts:
    def __init__(self, *, backlog_max: int = BACKLOG_MAX) -> None:
        self.backlog_max = backlog_max
        self._channels: dict[int, Channel] = {}
        self._closed = False
        self.sends = 0  # messages actually sent (tests, bench)

    async def say(self, channel: discord.abc.Messageable, text: str) -> None:
        """Sends ``text`` to ``channel``, joined with the lines said while an earlier send waits;
        returns once it is sent (or dropped)."""
        if self._closed or not text:
            return
        key = int(getattr(channel, "id", 0) or id(channel))
        waiting = self._channels.setdefault(key, Channel(channel))
        waiting.target = channel
        waiting.lines.append(clip(text, MESSAGE_MAX))
        if len(waiting.lines) > self.backlog_max:
            dropped = len(waiting.lines) - self.backlog_max
            del waiting.lines[:dropped]
            log.warning("salon %s : %d ligne(s) en retard abandonnée(s)", key, dropped)
        if waiting.task is None:
            waiting.task = asyncio.ensure_future(self._send_all(key, waiting))
        # Waited for without being tied to it: a caller cancelled never cuts a send in half.
        await asyncio.wait({waiting.task})

    async def _send_all(self, key: int, waiting: Channel) -> None:
        try:
            while waiting.lines and not self._closed:
                text = _take_message(waiting.lines)
                waiting.sending = text.count("\n") + 1
                try:
                    await waiting.target.send(text, allowed_mentions=discord.AllowedMentions(users=True))
                    self.sends += 1
                    waiting.sending = 0
                except discord.HTTPException as error:
                    log.warning("salon %s : message non envoyé (%s)", key, error)
                except Exception:
                    if self._closed:  # the connection went with the bot: nothing to say but that
                        log.info("salon %s : message non envoyé, le bot s'arrête", key)
                        return
                    log.exception("salon %s : message non envoyé", key)
        finally:
            waiting.task = None
            if not waiting.lines:
                self._channels.pop(key, None)

    def pending(self) -> int:
        return sum(len(c.lines) + c.sending for c in self._channels.values())

    async def close(self, grace_s: float) -> None:
        """What is waiting is sent within ``grace_s``; what is left then is dropped, said in one line."""
        tasks = {c.task for c in self._channels.values() if c.task is not None}
        if tasks:
            await asyncio.wait(tasks, timeout=grace_s)
        self._closed = True
        left = self.pending()
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks)
        self._channels.clear()
        if left:
            log.info("arrêt : %d ligne(s) pour les salons abandonnée(s), pas envoyées à temps", left)


def _take_message(lines: list[str]) -> str:
    """The first lines waiting that fit one message (at least one; each is clipped already)."""
    taken = [lines.pop(0)]
    size = len(taken[0])
    while lines and size + 1 + len(lines[0]) <= MESSAGE_MAX:
        size += 1 + len(lines[0])
        taken.append(lines.pop(0))
    return "\n".join(taken)
