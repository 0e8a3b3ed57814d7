"""A server with a game channel and Kaamelott's usual players, and the real bot started on a temp database."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.app import TaverneBot, create_bot
from bot.settings import Settings
from emulator import Channel, Emulator, Guild, User
from emulator.running import running
from games.core import Game

# The emulator sends every guild right after READY: discord.py's 2 s wait for more before on_ready
# (bot/settings.py guild_ready_s) was, summed over the suite's bot starts, minutes of an idle worker.
# A quarter of a second still leaves a stalled machine time to deliver the guilds first.
GUILD_READY_S = 0.25


@dataclass
class Tavern:
    emu: Emulator
    guild: Guild
    channel: Channel
    players: list[User]
    outsider: User
    database: Path | str

    @property
    def arthur(self) -> User:
        return self.players[0]

    @property
    def perceval(self) -> User:
        return self.players[1]

    @property
    def karadoc(self) -> User:
        return self.players[2]

    def settings(self, **overrides: Any) -> Settings:
        values: dict[str, Any] = {
            "DISCORD_TOKEN": self.emu.token,
            "database": self.database,
            "api_base": self.emu.api_base,
            "gateway_url": self.emu.gateway_url,
            "guild_ready_s": GUILD_READY_S,
            **overrides,
        }
        return Settings(**values)

    def at_test_speed(self) -> None:
        """A whole game happens in a second here, and Discord's 5 messages per 5 s per channel would hold
        the turn pings back for minutes of real time (discord.py waits for the window). The channels get
        a limit fit for that speed; pacing and 429s are the emulator's own tests (test_protocol.py)."""
        self.emu.set_rate_limit(1000, 1.0)

    @contextlib.asynccontextmanager
    async def bot(self, games: Mapping[str, Game[Any]] | None = None, **settings: Any) -> AsyncIterator[TaverneBot]:
        """The real bot from `bot.app`, its clock the emulator's, so chosen click times and timers
        agree; its timers wait on that clock too (``emu.freeze_clock()`` stops it)."""
        bot = create_bot(self.settings(**settings), games, clock=self.emu.now_ms, sleep=self.emu.sleep)
        async with running(bot, self.emu):
            yield bot


def make_tavern(emu: Emulator, database: Path | str) -> Tavern:
    guild = emu.add_guild("Kaamelott")
    channel = guild.add_channel("taverne")
    players = [emu.add_user(name) for name in ("Arthur", "Perceval", "Karadoc")]
    outsider = emu.add_user("Léodagan")
    for user in [*players, outsider]:
        guild.add_member(user)
    return Tavern(emu, guild, channel, players, outsider, database)
