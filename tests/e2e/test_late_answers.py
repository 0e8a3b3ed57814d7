"""A click the bot answers past Discord's 3 s (a bot starved of CPU): Discord refuses the answer, but
the move is stored, so the table message must still show it, edited through the channel, instead of
keeping the old buttons until the next restart (the crash test's table stuck on its lobby)."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.ui import routing, sending
from tests.e2e.table import open_table, seat_and_start
from tests.e2e.tavern import Tavern


async def test_a_start_answered_too_late_still_shows_the_table(tavern: Tavern, monkeypatch: pytest.MonkeyPatch) -> None:
    emu = tavern.emu
    draw_table = sending.draw_table

    async def starved(session: Any) -> Any:
        emu.advance(3.5)  # the drawing took the rest of the 3 s and more
        return await draw_table(session)

    async with tavern.bot():
        lobby = await open_table(emu, tavern.channel, tavern.arthur, "cabane")
        await emu.click(lobby, tavern.perceval, label="Rejoindre")
        monkeypatch.setattr(sending, "draw_table", starved)
        late = await emu.click(lobby, tavern.arthur, label="Commencer")
        monkeypatch.setattr(sending, "draw_table", draw_table)
        assert 10062 in late.errors and not late.acknowledged
        # The lobby message became the table, through the channel: its buttons are the game's.
        await emu.wait_until(
            lambda: any((b.custom_id or "").startswith("tv:") for b in lobby.buttons), 5, "the table shown"
        )
        assert not any((b.custom_id or "").startswith("tvl:") for b in lobby.buttons)
    emu.take_violations("unknown_interaction")
    emu.take_violations("no_response")
    emu.assert_no_violations()


async def test_a_refusal_answered_too_late_is_one_warning_and_the_table_answers_on(
    tavern: Tavern, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # Discord refuses an answer sent after its 3 s: the bot says so in one line (a slow burst would
    # otherwise log one traceback per click) and answers the next click as usual.
    emu = tavern.emu
    where_line = routing.where_line

    def starved(*args: Any) -> str:
        emu.advance(3.5)  # the refusal's words took the rest of the 3 s and more
        return where_line(*args)

    async with tavern.bot():
        lobby = await open_table(emu, tavern.channel, tavern.arthur, "cabane")
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval])
        [game_button, *_] = [b for b in lobby.buttons if (b.custom_id or "").startswith("tv:")]
        monkeypatch.setattr(routing, "where_line", starved)
        with caplog.at_level(logging.WARNING):
            late = await emu.click(lobby, tavern.karadoc, game_button.custom_id)
        monkeypatch.setattr(routing, "where_line", where_line)
        assert 10062 in late.errors and not late.acknowledged
        assert [r.name for r in caplog.records if "trop tardive" in r.getMessage()] == ["bot.ui.routing"]
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        again = await emu.click(lobby, tavern.karadoc, game_button.custom_id)
        assert again.acknowledged and again.ephemeral and not again.errors
    emu.take_violations("unknown_interaction")
    emu.take_violations("no_response")
    emu.assert_no_violations()
