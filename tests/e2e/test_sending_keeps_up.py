"""Clicks faster than the channel's rate limit (a few messages per window, as Discord's 5 per 5 s,
kept by the emulator): the lines said while a send waits join the next message instead of queueing
one send each, and the bot, stopped right after the clicks, sends what still waits within its grace
period, in order, without a traceback. The window is shorter than that grace, so it always reopens
before the grace ends: every line goes out (dropping what is left at the end of the grace, said in
one log line, is tests/bot/test_posting.py's). The clicks take 1 to 3 s (a load of 10); a machine would
have to be four times slower than that for the window to reopen during them more than once.
"""

from __future__ import annotations

import itertools
import logging
import re

import pytest

from bot.app import ANSWER_GRACE_S, TaverneBot
from tests.e2e.table import act, open_table, seat_and_start, table_message
from tests.e2e.tavern import Tavern

CLICKS = 24
LIMIT, WINDOW_S = 3, 5.0
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
    emu.set_rate_limit(LIMIT, WINDOW_S)
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
    # The bot has stopped: what waited for the channel went out, or was dropped and said so once.
    said = [m.content or "" for m in channel.public_messages if PING.search(m.content or "")]
    pinged = [m[1] for text in said for line in text.splitlines() if (m := PING.fullmatch(line))]
    # Each time the dice changed hands, the next player was pinged, in order.
    expected = [after for before, after in itertools.pairwise(turns) if after != before]
    assert len(expected) > 2 * LIMIT  # more than the channel takes in one window
    # The window opened with the table, before the clicks, and reopens within the grace: nothing dropped.
    assert WINDOW_S <= ANSWER_GRACE_S
    assert pinged == expected
    assert [r.getMessage() for r in caplog.records if "pas envoyées à temps" in r.getMessage()] == []
    # Fewer, fuller messages: the first window's, then the lines said meanwhile, together.
    assert len(said) <= LIMIT + 2, said
    assert max(len(text) for text in said) <= 2000
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert errors == []
    emu.assert_no_violations()
