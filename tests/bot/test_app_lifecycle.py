"""Opening and closing the bot with discord.py's public API only: a bot closed before it ever
connected, and one closed between READY and on_ready (discord.py still dispatches it afterwards)."""

from __future__ import annotations

import asyncio
import sqlite3

from bot.app import create_bot
from bot.store import LOBBY, SessionRecord, Store
from emulator import Emulator
from emulator.running import running
from tests.e2e.tavern import Tavern


async def store_a_lobby_without_its_message(tavern: Tavern) -> None:
    """What a bot that died before answering /jouer leaves: the next start shows the lobby again."""
    store = await Store.open(tavern.database)
    try:
        await store.create_session(
            SessionRecord(
                guild_id=tavern.guild.id,
                channel_id=tavern.channel.id,
                game="cabane",
                host_id=str(tavern.arthur.id),
                names={str(tavern.arthur.id): "Arthur"},
                status=LOBBY,
                created_ms=tavern.emu.now_ms(),
                active_ms=tavern.emu.now_ms(),
            )
        )
    finally:
        await store.close()


async def test_a_bot_closed_before_it_connected_closes_its_database(tavern: Tavern) -> None:
    """A refused start or a test of the setup alone: never logged in, never entered."""
    bot = create_bot(tavern.settings(), sync_commands=False)
    await bot.setup_hook()
    store = bot.store
    await bot.close()
    assert store.closed
    await bot.close()  # twice: still quiet


async def test_a_bot_closed_before_on_ready_announces_nothing_afterwards(emu: Emulator, tavern: Tavern) -> None:
    await store_a_lobby_without_its_message(tavern)
    # discord.py's own wait for the guilds (2 s), not the tests' shorter one: the bot is closed within it.
    bot = create_bot(tavern.settings(guild_ready_s=2.0), clock=emu.now_ms, sleep=emu.sleep)
    async with running(bot, emu):
        # READY is in; discord.py waits for the guilds (2 s) before on_ready.
        assert not bot.is_ready()
    # Closed. discord.py's wait ends all the same and dispatches on_ready to the closed bot.
    await asyncio.wait_for(bot.wait_until_ready(), 10)
    handlers = [t for t in asyncio.all_tasks() if t.get_name() == "discord.py: on_ready"]
    await asyncio.wait_for(asyncio.gather(*handlers), 5)
    # The lobby would have been shown again by a running bot; a closed one says nothing (and logs
    # no error: the autouse fixture fails the test on one).
    assert tavern.channel.public_messages == []
    with sqlite3.connect(tavern.database) as db:
        assert db.execute("SELECT status, message_id FROM sessions").fetchone() == (LOBBY, None)
    emu.assert_no_violations()
