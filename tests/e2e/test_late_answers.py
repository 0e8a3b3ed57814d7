"""A click the bot answers past Discord's 3 s (a bot starved of CPU): Discord refuses the answer, but
the move is stored, so the table message must still show it, edited through the channel, instead of
keeping the old buttons until the next restart (the crash test's table stuck on its lobby)."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.ui import routing, sending, timing
from bot.ui.ids import to36
from tests.e2e.table import act, open_table, seat_and_start, table_message
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


async def test_a_throw_whose_deferral_comes_too_late_is_still_shown_on_the_table(
    tavern: Tavern, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move takes longer than the bot allows before deferring, and by then Discord has given the
    click up (the crash test's table stuck on a turn under a load of 16): the deferral is refused,
    yet the throw is stored and the table message shows it, edited through the channel."""
    emu = tavern.emu
    async with tavern.bot() as bot:
        lobby = await open_table(emu, tavern.channel, tavern.arthur, "cabane", "mode=bataille cible=3")
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval])
        table = table_message(tavern.channel)
        session = bot.manager.in_channel(tavern.channel.id)
        assert session is not None and session.state is not None
        turn, thrower = session.state.turn_no, session.state.current
        act_now = bot.manager.act

        async def starved(*args: Any, **kwargs: Any) -> Any:
            emu.advance(3.5)  # the move waited its turn on a starved loop past Discord's 3 s
            return await act_now(*args, **kwargs)

        monkeypatch.setattr(bot.manager, "act", starved)
        monkeypatch.setattr(timing, "ANSWER_WITHIN_S", 0.0)  # deferred as soon as it is not done
        player = next(u for u in (tavern.arthur, tavern.perceval) if str(u.id) == thrower)
        late = await act(emu, table, player, "lancer")
        monkeypatch.setattr(bot.manager, "act", act_now)
        assert 10062 in late.errors and not late.acknowledged
        assert session.state.turn_no == turn + 1
        # The table message shows the turn after the throw (its buttons carry it), edited through the channel.
        shown = f"tv:{to36(session.id)}:{to36(turn + 1)}:"
        await emu.wait_until(
            lambda: any((b.custom_id or "").startswith(shown) for b in table.buttons), 5, "the throw shown"
        )
    emu.take_violations("unknown_interaction")
    emu.take_violations("no_response")
    emu.assert_no_violations()


async def test_a_seat_taken_too_late_for_discord_is_still_shown_on_the_lobby(
    tavern: Tavern, monkeypatch: pytest.MonkeyPatch
) -> None:
    """« Rejoindre » answered past the 3 s: Discord refuses the answer, the seat is stored, and the
    lobby shows it (« Commencer » usable) through the channel — the crash test's grey « Commencer »."""
    emu = tavern.emu
    async with tavern.bot() as bot:
        lobby = await open_table(emu, tavern.channel, tavern.arthur, "cabane")
        join_now = bot.manager.join

        async def starved(*args: Any, **kwargs: Any) -> Any:
            emu.advance(3.5)  # the seat waited its turn on a starved loop past Discord's 3 s
            return await join_now(*args, **kwargs)

        monkeypatch.setattr(bot.manager, "join", starved)
        late = await emu.click(lobby, tavern.perceval, label="Rejoindre")
        monkeypatch.setattr(bot.manager, "join", join_now)
        assert 10062 in late.errors and not late.acknowledged
        await emu.wait_until(
            lambda: not lobby.button("Commencer").disabled and f"<@{tavern.perceval.id}>" in lobby.text(),
            5,
            "the seat shown",
        )
        started = await emu.click(lobby, tavern.arthur, label="Commencer")
        assert not started.errors and not started.ephemeral
    emu.take_violations("unknown_interaction")
    emu.take_violations("no_response")
    emu.assert_no_violations()
