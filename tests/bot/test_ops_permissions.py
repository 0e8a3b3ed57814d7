"""The bot checks its permissions where a table opens and names what is missing; the emulator
computes the bot's permissions per channel (a thread's are its parent's) and refuses as Discord
does (50013 « Missing Permissions »); the README's invite link grants what a table needs."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import discord
import pytest

from bot.permissions import IN_THREADS, NEEDED
from emulator import Emulator
from emulator.model import ATTACH_FILES, EMBED_LINKS, SEND_MESSAGES, SEND_MESSAGES_IN_THREADS
from tests.e2e.tavern import Tavern

ROOT = Path(__file__).resolve().parents[2]


def open_tables(tavern: Tavern) -> int:
    with sqlite3.connect(tavern.database) as db:
        return int(db.execute("SELECT COUNT(*) FROM sessions").fetchone()[0])


@pytest.mark.parametrize(
    ("denied", "named"),
    [
        (ATTACH_FILES, "« Joindre des fichiers »"),
        (SEND_MESSAGES | EMBED_LINKS, "permissions « Envoyer des messages », « Intégrer des liens »"),
    ],
)
async def test_a_table_is_not_opened_where_the_bot_lacks_a_permission(tavern: Tavern, denied: int, named: str) -> None:
    emu = tavern.emu
    tavern.channel.bot_denied = denied
    async with tavern.bot():
        refused = await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": "culdechouette"})
        assert refused.ephemeral and named in refused.content, refused.content
        assert "dans ce salon" in refused.content and "relancez /jouer" in refused.content
        assert open_tables(tavern) == 0
        tavern.channel.bot_denied = 0  # an admin grants it
        opened = await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": "culdechouette"})
        assert not opened.ephemeral and opened.message is not None and opened.message.buttons
        assert open_tables(tavern) == 1
    emu.assert_no_violations()


async def test_in_a_thread_the_bot_needs_send_messages_in_threads(tavern: Tavern) -> None:
    emu = tavern.emu
    thread = tavern.guild.add_thread(tavern.channel, "partie du soir")
    emu.bot_permissions &= ~SEND_MESSAGES_IN_THREADS  # an invite link without it
    async with tavern.bot():
        refused = await emu.slash(thread, tavern.arthur, "jouer", {"jeu": "culdechouette"})
        assert refused.ephemeral and "« Envoyer des messages dans les fils »" in refused.content, refused.content
        assert open_tables(tavern) == 0
        # The channel itself is fine.
        opened = await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": "culdechouette"})
        assert not opened.ephemeral
    emu.assert_no_violations()


async def test_the_emulator_refuses_a_post_without_permission_as_discord_does(emu: Emulator) -> None:
    guild = emu.add_guild("Kaamelott")
    channel = guild.add_channel("taverne")
    thread = guild.add_thread(channel, "fil")
    client = discord.Client(intents=discord.Intents.none())
    await client.login(emu.token)
    try:
        channel.bot_denied = SEND_MESSAGES
        with pytest.raises(discord.Forbidden) as refused:
            await client.http.send_message(channel.id, params=discord.http.handle_message_parameters(content="salut"))
        assert refused.value.code == 50013 and refused.value.status == 403
        # Threads follow their own flag: Send Messages in Threads is still granted.
        sent = await client.http.send_message(thread.id, params=discord.http.handle_message_parameters(content="salut"))
        assert sent["content"] == "salut" and thread.last_message.content == "salut"
        channel.bot_denied = SEND_MESSAGES_IN_THREADS
        with pytest.raises(discord.Forbidden):
            await client.http.send_message(thread.id, params=discord.http.handle_message_parameters(content="re"))
        # Without Embed Links, Discord shows the message without its embed.
        channel.bot_denied = EMBED_LINKS
        embed = discord.Embed(title="Table")
        kept = await client.http.send_message(
            channel.id, params=discord.http.handle_message_parameters(content="table", embed=embed)
        )
        assert kept["content"] == "table" and kept["embeds"] == []
    finally:
        await client.close()
    assert [v.kind for v in emu.take_violations()] == ["missing_permissions", "missing_permissions"]


def test_the_readme_invite_link_grants_what_a_table_needs_in_channels_and_threads() -> None:
    readme = (ROOT / "README.md").read_text()
    value = int(re.search(r"permissions=(\d+)", readme).group(1))  # type: ignore[union-attr]
    granted = discord.Permissions(value)
    for flag in (*NEEDED, IN_THREADS):
        assert getattr(granted, flag), flag
    assert value & 274877906944 and str(value) in readme.split("permissions=", 1)[1]
    # Nothing more than that: the least that works.
    wanted = discord.Permissions.none()
    for flag in (*NEEDED, IN_THREADS):
        setattr(wanted, flag, True)
    assert granted == wanted
