"""``python -m bench.bare_bot``: a discord.py bot with none of Taverne's code, for the floor of
``python -m bench --only clicks`` (``bench/floor.py``).

It answers every click on a message by updating that message with the message itself: the view
discord.py rebuilds from it (once per message, as a bot would keep its view), and, when the bench
says so for the channel, a new picture of the same size and the channel posts and message edits
that Taverne made per click in that game. So its loop CPU per click is what discord.py, aiohttp and
asyncio cost for Taverne's own requests, with no rules, no store, no drawing.

The bench gives it ``TAVERNE_BENCH_SAME`` (JSON: channel id → [picture bytes, pictures per click,
posts per click, edits per click]) and reads its counters the way it reads the counted bot's (the
same SIGUSR1 handler): one JSON line with the main thread's CPU time is appended to
``TAVERNE_BENCH_COUNTERS``.
"""

from __future__ import annotations

import io
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

import discord

from bench.counted_bot import COUNTERS_ENV, LoopProfile, on_request
from bot.settings import point_discord_elsewhere

SAME_ENV = "TAVERNE_BENCH_SAME"
# What each news line posted by the bare bot says: about the length of one of Taverne's.
NEWS = "🎲 Une ligne de nouvelles de la table, de la longueur de celles que Taverne poste après un coup."


class Owed:
    """Something made at a rate per click (0.3 posts a click: one post every third or fourth)."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.owed = 0.0

    def now(self) -> int:
        self.owed += self.rate
        due = int(self.owed + 1e-9)  # ten times 0.1 is one, not 0.999…
        self.owed -= due
        return due


class Mimic:
    """For one channel: the picture sent again, and the rates of pictures, posts and edits."""

    def __init__(self, picture_bytes: int, pictures: float, posts: float, edits: float) -> None:
        self.picture = os.urandom(picture_bytes)
        self.pictures, self.posts, self.edits = Owed(pictures), Owed(posts), Owed(edits)


def mimics(spec: str) -> dict[int, Mimic]:
    table: dict[str, list[float]] = json.loads(spec or "{}")
    return {int(channel): Mimic(int(size), *rates) for channel, (size, *rates) in table.items()}


class BareBot(discord.Client):
    def __init__(self, same: dict[int, Mimic]) -> None:
        intents = discord.Intents.none()
        # Taverne's intents (bot/app.py): the same gateway events reach the loop.
        intents.guilds = True
        intents.guild_messages = True
        intents.message_content = True
        super().__init__(intents=intents, max_messages=None)
        self.same = same
        self.views: dict[int, discord.ui.View | discord.ui.LayoutView] = {}

    def view_of(self, message: discord.Message) -> discord.ui.View | discord.ui.LayoutView:
        view = self.views.get(message.id)
        if view is None:
            kind = discord.ui.LayoutView if message.flags.components_v2 else discord.ui.View
            view = self.views[message.id] = kind.from_message(message, timeout=None)
        return view

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        message = interaction.message
        if interaction.type is not discord.InteractionType.component or message is None:
            return
        view = self.view_of(message)
        mimic = self.same.get(message.channel.id)
        extra: dict[str, Any] = {}
        if mimic is not None and mimic.picture and mimic.pictures.now():
            name = message.attachments[0].filename if message.attachments else "table.png"
            extra["attachments"] = [discord.File(io.BytesIO(mimic.picture), filename=name)]
        if not message.flags.components_v2:
            extra |= {"content": message.content, "embeds": message.embeds}
        await interaction.response.edit_message(view=view, **extra)
        if mimic is None:
            return
        for _ in range(mimic.posts.now()):
            await message.channel.send(NEWS)
        for _ in range(mimic.edits.now()):
            await message.edit(view=view)


def main() -> int:
    point_discord_elsewhere(os.environ.get("TAVERNE_API_BASE"), os.environ.get("TAVERNE_GATEWAY_URL"))
    target = os.environ.get(COUNTERS_ENV)
    if target:
        # The counted bot's counters, of which only the loop's CPU moves here.
        signal.signal(signal.SIGUSR1, on_request(Path(target), LoopProfile(None)))
    BareBot(mimics(os.environ.get(SAME_ENV, ""))).run(os.environ["DISCORD_TOKEN"], log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
