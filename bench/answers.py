"""Answer time: many tables in as many channels, every table clicking at the same moment, through
the emulator; the bot (``python -m bot``, its own process) must answer each click within 3 s.

Each round, every table's player whose turn it is (read from the table message's mentions, as a
player reads it) clicks one of the game's buttons or picks in one of its selects; where the game is
played from a private hand (Chèvre), they open « Ma main » and click in it. All the tables' clicks of
a round leave together. Then the tables play at players' pace for a while: a click every few
seconds each. A game that ends is followed by a new one in its channel (/jouer, the others join,
the host starts): those interactions are measured apart.

The first tables are opened a few at a time (``OPENED_AT_ONCE``) before the rounds: what is measured
is 200 clicks at once, not 200 ``/jouer`` at once (each opening is three or four interactions, and on a
loaded machine one of them answered after Discord's 3 s used to stop the whole run before any click).
A table whose new game cannot be opened during the rounds (its ``/jouer`` refused or answered too
late) stops playing and is counted, instead of stopping the run.
"""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from emulator import Channel, Component, Emulator, InteractionRecord, Message, User
from emulator.bot_process import BOT, BotProcess

from .floor import Requests, Rounds, by_game, requests_per_click
from .floor import burst as bare_burst
from .latency import Latencies, latencies, seconds_text
from .profiling import profiled
from .rules import seat_count
from .storage import fresh
from .table import Figure, number

# Long enough that a slow answer is measured rather than given up on (Discord's limit is 3 s).
PATIENCE_S = 20.0
BUTTON = 2
MENTION = re.compile(r"<@!?(\d+)>")
# A field's name in a layout message: a bold line of its own (bot/tables/layout.py); its value is
# the lines under it.
FIELD_NAME = re.compile(r"\*\*[^*\n]+\*\*")
GAME_PREFIXES = ("tv:", "tvs:")
# The table menu's « Ma main » / « Mon jeu »: a player's private view, with buttons in Chèvre.
HAND_PREFIX, HAND_SUFFIX = "tvm:", ":me"
# Between two clicks at a table playing at a player's pace (seconds, uniform).
THINK_S = (1.0, 4.0)
# Tables opened together before the rounds.
OPENED_AT_ONCE = 10


@dataclass
class Table:
    channel: Channel
    users: list[User]
    game: str
    message: Message | None = None
    games_started: int = 0
    next_user: int = 0
    setup: list[InteractionRecord] = field(default_factory=list)
    clicks: list[InteractionRecord] = field(default_factory=list)
    paced: list[InteractionRecord] = field(default_factory=list)
    # « Ma main »: the private hand a player opens before playing from it (Chèvre), per phase.
    hands: list[InteractionRecord] = field(default_factory=list)
    paced_hands: list[InteractionRecord] = field(default_factory=list)
    idle_rounds: int = 0
    # Why this table stopped playing: its next game could not be opened during the rounds.
    lost: str | None = None


def _answer(record: InteractionRecord) -> InteractionRecord:
    if record.response_at is None and not record.errors:
        raise RuntimeError(f"pas de réponse du bot à {record!r}")
    return record


async def open_table(emu: Emulator, table: Table) -> None:
    host, *others = table.users
    opened = _answer(await emu.slash(table.channel, host, "jouer", {"jeu": table.game}, timeout=PATIENCE_S))
    table.setup.append(opened)
    lobby = opened.message
    if lobby is None or lobby.ephemeral:
        raise RuntimeError(f"/jouer {table.game} refusé : {opened.content}")
    for user in others:
        table.setup.append(_answer(await emu.click(lobby, user, label="Rejoindre", timeout=PATIENCE_S)))
    table.setup.append(_answer(await emu.click(lobby, host, label="Commencer", timeout=PATIENCE_S)))
    table.message = lobby
    table.games_started += 1


def fields(message: Message) -> list[str]:
    """The values of the table message's fields: an embed's (a table drawn before the layout
    messages), or the lines under each bold name of a layout message (not the news above them)."""
    values = [str(item.get("value", "")) for embed in message.embeds for item in embed.get("fields") or []]
    for block in message.text_displays():
        in_field = False
        for line in block.split("\n"):
            if FIELD_NAME.fullmatch(line):
                in_field = True
                values.append("")
            elif in_field:
                values[-1] += line + "\n"
    return values


def acting(table: Table, message: Message) -> list[User]:
    """The seated players the table message names in its fields (« À jouer », a window's shouters)."""
    named = {int(x) for value in fields(message) for x in MENTION.findall(value)}
    return [u for u in table.users if u.id in named]


def finished(message: Message) -> bool:
    return not message.components and "terminée" in message.text()


