"""Whole games of la Cabane sul' Dos through the Discord emulator: the real bot (discord.py, its
commands, buttons and the session manager on SQLite) plays a one-die bataille and a two-dice game to
the end, driven by players' slash commands and clicks.

Harness: older than ``tests/e2e/tavern.py``, ``taverne`` below is its own minimum
(docs/EMULATOR.md, docs/BOT.md): an emulator with a guild, a channel and three players; the bot
from ``create_bot`` on a database in ``tmp_path``, syncing its commands to that guild. The channel's
rate limit is raised (50 messages a second) so the turn pings of a fast test game are not paced to
Discord's 5 per 5 s: pacing is the emulator's own tests' business, not this game's.

The dice: each table is opened with ``graine=<n>`` (``/jouer``'s seed), so every run plays the
same games and a failure replays as it happened. Each click is checked against what the table
shows (whose turn, the faces thrown, the count said aloud, the throw button); once per game, a
player out of turn and a double click are refused privately without a throw; and the game must end
within ``MAX_THROWS`` throws (the longest of 2000 random two-player games of each mode was 136
throws).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

from bot.app import TaverneBot, create_bot
from bot.sessions import Session
from bot.settings import Settings
from bot.tables.cabane import FACE_EMOJI
from emulator import Channel, Emulator, Message, User, pointed_at
from emulator.running import running
from games.cabane import GAME, CabaneState
from tests import layout

MAX_THROWS = 400
MENTION = re.compile(r"<@(\d+)>")


@dataclass
class Taverne:
    emu: Emulator
    channel: Channel
    players: list[User]
    bot: TaverneBot


@contextlib.asynccontextmanager
async def taverne(tmp_path: Path) -> AsyncIterator[Taverne]:
    async with Emulator(rate_limit=(50, 1.0)) as emu:
        with pointed_at(emu):
            guild = emu.add_guild("La Taverne")
            channel = guild.add_channel("cabane")
            players = [emu.add_user(name) for name in ("Alice", "Bob", "Carole")]
            for user in players:
                guild.add_member(user)
            settings = Settings(
                discord_token=emu.token,
                database=tmp_path / "taverne.sqlite3",
                api_base=emu.api_base,
                gateway_url=emu.gateway_url,
                guild_id=guild.id,
                _env_file=None,
            )
            bot = create_bot(settings, {"cabane": GAME})
            async with running(bot, emu):
                yield Taverne(emu, channel, players, bot)
        emu.assert_no_violations()


def embed_fields(message: Message) -> dict[str, str]:
    return layout.fields(message.components)


def footer(message: Message) -> str:
    return layout.footer(message.components)


@dataclass
class Seen:
    """What the players saw during a game, to check that each part of the game was shown."""

    phases: set[str] = field(default_factory=set)
    counts: set[str] = field(default_factory=set)
    faces: set[str] = field(default_factory=set)
    throws: int = 0


async def edited(t: Taverne, table: Message, turn_no: int) -> None:
    """Waits for the table message to show ``turn_no`` (a slow click is deferred, then edited)."""
    await t.emu.wait_until(lambda: f"tour {turn_no}" in footer(table), what=f"the table of turn {turn_no}")


async def open_table(t: Taverne, options: str, seated: int, seed: int) -> tuple[Message, Session]:
    """The host opens a table with ``options`` and the dice ``seed``, the others sit down, the host
    starts. The session is the bot's own (the manager lets go of it when the game ends): the test
    reads its state to check that the table shows it."""
    host = t.players[0]
    typed = f"{options} graine={seed}"
    opened = await t.emu.slash(t.channel, host, "jouer", {"jeu": "cabane", "options": typed})
    table = opened.message
    assert table is not None and not opened.ephemeral
    assert "Table de La Cabane sul' Dos" in table.text()
    for word in options.split():
        assert f"`{word}`" in table.text()
    for user in t.players[1:seated]:
        await t.emu.click(table, user, label="Rejoindre")
    await t.emu.click(table, host, label="Commencer")
    await edited(t, table, 0)
    session = t.bot.manager.in_channel(t.channel.id)
    assert session is not None and state_of(session).dice.seed == seed
    return table, session


def state_of(session: Session) -> CabaneState:
    assert isinstance(session.state, CabaneState)
    return session.state


async def play_to_the_end(t: Taverne, table: Message, session: Session, seated: int) -> Seen:
    """Whoever the table names throws, until the game is won; each table shown is checked."""
    users = {str(u.id): u for u in t.players[:seated]}
    seen = Seen()
    first = True
    while True:
        state = state_of(session)
        if state.over:
            return seen
        assert seen.throws < MAX_THROWS, "the game did not end"
        shown = embed_fields(table)
        [named] = MENTION.findall(shown["À jouer"])
        assert named == state.current
        expected = "Lancer les deux dés" if state.phase == "debroussaillage" else "Lancer le dé"
        assert table.button_labels == [expected, "Exclure…", "Quitter"]
        seen.phases.add(shown["Phase"].split(" (")[0].split(" —")[0])
        if state.phase == "dix_coups":
            assert f"compte « {state.count_said} »" in shown["À jouer"]
            seen.counts.add(state.count_said)
        if first:
            # Someone else reaches for the dice: told privately whose turn it is, the table unchanged.
            other = next(u for p, u in users.items() if p != state.current)
            refusal = await t.emu.click(table, other, label=expected)
            assert refusal.ephemeral and refusal.content.startswith("Ce n'est pas ton tour")
            assert state_of(session).turn_no == state.turn_no
        before = table.snapshot()
        await t.emu.click(table, users[state.current], label=expected)
        seen.throws += 1
        after = state_of(session)
        assert after.turn_no == state.turn_no + 1
        await edited(t, table, after.turn_no)
        if first:
            # A double click: the second reaches the bot from the button already played, and throws nothing.
            double = await t.emu.click(before, users[state.current], label=expected)
            assert double.ephemeral and double.content.startswith("Ce bouton date d'un tour précédent")
            assert state_of(session).turn_no == after.turn_no
            first = False
        thrown = embed_fields(table)["Dernier lancer"]
        assert thrown.startswith(f"{session.name(state.current)} : ")
        for face in after.last_faces:
            assert f"{FACE_EMOJI[face]} **{face}**" in thrown
            seen.faces.add(face)


async def check_the_end(t: Taverne, table: Message, session: Session) -> str:
    """The table shows the winner and no buttons any more; the channel hears it."""
    state = state_of(session)
    [winner] = state.winners
    shown = embed_fields(table)
    assert shown["Partie terminée"] == f"🏆 <@{winner}>"
    assert "À jouer" not in shown
    assert table.button_labels == ["Revanche"]  # the game's buttons gone, a rematch offered
    name = session.name(winner)
    assert f"{name} a gagné la partie !" in table.text()
    await t.emu.wait_for_message(
        t.channel, lambda m: "🏆 Partie de La Cabane sul' Dos terminée" in m.content, timeout=10
    )
    pings = [m for m in t.channel.public_messages if m.content.endswith(", à toi !")]
    assert pings, "nobody was told it was their turn"
    return name


async def test_a_whole_one_die_bataille_in_three_points(tmp_path: Path) -> None:
    async with taverne(tmp_path) as t:
        table, session = await open_table(t, "mode=bataille cible=3", seated=3, seed=1)
        assert layout.header(table.components) == "La Cabane sul' Dos — la Bataille avec 1 dé, en 3 points"
        fields = embed_fields(table)
        assert fields["Phase"] == "⚔️ La Bataille — le premier à 3 points gagne."
        assert fields["À jouer"] == f"<@{t.players[0].id}> lance le dé : encore 1 lancer."
        asked = await t.emu.slash(t.channel, t.players[2], "scores")
        assert asked.ephemeral and asked.message is not None
        assert embed_fields(asked.message)["Phase"] == fields["Phase"]
        seen = await play_to_the_end(t, table, session, seated=3)
        assert seen.phases == {"⚔️ La Bataille"}
        winner = await check_the_end(t, table, session)
        state = state_of(session)
        assert max(state.scores.values()) == 3 == state.scores[state.winners[0]]
        assert f"**{winner}** : 3" in embed_fields(table)["Scores"]


async def test_a_whole_two_dice_game(tmp_path: Path) -> None:
    async with taverne(tmp_path) as t:
        table, session = await open_table(t, "mode=deux_des", seated=2, seed=2)
        assert layout.header(table.components) == "La Cabane sul' Dos — le jeu à 2 dés"
        assert embed_fields(table)["À jouer"] == (
            f"<@{t.players[0].id}> lance les deux dés, et continue jusqu'à une C ou un T."
        )
        seen = await play_to_the_end(t, table, session, seated=2)
        assert "🌿 Le Débroussaillage" in seen.phases
        await check_the_end(t, table, session)
        state = state_of(session)
        [winner] = state.winners
        lead = 3 if state.phase == "debroussaillage" else 2
        assert all(state.scores[winner] - s >= lead for p, s in state.scores.items() if p != winner)
