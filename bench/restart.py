"""A restart with many stored tables: the time from starting ``python -m bot`` to its first answer,
and the bot's resident memory per active table.

The same emulated Discord (guilds of 500 channels, one table message in each) serves every run;
only the database changes: no table, then each count asked for. The memory per table is the
difference of the bot's resident memory with N tables and with none, over N, read once the first
answer is out (every table is loaded, its timer armed, nothing displayed yet). Then players come
back one after another for a few seconds, while the bot tells every table that the game goes on:
each of their ``/scores`` must be answered within 3 s too.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from emulator import Channel, Emulator, EmulatorError, InteractionRecord, Message, User
from emulator.bot_process import BOT, BotProcess

from .latency import DISCORD_LIMIT_S, UNKNOWN_INTERACTION, Latencies, latencies, seconds_text
from .seeding import fill
from .storage import fresh
from .table import Figure, number

CHANNELS_PER_GUILD = 500  # Discord's limit of channels in a server
PATIENCE_S = 120.0
PROBE_EVERY_S = 0.5


@dataclass
class Restart:
    sessions: int
    connected_s: float  # start → gateway READY and every GUILD_CREATE
    first_answer_s: float  # start → the first answer reached Discord
    answer_s: float  # that answer alone: from the click to the answer
    rss: int
    # The answers to players who come back in the seconds after the first answer, and the memory then.
    probes: Latencies
    rss_after: int


@dataclass
class World:
    places: list[tuple[int, int, int]]  # guild, channel, table message
    channels: list[Channel]
    players: list[User]


def build_world(emu: Emulator, channels: int) -> World:
    players = [emu.add_user(name) for name in ("Aline", "Bastien", "Chloé")]
    places: list[tuple[int, int, int]] = []
    found: list[Channel] = []
    for g in range(max(1, -(-channels // CHANNELS_PER_GUILD))):
        guild = emu.add_guild(f"Serveur {g}")
        for user in players:
            guild.add_member(user)
        for c in range(min(CHANNELS_PER_GUILD, channels - g * CHANNELS_PER_GUILD)):
            channel = guild.add_channel(f"table-{c}")
            message = _table_message(emu, channel)
            places.append((guild.id, channel.id, message))
            found.append(channel)
    return World(places, found, players)


def _table_message(emu: Emulator, channel: Channel) -> int:
    """The table message the bot had posted before it stopped (refreshed when it comes back)."""
    message = Message(emu.snowflakes.make(), channel, emu.bot_user, embeds=[{"title": "Table"}])
    channel.messages.append(message)
    return message.id


async def one_restart(
    emu: Emulator,
    world: World,
    folder: Path,
    games: dict[str, Any],
    sessions: int,
    probe_s: float,
    module: str,
    *,
    played_ago_ms: int = 0,
    due_in_ms: int | None = None,
    extra_env: dict[str, str] | None = None,
) -> Restart:
    database = fresh(folder / f"redemarrage-{sessions}.sqlite3")
    names = {str(u.id): u.name for u in world.players}
    fill(
        database, games, world.places[:sessions], list(names), names, played_ago_ms=played_ago_ms, due_in_ms=due_in_ms
    )
    bot = BotProcess(
        emu, database, folder / f"redemarrage-{sessions}-bot.log", module=module, extra_env=extra_env
    )
    try:
        await bot.start(PATIENCE_S)
        connected = bot.connected_at
        # The first player to come back types /scores at a table that was in play.
        record = await emu.slash(world.channels[0], world.players[0], "scores", timeout=PATIENCE_S)
        if record.response_at is None or UNKNOWN_INTERACTION in record.errors:
            raise RuntimeError(f"pas de réponse à /scores après le redémarrage ({record!r})")
        rss = bot.rss_bytes()
        probes = await after_restart(emu, world, sessions, probe_s)
        rss_after = bot.rss_bytes()
    finally:
        await bot.stop()
    return Restart(
        sessions,
        connected - bot.started,
        record.response_at - bot.started,
        record.response_at - record.dispatched_at,
        rss,
        probes,
        rss_after,
    )


async def after_restart(emu: Emulator, world: World, sessions: int, seconds: float) -> Latencies:
    """Players coming back one after another in the first seconds after the restart, while the bot
    tells every table that the game goes on: how long each waits for its answer."""
    probes: list[InteractionRecord] = []
    for i in range(int(seconds / PROBE_EVERY_S)):
        channel = world.channels[(i * 37) % max(1, min(sessions, len(world.channels)))]
        probes.append(await emu.slash(channel, world.players[i % len(world.players)], "scores", wait=False))
        await asyncio.sleep(PROBE_EVERY_S)
    with contextlib.suppress(EmulatorError):
        await emu.wait_until(lambda: all(p.acknowledged or p.errors for p in probes), DISCORD_LIMIT_S)
    return latencies(probes)


async def run(
    folder: Path, games: dict[str, Any], counts: list[int], probe_s: float, module: str = BOT, warm_up: bool = True
) -> list[Restart]:
    async with Emulator() as emu:
        world = build_world(emu, max(counts))
        # A first start that is not counted: Python writes its bytecode caches, the disk cache warms.
        if warm_up:
            await one_restart(emu, world, folder, games, 0, 0.0, module)
        return [await one_restart(emu, world, folder, games, n, probe_s, module) for n in [0, *counts]]


def figures(
    folder: Path, games: dict[str, Any], counts: list[int], probe_s: float, module: str = BOT, warm_up: bool = True
) -> list[Figure]:
    restarts = asyncio.run(run(folder, games, counts, probe_s, module, warm_up))
    empty, loaded = restarts[0], restarts[1:]
    out = [
        Figure(
            "démarrage",
            "sans table : démarrage → 1re réponse",
            seconds_text_long(empty.first_answer_s),
        )
    ]
    for r in loaded:
        out.append(
            Figure(
                "démarrage",
                f"{number(r.sessions)} tables : démarrage → 1re réponse (connecté à {seconds_text_long(r.connected_s)}, "
                f"réponse en {seconds_text(r.answer_s)})",
                seconds_text_long(r.first_answer_s),
                *(("< 2 s", r.first_answer_s < 2.0) if r.sessions >= 10_000 else ("", None)),
            )
        )
    for r in loaded if probe_s > 0 else []:
        probes = r.probes
        out.append(
            Figure(
                "démarrage",
                f"{number(r.sessions)} tables : /scores toutes les {number(PROBE_EVERY_S, 1)} s pendant "
                f"{number(probe_s)} s après : médiane / max, hors délai",
                f"{seconds_text(probes.quantile(0.5))} / {seconds_text(probes.worst)}, "
                f"{probes.late} sur {probes.count}",
                "0 hors délai",
                probes.late == 0,
            )
        )
    for r in loaded:
        per_session = (r.rss - empty.rss) / r.sessions
        out.append(
            Figure(
                "mémoire",
                f"{number(r.sessions)} tables actives : mémoire résidente par table "
                f"(bot {number(r.rss / 2**20)} Mo, {number(empty.rss / 2**20)} Mo sans table"
                + (
                    f" ; {number(r.rss_after / 2**20)} Mo {number(probe_s)} s plus tard)"
                    if probe_s > 0
                    else ")"
                ),
                f"{number(per_session / 1024, 1)} Ko",
                "< 50 Ko",
                per_session < 50 * 1024,
            )
        )
    return out


def seconds_text_long(value: float) -> str:
    return f"{number(value, 2)} s" if value >= 1 else seconds_text(value)