def game_choices(message: Message) -> list[Component]:
    return [
        c
        for c in message.iter_components()
        if c.custom_id and c.custom_id.startswith(GAME_PREFIXES) and not c.disabled
    ]


async def step(emu: Emulator, table: Table, rng: random.Random, paced: bool = False) -> None:
    """One click at this table: the player to act on one of the game's buttons or selects; in a
    game played from a private hand (Chèvre's dominoes), « Ma main » first, then a click in it."""
    message = table.message
    if table.lost is not None:
        return
    if message is None or finished(message):
        try:
            await open_table(emu, table)
        except RuntimeError as error:
            table.lost = str(error)
        return
    players = acting(table, message)
    if players:
        user = rng.choice(players)
    else:
        user = table.users[table.next_user % len(table.users)]
        table.next_user += 1
    choices = game_choices(message)
    if not choices:
        hand = [
            b
            for b in message.buttons
            if b.custom_id and b.custom_id.startswith(HAND_PREFIX) and b.custom_id.endswith(HAND_SUFFIX)
        ]
        if not hand or hand[0].custom_id is None:
            # A window is open that only a timer closes, or only forms are on offer: this table waits.
            table.idle_rounds += 1
            return
        shown = await emu.click(message, user, hand[0].custom_id, timeout=PATIENCE_S)
        (table.paced_hands if paced else table.hands).append(shown)
        if shown.message is None or not game_choices(shown.message):
            table.idle_rounds += 1
            return
        message = shown.message
        choices = game_choices(message)
    choice = rng.choice(choices)
    if choice.type == BUTTON:
        record = await emu.click(message, user, choice.custom_id, timeout=PATIENCE_S)
    else:
        value = str(rng.choice(choice.options)["value"])
        record = await emu.select(message, user, [value], custom_id=choice.custom_id, timeout=PATIENCE_S)
    (table.paced if paced else table.clicks).append(record)


async def play_at_pace(emu: Emulator, table: Table, rng: random.Random, until: float) -> None:
    """Players who look at the table before clicking: a click every THINK_S seconds or so."""
    while True:
        pause = rng.uniform(*THINK_S)
        if emu.clock() + pause >= until:
            return
        await asyncio.sleep(pause)
        await step(emu, table, rng, paced=True)


@dataclass
class AnswerFigures:
    tables: int
    rounds: int
    clicks: Latencies  # game actions and hands opened, in the burst rounds
    refused: int  # game actions answered privately (not your turn, an old button, a click in a hand)
    played: int  # game actions answered in time in the channel (edits of the table)
    hands: int
    paced_s: float
    paced: Latencies
    setup: Latencies
    games_started: int
    idle: int
    violations: dict[str, int]
    bot_rss: int
    lost: int = 0
    # The same rounds of simultaneous clicks answered by a bare discord.py bot (bench/floor.py).
    floor: Latencies | None = None


def answered(tables: list[Table]) -> int:
    """The interactions these tables' players made and the bot answered: clicks, hands, openings."""
    return sum(len(t.clicks) + len(t.hands) + len(t.setup) for t in tables)


def build_world(emu: Emulator, tables: int, games: list[str], players: dict[str, int]) -> list[Table]:
    guild = emu.add_guild("Banc d'essai")
    out: list[Table] = []
    for i in range(tables):
        game = games[i % len(games)]
        channel = guild.add_channel(f"table-{i}")
        users = [emu.add_user(f"J{i}-{k}") for k in range(players[game])]
        for user in users:
            guild.add_member(user)
        out.append(Table(channel, users, game))
    return out


async def open_tables(emu: Emulator, world: list[Table], at_once: int = OPENED_AT_ONCE) -> None:
    """The first game of every table, ``at_once`` tables at a time."""
    for first in range(0, len(world), at_once):
        await asyncio.gather(*(open_table(emu, t) for t in world[first : first + at_once]))


