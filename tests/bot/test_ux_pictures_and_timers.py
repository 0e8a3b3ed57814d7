"""Fewer requests to Discord: a table's picture is uploaded again only when its bytes change, and
what timers say close together becomes one table edit and one channel message."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import discord
import pytest

from bot.sessions import Notice, Session
from bot.tables.base import Presenter
from emulator import Message
from games.core import LEAVE, Action
from tests.e2e.table import open_table, seat_and_start
from tests.e2e.tavern import Tavern
from tests.games.core.toy import GAME as TOY

from .conftest import Clock
from .ux_support import TABLE, click, manager_for, start_table

NAMES = {"111": "Alice", "222": "Bob", "333": "Chloé"}
PICTURE = "plateau.png"
SIX_THEN_THREE = 23  # the toy's dice under this seed: a 6 (a shout window), then a 3


class Board:
    """The picture a presenter draws: the same bytes until the test changes them."""

    def __init__(self) -> None:
        self.data = b"\x89PNG first board"

    def files(self, presenter: Presenter, session: Session) -> list[discord.File]:
        return [discord.File(io.BytesIO(self.data), filename=PICTURE)]


@pytest.fixture(autouse=True)
def at_test_speed(tavern: Tavern) -> None:
    """The real bot's pings of a fast game are not paced to Discord's 5 messages per 5 s."""
    tavern.at_test_speed()


def picture(table: Message) -> tuple[int, bytes]:
    attachment = table.attachment(PICTURE)
    return attachment.id, attachment.data


async def test_the_table_picture_is_uploaded_again_only_when_it_changes(
    tavern: Tavern, monkeypatch: pytest.MonkeyPatch
) -> None:
    emu = tavern.emu
    board = Board()
    monkeypatch.setattr(Presenter, "files", lambda self, session, lang=None: board.files(self, session))
    arthur, perceval, karadoc = tavern.players
    emu.freeze_clock()  # the window closes when the test moves time, not after real time
    async with tavern.bot({"toy": TOY}, window_grace_s=0.05):
        table = await open_table(emu, tavern.channel, arthur, "toy", f"window_ms=300 graine={SIX_THEN_THREE}")
        await seat_and_start(emu, table, arthur, [perceval, karadoc])
        first = picture(table)
        assert first[1] == board.data

        edits = table.edits
        await emu.click(table, arthur, label="Lancer")  # a 6: the shout window opens
        assert table.edits == edits + 1 and "Six" in table.button_labels
        assert picture(table) == first  # edited through the click, the same attachment kept

        # The window closes by the bot's timer: an edit through the channel, the picture kept too.
        emu.advance(0.3 + 0.05 + 0.01)  # the window, then the bot's grace
        await emu.wait_until(lambda: "Six" not in table.button_labels, 5, "the window closed")
        assert table.edits == edits + 2 and picture(table) == first

        board.data = b"\x89PNG another board"
        await emu.click(table, perceval, label="Lancer")
        now = picture(table)
        assert now[1] == board.data and now[0] != first[0]


async def test_timer_news_close_together_make_one_edit_and_one_message(db_path: Path) -> None:
    async with manager_for(db_path, {"toy": TOY}) as manager:
        hold = Clock()  # the news are held on it: shown when it moves, never by themselves
        session, clicks, channel = await start_table(manager, "toy", NAMES, timer_delay_s=0.2, timer_sleep=hold.sleep)
        assert channel.sent == []  # Alice started the game and throws first: she sees the table
        # Alice is warned, then removed (she leaves the game: the same events as a removal).
        await clicks.listener.table_changed(
            session, [], Notice("warned", players=["111"], deadline_ms=1_800_000_000_000)
        )
        left = await manager.act(session.id, "111", Action(kind=LEAVE), 0)
        await clicks.listener.table_changed(session, left.events, Notice("removed", players=["111"]))
        await asyncio.sleep(0.01)  # a turn of the loop for anything not held
        assert channel.edits == [] and channel.sent == []  # held a moment
        hold.advance(200)
        await clicks.settle()

        assert [edit.message_id for edit in channel.edits] == [TABLE]
        assert channel.sent == [
            "⏰ <@111>, à toi ! Sans action, tu seras retiré·e de la partie <t:1800000000:R>.\n"
            "🚪 <@111> retiré·e de la partie : trop longtemps sans jouer.\n"
            "<@222>, à toi !"
        ]


async def test_a_click_takes_what_timers_said_into_its_own_message(db_path: Path) -> None:
    async with manager_for(db_path, {"toy": TOY}) as manager:
        session, clicks, channel = await start_table(manager, "toy", NAMES, loaded=[3], timer_delay_s=30)
        await clicks.listener.table_changed(
            session, [], Notice("warned", players=["111"], deadline_ms=1_800_000_000_000)
        )
        throw = await click(clicks, session, "111", "Lancer")
        assert [said.kind for said in throw.said] == ["edit"]  # the table, through the click
        assert channel.sent == [
            "⏰ <@111>, à toi ! Sans action, tu seras retiré·e de la partie <t:1800000000:R>.\n<@222>, à toi !"
        ]
        await clicks.settle()
        assert channel.edits == [] and len(channel.sent) == 1  # nothing said twice, nothing left held
