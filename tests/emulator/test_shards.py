"""Sharded IDENTIFY: a session gets the guilds, messages and interactions of its shard only, as
Discord sends a guild's events to shard ``(guild_id >> 22) % shard_count``."""

from __future__ import annotations

from typing import Any

import discord

from emulator import Emulator, pointed_at
from emulator.running import running


class Listening(discord.AutoShardedClient):
    def __init__(self, shard_id: int) -> None:
        intents = discord.Intents.none()
        intents.guilds = intents.guild_messages = intents.message_content = True
        super().__init__(intents=intents, shard_ids=[shard_id], shard_count=2)
        self.heard: list[tuple[int | None, str]] = []

    async def on_message(self, message: discord.Message) -> None:
        self.heard.append((message.guild.id if message.guild else None, message.content))

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        self.heard.append((interaction.guild_id, "interaction"))


async def test_each_shard_session_gets_its_guilds_events_only() -> None:
    async with Emulator() as emu:
        emu.shard_count = 2
        with pointed_at(emu):
            guilds = [emu.add_guild(f"Shard {n}", shard=(n, 2)) for n in range(2)]
            channels = [g.add_channel("jeux") for g in guilds]
            alice = emu.add_user("Alice")
            for guild in guilds:
                guild.add_member(alice)
            zero, one = Listening(0), Listening(1)
            async with running(zero, emu) as first, running(one, emu) as second:
                assert (first.shard, second.shard) == ((0, 2), (1, 2))
                assert [g.id for g in zero.guilds] == [guilds[0].id] and [g.id for g in one.guilds] == [guilds[1].id]
                for channel in channels:
                    await emu.send_message(channel, alice, f"bonjour {channel.guild.name}")
                emu.set_commands(None, [{"name": "rien", "description": "rien", "type": 1}])
                await emu.slash(channels[1], alice, "rien", wait=False)
                await emu.wait_until(lambda: len(zero.heard) == 1 and len(one.heard) == 2, 5, "the messages")
                assert zero.heard == [(guilds[0].id, "bonjour Shard 0")]
                assert one.heard == [(guilds[1].id, "bonjour Shard 1"), (guilds[1].id, "interaction")]
