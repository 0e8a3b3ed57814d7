"""The floor under ``clicks`` and ``answers``: the same clicks answered by a bot with none of
Taverne's code.

After the counted bot's rounds, its table messages are posted again as the bot's own (same
components, embeds and pictures) and ``bench/bare_bot.py`` answers clicks on them, making per click
the requests Taverne made in that game: the message updated, a new picture of the same size as
often as Taverne sent one, and as many channel posts and message edits. Its event-loop CPU per
click is what discord.py, aiohttp and asyncio cost for those requests alone; what the counted bot
spends above it is Taverne's (rules, store, drawing, building the views) and nothing else. In
``answers`` the bare bot answers the same rounds of simultaneous clicks: the answer times a bot
could reach on this machine, beside the same emulator, if Taverne's own work cost nothing.

Not mimicked, so the floor stays under the real cost: private answers (a hand shown, a refusal),
follow-ups, pictures in private hands.
"""

from __future__ import annotations

import asyncio
import copy
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from emulator import Emulator, InteractionRecord
from emulator.bot_process import BotProcess
from emulator.model import Message
from emulator.records import RestCall

from .bare_bot import SAME_ENV
from .counted_bot import COUNTERS_ENV

if TYPE_CHECKING:
    from .answers import Table  # answers uses this module: a name for the types only

MODULE = "bench.bare_bot"
UPDATE = 7  # an interaction callback that updates the clicked message
CALLBACK = "/callback"
POSTS = "/channels/{channel_id}/messages"
EDITS = "/channels/{channel_id}/messages/{message_id}"
PATIENCE_S = 10.0


@dataclass(frozen=True)
class Requests:
    """What Taverne's bot sent per click in one game, besides answering the click."""

    pictures: float  # new pictures in the table's updates
    posts: float
    edits: float


def new_files(payload: Any) -> int:
    """The files a request uploads: discord.py names them in ``attachments`` by their index in the
    upload (0, 1…), where an attachment kept from before carries its snowflake."""
    if not isinstance(payload, dict):
        return 0
    data = payload.get("data", payload)
    attachments = data.get("attachments") if isinstance(data, dict) else None
    return sum(1 for a in attachments or [] if isinstance(a, dict) and isinstance(a.get("id"), int))


def requests_per_click(calls: Sequence[RestCall], interactions: int) -> Requests:
    pictures = posts = edits = 0
    for call in calls:
        route = call.route.removeprefix("/api/v10")
        if route.endswith(CALLBACK) and isinstance(call.payload, dict) and call.payload.get("type") == UPDATE:
            pictures += new_files(call.payload)
        elif call.method == "POST" and route == POSTS:
            posts += 1
        elif call.method == "PATCH" and route == EDITS:
            edits += 1
    count = max(interactions, 1)
    return Requests(pictures / count, posts / count, edits / count)


def by_game(emu: Emulator, calls: Sequence[RestCall], tables: list[Table]) -> dict[str, list[RestCall]]:
    """The requests of each game's tables, told apart by their channel (an interaction's callback
    by the channel of its interaction)."""
    game_of = {t.channel.id: t.game for t in tables}
    out: dict[str, list[RestCall]] = {game: [] for game in game_of.values()}
    for call in calls:
        parts = call.path.split("/")  # '', 'api', 'v10', 'channels' or 'interactions', its id, …
        if len(parts) < 5 or not parts[4].isdigit():
            continue
        channel: int | None = int(parts[4])
        if parts[3] == "interactions":
            record = emu.interaction_by_id(int(parts[4]))
            channel = record.channel.id if record is not None else None
        game = game_of.get(channel) if channel is not None else None
        if game is not None:
            out[game].append(call)
    return out


@dataclass
class Copy:
    table: Table
    message: Message
    picture_bytes: int


def clickable(message: Message) -> list[str]:
    return [b.custom_id for b in message.buttons if b.custom_id and not b.disabled]


