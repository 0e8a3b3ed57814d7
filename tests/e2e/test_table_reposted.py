"""A table message deleted in the channel (a moderator tidying up) is posted again by the next
redraw, once: the redraws waiting behind that re-post (a timer's news, a click in a private hand,
each drawing the table through the channel) edit the new message instead of posting a second table."""

from __future__ import annotations

import asyncio

from bot.app import TaverneBot
from bot.sessions import Session
from tests.e2e.table import act, action_code, open_table, seat_and_start, table_message
from tests.e2e.tavern import Tavern


async def a_cabane_whose_message_was_deleted(tavern: Tavern, bot: TaverneBot) -> Session:
    """A game of Cabane started by Arthur and Perceval, its table message then deleted by a moderator."""
    emu, channel = tavern.emu, tavern.channel
    lobby = await open_table(emu, channel, tavern.arthur, "cabane", "mode=bataille cible=3 graine=4")
    await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval])
    session = bot.manager.in_channel(channel.id)
    assert session is not None
    await emu.delete_message(table_message(channel))
    return session


async def test_redraws_meeting_after_the_table_message_was_deleted_post_it_again_once(tavern: Tavern) -> None:
    emu, channel = tavern.emu, tavern.channel
    arthur, perceval = tavern.arthur, tavern.perceval
    async with tavern.bot() as bot:
        session = await a_cabane_whose_message_was_deleted(tavern, bot)
        assert session.state is not None

        ui = bot.clicks
        deleted = session.rec.message_id
        moved = await asyncio.gather(*(ui.sender.refresh(session) for _ in range(3)))
        # The first redraw learns that the message is gone by trying to edit it; none after it tries.
        tried = emu.take_violations("not_found")
        assert len(tried) == 1 and tried[0].path.endswith(f"/messages/{deleted}"), tried

        tables = [m for m in channel.public_messages if any(action_code(b) for b in m.buttons)]
        assert len(tables) == 1, channel.transcript()
        assert session.rec.message_id == tables[0].id
        assert [m for m in moved if m is not None] == [tables[0].id]  # one redraw posted it

        # The game goes on from the message posted again.
        thrower = {str(arthur.id): arthur, str(perceval.id): perceval}[session.state.current]
        turn = session.state.turn_no
        answer = await act(emu, tables[0], thrower, "lancer")
        assert not answer.ephemeral, answer.content
        assert session.state.turn_no > turn
    emu.assert_no_violations()


async def test_a_table_abandoned_while_its_message_is_posted_again_leaves_no_button_on_the_new_one(
    tavern: Tavern,
) -> None:
    """/abandonner while a redraw posts the deleted table again: the buttons taken off are those of
    the message going out, not of the one deleted (the new table would keep buttons that can only
    answer that the table is closed)."""
    emu, channel = tavern.emu, tavern.channel
    async with tavern.bot() as bot:
        session = await a_cabane_whose_message_was_deleted(tavern, bot)
        deleted = session.rec.message_id
        posted = emu.hold("POST", "/api/v10/channels/{channel_id}/messages")
        redraw = asyncio.create_task(bot.clicks.sender.refresh(session))
        await posted.reached()
        abandoned = await emu.slash(channel, tavern.arthur, "abandonner")
        assert not abandoned.ephemeral and "abandonn" in abandoned.content, abandoned.content
        posted.release()
        new_id = await redraw
        assert new_id is not None and new_id != deleted
        [table] = [m for m in channel.public_messages if m.id == new_id]
        await emu.wait_until(lambda: not table.buttons, 3, "the table posted again without its buttons")
        # Only the redraw tried the deleted message (its edit); the buttons were not looked for there.
        tried = emu.take_violations("not_found")
        assert len(tried) == 1 and tried[0].method == "PATCH", tried
    emu.assert_no_violations()
