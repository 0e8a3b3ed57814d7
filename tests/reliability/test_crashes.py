"""The bot killed (SIGKILL) at random moments while 50 short games are played through the emulator,
then started again on the same database, until every game is over.

``TAVERNE_CRASH_GAMES`` (default 50; half on PostgreSQL) tables of Cabane bataille to 3 points, two players each, play
at once in their own channels, from /jouer to the winner; ``TAVERNE_CRASH_KILLS`` (default 10) kills
fall at random moments (a lobby, a throw being committed, an answer being sent). Checked:
- every click whose answer reached Discord (the table edited through the interaction) is in the
  database, and every click answered by a refusal is not;
- nothing is applied twice: each table's stored state is its stored actions replayed once each from
  the start, and no interaction id is stored twice;
- every game finishes (a winner at 3 points, the game counted once in the statistics), and every
  channel is told its winner, by the click that won or after a restart;
- a lobby whose message was lost with the bot is shown again by the restart: nobody has to abandon.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.ui.ids import to36
from emulator import Channel, Emulator, EmulatorError, Guild, InteractionRecord, Message, User
from emulator.bot_process import BotProcess
from emulator.forks import Zygote
from games.cabane import GAME as CABANE
from games.core import Action
from tests.databases import Reader, TestDatabase, Where, connect
from tests.reliability.crash_story import Lives, story

GAMES = int(os.environ.get("TAVERNE_CRASH_GAMES", "50"))
# On PostgreSQL half as many tables (the same kills): its server shares the 2 cores with the bot
# and the emulator, and CI may run both variants at once; the properties checked are the same.
POSTGRES_GAMES = max(1, GAMES // 2)
KILLS = int(os.environ.get("TAVERNE_CRASH_KILLS", "10"))
OPTIONS = "mode=bataille cible=3"
UPDATE_MESSAGE, DEFERRED_UPDATE = 7, 6
# Kills come 0.05 to 0.5 s after the bot is back; the whole run must end well within this.
DEADLINE_S = 240.0
STAGGER_S = 3.0
# A table message may lag behind the database while the bot restarts, not longer than this.
STUCK_S = 30.0
# Every game's end is shown in its channel within this, once the last game is over.
TOLD_S = 30.0
WON = "terminée ! Victoire"


@dataclass
class Seen:
    """What the players lived through, over all the tables."""

    answered: list[InteractionRecord] = field(default_factory=list)  # the table edited by the click
    deferred: list[InteractionRecord] = field(default_factory=list)  # acknowledged, edit to follow
    refused: list[InteractionRecord] = field(default_factory=list)  # a private « nothing happened »
    unanswered: list[InteractionRecord] = field(default_factory=list)  # « Échec de l'interaction »
    # Lobbies stored by a bot that died before their message went out (shown again by the restart).
    lost_lobbies: set[int] = field(default_factory=set)
    # Lobby clicks answered on Discord (the lobby edited): (record, table, what it asked).
    lobby: list[tuple[InteractionRecord, int, str]] = field(default_factory=list)
    # Set once the last kill is done and the bot runs for good.
    calm: asyncio.Event = field(default_factory=asyncio.Event)
    # The bot's kills and starts, and its log: what a stuck table's failure tells.
    lives: Lives = field(default_factory=Lives)
    log: Path = Path("bot.log")


async def newest_table(database: Reader, channel: Channel) -> tuple[int, str, dict[str, str], str | None] | None:
    """The channel's newest table as the database has it: id, status, names, state."""
    rows = await database.fetch(
        "SELECT id, status, names, state FROM sessions WHERE channel_id = ? ORDER BY id DESC LIMIT 1", channel.id
    )
    if not rows:
        return None
    row = rows[0]
    return int(row[0]), str(row[1]), dict(json.loads(row[2])), row[3]


def newest_button(channel: Channel, prefix: str) -> tuple[Message, str] | None:
    for message in reversed(channel.public_messages):
        for button in message.buttons:
            if button.custom_id and button.custom_id.startswith(prefix):
                return message, button.custom_id
    return None


