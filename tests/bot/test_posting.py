"""New channel lines while a send to that channel waits (Discord's rate limit): they join the
next message, the backlog is bounded, and closing drops what is left with one log line."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from bot.ui.posting import ChannelPosts


class SlowChannel:
    """A channel whose sends wait until the test lets them through (as discord.py waits for the
    rate limit's window)."""

    id = 42

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.gate = asyncio.Event()
        self.waiting = asyncio.Event()

    async def send(self, content: str, **kwargs: Any) -> None:
        self.waiting.set()
        await self.gate.wait()
        self.sent.append(content)


async def test_lines_said_while_a_send_waits_go_out_together_in_order() -> None:
    posts, channel = ChannelPosts(), SlowChannel()
    first = asyncio.ensure_future(posts.say(channel, "un"))  # type: ignore[arg-type]
    await channel.waiting.wait()
    later = [asyncio.ensure_future(posts.say(channel, word)) for word in ("deux", "trois", "x" * 1990)]  # type: ignore[arg-type]
    await asyncio.sleep(0)
    channel.gate.set()
    await asyncio.gather(first, *later)
    assert channel.sent == ["un", "deux\ntrois", "x" * 1990]  # a message never passes 2000 characters
    assert posts.sends == 3 and posts.pending() == 0


async def test_the_lines_waiting_for_a_channel_are_bounded(caplog: pytest.LogCaptureFixture) -> None:
    posts, channel = ChannelPosts(backlog_max=3), SlowChannel()
    first = asyncio.ensure_future(posts.say(channel, "0"))  # type: ignore[arg-type]
    await channel.waiting.wait()
    later = [asyncio.ensure_future(posts.say(channel, str(n))) for n in range(1, 7)]  # type: ignore[arg-type]
    await asyncio.sleep(0)
    assert posts.pending() == 4  # the one in flight and the three newest
    channel.gate.set()
    await asyncio.gather(first, *later)
    assert channel.sent == ["0", "4\n5\n6"]
    assert any("abandonnée" in r.getMessage() for r in caplog.records)


async def test_closing_drops_what_could_not_be_sent_in_time_with_one_line(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    posts, channel = ChannelPosts(), SlowChannel()
    saying = [asyncio.ensure_future(posts.say(channel, str(n))) for n in range(5)]  # type: ignore[arg-type]
    await channel.waiting.wait()
    await posts.close(0.01)
    await asyncio.gather(*saying)  # the callers are let go, none raises
    assert channel.sent == []
    dropped = [r for r in caplog.records if r.name == "bot.ui.posting"]
    assert [r.getMessage() for r in dropped] == [
        "arrêt : 5 ligne(s) pour les salons abandonnée(s), pas envoyées à temps"
    ]
    assert not any(r.exc_info for r in caplog.records)
    await posts.say(channel, "trop tard")  # type: ignore[arg-type]
    assert channel.sent == []
