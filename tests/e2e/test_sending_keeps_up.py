"""Clicks faster than the channel's rate limit (5 messages per 5 s, Discord's, kept by the
emulator): the lines said while a send waits join the next message instead of queueing one send
each, none is lost, and the bot stops cleanly with what was still waiting, without a traceback."""

from __future__ import annotations

import itertools
import logging
import re

import pytest

from bot.app import TaverneBot
from tests.e2e.table import act, open_table, seat_and_start, table_message
from tests.e2e.tavern import Tavern

CLICKS = 30
PING = re.compile(r"<@(\d+)>, à toi !")


def thrower(bot: TaverneBot, channel_id: int) -> str | None:
    session = bot.manager.in_channel(channel_id)
    if session is None or session.state is None or session.state.over:
        return None
    return str(session.state.current)  # type: ignore[attr-defined]


async def test_quick_clicks_at_a_cabane_table_share_their_channel_messages(
    tavern: Tavern, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    emu, channel = tavern.emu, tavern.channel
    players = {str(u.id): u for u in (tavern.arthur, tavern.perceval)}
    turns: list[str] = []  # who had the dice, click after click
    async with tavern.bot() as bot:
        lobby = await open_table(emu, channel, tavern.arthur, game="cabane", options="mode=bataille cible=7 graine=3")
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval])
        while len(turns) < CLICKS and (current := thrower(bot, channel.id)) is not None:
            reply = await act(emu, table_message(channel), players[current], "lancer")
            assert not reply.errors and reply.acknowledged, reply
            turns.append(current)
        last = thrower(bot, channel.id)
        assert last is not None, "the game ended too soon for this test"
        turns.append(last)
    # The bot has stopped: what waited for the channel went out within the grace period.
    said = [m.content or "" for m in channel.public_messages if PING.search(m.content or "")]
    lines = [line for text in said for line in text.splitlines()]
    # Each time the dice changed hands, the next player was pinged, in order: no line is lost.
    expected = [after for before, after in itertools.pairwise(turns) if after != before]
    assert len(expected) >= 10  # more than the channel's five messages per five seconds
    assert [m[1] for line in lines if (m := PING.fullmatch(line))] == expected
    # Fewer, fuller messages: the lines said while a send waited went out together.
    assert len(said) <= len(expected) // 2 + 1, said
    assert max(len(text) for text in said) <= 2000
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert errors == []
    emu.assert_no_violations()