class Table:
    """Two players who want to finish their game, whatever happens to the bot."""

    def __init__(
        self, emu: Emulator, database: Reader, channel: Channel, players: list[User], seen: Seen
    ) -> None:
        self.emu, self.database, self.channel, self.seen = emu, database, channel, seen
        self.host, self.guest = players
        self.users = {str(u.id): u for u in players}
        self.behind_since: float | None = None

    def behind(self, session_id: int, what: str) -> None:
        """The table message does not show what the database holds; fails if that lasts once the
        bot runs for good. While it is killed again and again, a life of the bot (0.05 to 0.5 s
        after it is READY) may be too short to redraw every table, and on a loaded machine the
        restarts alone (several seconds each) would use up STUCK_S: that is not the bot's lag."""
        if not self.seen.calm.is_set():
            self.behind_since = None
            return
        now = asyncio.get_running_loop().time()
        if self.behind_since is None:
            self.behind_since = now
        elif now - self.behind_since > STUCK_S:
            with connect(self.database.target) as db:
                row = db.execute(
                    "SELECT status, message_id, state FROM sessions WHERE id = ?", (session_id,)
                ).fetchone()
            shown = [
                (m.id, [b.custom_id for b in m.buttons]) for m in self.channel.public_messages if m.buttons
            ]
            told = story(self.emu, self.channel, session_id, self.seen.lives, self.seen.log)
            (self.seen.log.parent / f"stuck-{self.channel.name}.txt").write_text(told)
            raise AssertionError(
                f"#{self.channel.name}: for {STUCK_S} s no message showed {what}; stored: {row}; shown: {shown}\n{told}"
            )

    async def call(self, make: Callable[[], Awaitable[InteractionRecord]]) -> InteractionRecord | None:
        """One interaction; None when no bot was connected to receive it (it is being restarted)."""
        try:
            record = await make()
        except EmulatorError:
            if self.emu.connected:
                raise
            await asyncio.sleep(0.1)
            return None
        if not record.acknowledged:
            self.seen.unanswered.append(record)
        return record

    async def play(self, delay: float) -> int:
        """Comes in after ``delay`` seconds, plays until the channel's table is over; returns its id."""
        await asyncio.sleep(delay)
        while True:
            found = await newest_table(self.database, self.channel)
            if found is None:
                await self.call(
                    lambda: self.emu.slash(
                        self.channel, self.host, "jouer", {"jeu": "cabane", "options": OPTIONS}
                    )
                )
                continue
            session_id, status, names, state = found
            if status == "over":
                return session_id
            assert status in ("lobby", "playing"), f"table {session_id} is {status}"
            if status == "lobby":
                await self.lobby(session_id, names)
            else:
                assert state is not None
                if CABANE.load(state).over:
                    # The last move is stored and the table is being closed (a moment), or the bot
                    # died in between and closes it when it is back.
                    self.behind(session_id, "the table closed")
                    await asyncio.sleep(0.1)
                    continue
                await self.throw(session_id, state)

    async def lobby(self, session_id: int, names: dict[str, str]) -> None:
        found = newest_button(self.channel, f"tvl:{to36(session_id)}:")
        if found is None:
            # Stored, but the bot died before its lobby message went out: the restart shows it again.
            self.seen.lost_lobbies.add(session_id)
            self.behind(session_id, "its lobby")
            await asyncio.sleep(0.1)
            return
        message, _ = found
        if str(self.guest.id) not in names:
            custom_id, user = f"tvl:{to36(session_id)}:join", self.guest
        else:
            custom_id, user = f"tvl:{to36(session_id)}:start", self.host
        if not any(b.custom_id == custom_id and not b.disabled for b in message.buttons):
            # The lobby message is behind the database (« Commencer » grey although the guest's seat
            # is stored: the bot died before answering the join); the restart redraws it.
            self.behind(session_id, custom_id)
            await asyncio.sleep(0.1)
            return
        self.behind_since = None
        record = await self.call(lambda: self.emu.click(message, user, custom_id))
        if record is not None and record.response_type == UPDATE_MESSAGE and not record.ephemeral:
            self.seen.lobby.append((record, session_id, custom_id.rsplit(":", 1)[1]))

    async def throw(self, session_id: int, raw_state: str) -> None:
        state = CABANE.load(raw_state)
        found = newest_button(self.channel, f"tv:{to36(session_id)}:{to36(state.turn_no)}:")
        if found is None:
            # The table message is behind the database (the bot died between its commit and its
            # answer): after the restart the bot edits it to the state it kept.
            self.behind(session_id, f"turn {state.turn_no}")
            await asyncio.sleep(0.1)
            return
        self.behind_since = None
        message, custom_id = found
        record = await self.call(lambda: self.emu.click(message, self.users[state.current], custom_id))
        if record is None or not record.acknowledged:
            return
        if record.ephemeral:
            self.seen.refused.append(record)
        elif record.response_type == UPDATE_MESSAGE:
            self.seen.answered.append(record)
        else:
            assert record.response_type == DEFERRED_UPDATE, record
            self.seen.deferred.append(record)


async def chaos(bot: BotProcess, rng: random.Random, done: asyncio.Event, seen: Seen) -> None:
    """Kills the bot at random moments and starts it again at once, until the games are over."""
    try:
        for _ in range(KILLS):
            try:
                await asyncio.wait_for(done.wait(), rng.uniform(0.05, 0.5))
                return
            except TimeoutError:
                pass
            await bot.kill()
            seen.lives.add(bot.emu, "killed")
            await bot.start()
            seen.lives.add(bot.emu, "READY")
    finally:
        seen.lives.add(bot.emu, "calm: no more kills")
        seen.calm.set()


def stored_actions(database: Where, session_id: int) -> list[tuple[str, Action, int, int | None]]:
    with connect(database) as db:
        rows = db.execute(
            "SELECT player, action, at_ms, interaction_id FROM actions WHERE session_id = ? ORDER BY seq",
            (session_id,),
        ).fetchall()
    return [(r[0], Action.model_validate_json(r[1]), r[2], r[3]) for r in rows]