async def copies(emu: Emulator, tables: list[Table]) -> list[Copy]:
    """Each table's message as it is now, posted again by the bot (a new message id)."""
    out: list[Copy] = []
    for table in tables:
        if table.message is None:
            continue
        live = table.message.live or table.message
        if not clickable(live):
            continue
        again = Message(
            emu.snowflakes.make(),
            live.channel,
            emu.bot_user,
            live.content,
            embeds=copy.deepcopy(live.embeds),
            components=copy.deepcopy(live.components),
            attachments=list(live.attachments),
            flags=live.flags,
        )
        await emu.post_message(again)
        out.append(Copy(table, again, max((len(a.data) for a in live.attachments), default=0)))
    return out


def same_env(copied: list[Copy], requests: dict[str, Requests]) -> str:
    """For the bare bot: per channel, the size of the picture it sends, then its game's pictures,
    posts and edits per click."""
    spec: dict[str, list[float]] = {}
    for c in copied:
        wanted = requests[c.table.game]
        spec[str(c.message.channel.id)] = [c.picture_bytes, wanted.pictures, wanted.posts, wanted.edits]
    return json.dumps(spec)


async def click_round(emu: Emulator, copied: list[Copy], rng: random.Random) -> list[InteractionRecord]:
    """One click on each copy, all at once."""

    async def one(c: Copy) -> InteractionRecord:
        custom_id = rng.choice(clickable(c.message))
        record = await emu.click(c.message, rng.choice(c.table.users), custom_id, timeout=PATIENCE_S)
        if record.response_at is None:
            raise RuntimeError(f"le bot nu n'a pas répondu au clic {custom_id!r}")
        return record

    return list(await asyncio.gather(*(one(c) for c in copied)))


@dataclass
class Rounds:
    """What the floor replays: the tables of a run, the requests Taverne made per click in each
    game, and how many rounds of clicks."""

    emu: Emulator
    folder: Path
    world: list[Table]
    requests: dict[str, Requests]
    rounds: int
    rng: random.Random

    def bare_bot(self, copied: list[Copy], name: str) -> tuple[BotProcess, Path]:
        """The bare bot for these copies, and the file where it writes its counters."""
        counted = self.folder / f"{name}-compteurs.jsonl"
        counted.unlink(missing_ok=True)
        env = {COUNTERS_ENV: str(counted), SAME_ENV: same_env(copied, self.requests)}
        log = self.folder / f"{name}-bot.log"
        return BotProcess(self.emu, self.folder / f"{name}.sqlite3", log, module=MODULE, extra_env=env), counted


@dataclass
class Floor:
    game: str
    interactions: int
    loop_cpu_s: float

    def per_click(self) -> float:
        return self.loop_cpu_s / self.interactions if self.interactions else 0.0


async def measure(run: Rounds) -> list[Floor]:
    """The bare bot's loop CPU per click, game by game, on copies of the run's table messages."""
    from .clicks import counters, quiet

    copied = await copies(run.emu, run.world)
    bare, path = run.bare_bot(copied, "plancher")
    out: list[Floor] = []
    try:
        await bare.start()
        for game in run.requests:
            mine = [c for c in copied if c.table.game == game]
            if not mine:
                continue
            before = await counters(bare, path)
            clicks = 0
            for _ in range(run.rounds):
                clicks += len(await click_round(run.emu, mine, run.rng))
            await quiet(run.emu)
            after = await counters(bare, path)
            out.append(Floor(game, clicks, after["loop_cpu_s"] - before["loop_cpu_s"]))
    finally:
        await bare.stop()
    return out


async def burst(run: Rounds) -> list[InteractionRecord]:
    """The run's rounds of a click on every copy of its table messages at once, answered by the
    bare bot: their records, for their answer times."""
    copied = await copies(run.emu, run.world)
    bare, _ = run.bare_bot(copied, "plancher-reponses")
    records: list[InteractionRecord] = []
    try:
        await bare.start()
        for _ in range(run.rounds):
            records += await click_round(run.emu, copied, run.rng)
    finally:
        await bare.stop()
    return records