async def run(
    folder: Path,
    games: dict[str, Any],
    tables: int,
    rounds: int,
    paced_s: float,
    seed: int = 5,
    profile: Path | None = None,
    module: str = BOT,
    floor: bool = False,
) -> AnswerFigures:
    """``floor``: then the same rounds answered by the bare bot (``bench/floor.py``)."""
    rng = random.Random(seed)
    database = fresh(folder / "reponses.sqlite3")
    async with Emulator() as emu:
        world = build_world(emu, tables, list(games), {n: seat_count(g) for n, g in games.items()})
        bot = BotProcess(emu, database, folder / "reponses-bot.log", module=module)
        try:
            await bot.start()
            await emu.wait_for_command("jouer", timeout=30.0)
            await open_tables(emu, world)
            calls_before = len(emu.calls)
            tables_of = {g: [t for t in world if t.game == g] for g in games}
            done_before = {g: answered(mine) for g, mine in tables_of.items()}
            async with profiled(bot, profile):
                for _ in range(rounds):
                    await asyncio.gather(*(step(emu, t, rng) for t in world))
            calls = by_game(emu, emu.calls[calls_before:], world)
            requests: dict[str, Requests] = {}
            for game, mine in tables_of.items():
                requests[game] = requests_per_click(calls.get(game, []), answered(mine) - done_before[game])
            until = emu.clock() + paced_s
            await asyncio.gather(*(play_at_pace(emu, t, rng, until) for t in world))
            rss = bot.rss_bytes()
        finally:
            await bot.stop()
        bare = latencies(await bare_burst(Rounds(emu, folder, world, requests, rounds, rng))) if floor else None
        counted: dict[str, int] = {}
        for violation in emu.violations:
            counted[violation.kind] = counted.get(violation.kind, 0) + 1
    moves = latencies(r for t in world for r in t.clicks)
    return AnswerFigures(
        tables=tables,
        rounds=rounds,
        clicks=latencies(r for t in world for r in [*t.clicks, *t.hands]),
        refused=moves.refused,
        played=len(moves.times) - moves.refused,
        hands=sum(len(t.hands) for t in world),
        paced_s=paced_s,
        paced=latencies(r for t in world for r in [*t.paced, *t.paced_hands]),
        setup=latencies(r for t in world for r in t.setup),
        games_started=sum(t.games_started for t in world),
        idle=sum(t.idle_rounds for t in world),
        violations=counted,
        bot_rss=rss,
        lost=sum(t.lost is not None for t in world),
        floor=bare,
    )


def floor_figures(section: str, where: str, floor: Latencies | None) -> list[Figure]:
    if floor is None:
        return []
    return [
        Figure(
            section,
            f"{where} : plancher, les mêmes clics simultanés répondus par un bot discord.py nu (mêmes requêtes,"
            f" sans le code de Taverne), {number(floor.count)} clics : médiane / p99",
            f"{seconds_text(floor.quantile(0.5))} / {seconds_text(floor.quantile(0.99))}",
        )
    ]


def figures(
    folder: Path,
    games: dict[str, Any],
    tables: int,
    rounds: int,
    paced_s: float,
    profile: Path | None = None,
    module: str = BOT,
) -> list[Figure]:
    result = asyncio.run(run(folder, games, tables, rounds, paced_s, profile=profile, module=module, floor=True))
    clicks, setup, paced = result.clicks, result.setup, result.paced
    section = "réponses"
    where = f"{result.tables} tables"
    out = [
        Figure(
            section,
            f"{where} : clics mesurés ({result.played} coups joués, {result.refused} réponses privées, "
            f"{result.hands} mains ouvertes, {result.idle} fois rien à cliquer)",
            number(clicks.count),
        ),
        Figure(section, f"{where} : médiane", seconds_text(clicks.quantile(0.5))),
        Figure(
            section,
            f"{where} : p99",
            seconds_text(clicks.quantile(0.99)),
            "< 100 ms",
            clicks.quantile(0.99) < 0.1,
        ),
        Figure(section, f"{where} : max", seconds_text(clicks.worst)),
        Figure(
            section,
            f"{where} : réponses après 3 s (toutes mesures)",
            number(clicks.late + paced.late + setup.late),
            "0",
            clicks.late + paced.late + setup.late == 0,
        ),
        Figure(section, f"{where} : réponses par report (« réfléchit… »)", number(clicks.deferred)),
        *floor_figures(section, where, result.floor),
        Figure(
            section,
            f"{where} au rythme des joueurs (un clic toutes les {THINK_S[0]:g} à {THINK_S[1]:g} s), "
            f"{number(paced.count / result.paced_s if result.paced_s else 0, 1)} clics/s : médiane / p99 / max",
            f"{seconds_text(paced.quantile(0.5))} / {seconds_text(paced.quantile(0.99))} / {seconds_text(paced.worst)}",
        ),
        Figure(
            section,
            f"ouvertures ({result.games_started} parties) : médiane / p99",
            f"{seconds_text(setup.quantile(0.5))} / {seconds_text(setup.quantile(0.99))}",
        ),
    ]
    if result.lost:
        out.append(Figure(section, "tables arrêtées (nouvelle partie pas ouverte pendant les tours)", number(result.lost)))
    out.append(Figure(section, "mémoire résidente du bot à la fin", f"{number(result.bot_rss / 2**20)} Mo"))
    if result.violations:
        shown = ", ".join(f"{k} ×{v}" for k, v in sorted(result.violations.items()))
        out.append(Figure(section, "refus de Discord (émulateur)", shown))
    return out