def check_table(database: Where, session_id: int) -> int:
    """The stored state is the stored actions replayed once each; one finished game, won at 3 points.
    Returns the number of throws."""
    with connect(database) as db:
        names, options, raw, status = db.execute(
            "SELECT names, options, state, status FROM sessions WHERE id = ?", (session_id,)
        ).fetchone()
        finished = db.execute(
            "SELECT p.player_id, p.score, p.won FROM finished_games g JOIN finished_players p "
            "ON p.finished_id = g.id WHERE g.session_id = ? AND g.outcome = 'over'",
            (session_id,),
        ).fetchall()
    end = CABANE.load(raw)
    state, _ = CABANE.start(list(json.loads(names)), json.loads(options), seed=end.dice.seed)
    moves = stored_actions(database, session_id)
    for player, action, at, _ in moves:
        state, _ = CABANE.apply(state, player, action, at)
    assert state == end, f"table {session_id}: the stored state is not its stored actions played once"
    assert end.over and len(end.winners) == 1 and end.scores[end.winners[0]] == 3
    assert status == "over"
    assert sorted((p, s, bool(w)) for p, s, w in finished) == sorted(
        (p, s, p in end.winners) for p, s in end.scores.items()
    )
    return len(moves)


def untold(tables: list[tuple[Channel, list[User]]]) -> list[str]:
    """The channels where no message announces the winner."""
    return [c.name for c, _ in tables if not any(WON in m.content for m in c.public_messages)]


def world(emu: Emulator, games: int = GAMES) -> tuple[Guild, list[tuple[Channel, list[User]]]]:
    guild = emu.add_guild("La Taverne")
    tables = []
    for n in range(games):
        channel = guild.add_channel(f"cabane-{n + 1}")
        players = [emu.add_user(f"{name} {n + 1}") for name in ("Alice", "Bob")]
        for user in players:
            guild.add_member(user)
        tables.append((channel, players))
    return guild, tables


@pytest.mark.both_databases
async def test_games_survive_random_sigkills_and_every_answered_click_is_kept_once(
    tmp_path: Path, database: TestDatabase, bot_zygote: Zygote
) -> None:
    seen, reader = Seen(), Reader(database)
    async with Emulator(rate_limit=(1000, 1.0)) as emu:
        guild, tables = world(emu, POSTGRES_GAMES if database.postgres else GAMES)
        seen.log = tmp_path / "bot.log"
        # INFO: the tables' journal (opened, started, resumed after a restart) is in the log a
        # stuck table's failure quotes.
        # Forked from the zygote: each of the restarts is a new process without a second of imports.
        bot = BotProcess(
            emu, database.target, seen.log, guild=guild,
            extra_env={"TAVERNE_LOG_LEVEL": "INFO"}, zygote=bot_zygote,
        )
        try:
            await bot.start()
            seen.lives.add(emu, "READY")
            await emu.wait_for_command("jouer", guild, timeout=30)
            done = asyncio.Event()
            rng = random.Random(GAMES)
            killer = asyncio.create_task(chaos(bot, rng, done, seen))
            players = [Table(emu, reader, channel, users, seen) for channel, users in tables]
            # Tables open over the first seconds, so that kills fall in lobbies as well as in games.
            playing = (t.play(rng.uniform(0, STAGGER_S)) for t in players)
            finished = await asyncio.wait_for(asyncio.gather(*playing), DEADLINE_S)
            done.set()
            await killer
            # A game closed just before a kill has its end told by the restart: wait for it.
            await emu.wait_until(lambda: not untold(tables), TOLD_S, "every game's end told")
        except BaseException:
            print(bot.tail())
            raise
        finally:
            await bot.stop()
            await reader.close()
        for kind in ("no_response", "unknown_interaction"):
            emu.take_violations(kind)
        emu.assert_no_violations()

    assert bot.kills >= min(KILLS, 1), "the games ended before the first kill: nothing was tested"
    throws = sum(check_table(database, session_id) for session_id in finished)
    with connect(database) as db:
        stored: dict[int, Any] = dict(
            db.execute(
                "SELECT interaction_id, COUNT(*) FROM actions WHERE interaction_id IS NOT NULL GROUP BY 1"
            )
        )
    assert all(n == 1 for n in stored.values())
    lost = [r for r in seen.answered if r.id not in stored]
    assert not lost, f"{len(lost)} clicks answered on Discord but not kept: {lost[:3]}"
    refused_but_kept = [r for r in seen.refused if r.id in stored]
    assert not refused_but_kept, refused_but_kept[:3]
    kept_unanswered = sum(r.id in stored for r in seen.unanswered)
    with connect(database) as db:
        rows = {i: (st, json.loads(n)) for i, st, n in db.execute("SELECT id, status, names FROM sessions")}
    for record, session_id, what in seen.lobby:
        status, names = rows[session_id]
        assert status != "lobby" if what == "start" else str(record.user.id) in names, (what, record)
    print(
        f"{len(finished)} games, {throws} throws, {bot.kills} kills; answered {len(seen.answered)}, "
        f"deferred {len(seen.deferred)}, refused {len(seen.refused)}, unanswered {len(seen.unanswered)} "
        f"(of which kept {kept_unanswered}), lobbies shown again {len(seen.lost_lobbies)}"
    )
