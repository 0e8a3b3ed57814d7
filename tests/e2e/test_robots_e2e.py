"""Robots at Taverne tables through the emulator, for each of the five games: a whole game of robots
(the host watching) and a whole game of one human with robots, each through a restart of the bot
mid-game; the clock is frozen and moved to each robot's move, so their human pace costs no real time."""

from __future__ import annotations

import re

import pytest

from bot.store import Store
from games.core import SYSTEM
from tests.e2e.robots import add_robots, game_told_over, play_with_robots, table_of
from tests.e2e.table import open_table
from tests.e2e.tavern import Tavern

GAMES = ["culdechouette", "cabane", "chevre", "barricade", "ludicitude"]
OPTIONS = {"ludicitude": "objectif=100", "cabane": "cible=4", "chevre": "limite=40"}

# A seed whose game lets everyone play (Cabane's first thrower may win before the robots throw).
HUMAN_SEEDS = {"cabane": 6}


async def stored_moves(tavern: Tavern) -> list[tuple[str, str, int]]:
    store = await Store.open(tavern.database)
    try:
        return await store.actions(1)
    finally:
        await store.close()


@pytest.mark.both_databases  # the robots' seats and moves through a restart (docs/SCALING.md)
@pytest.mark.parametrize("game", GAMES)
async def test_robots_alone_play_a_whole_game_through_a_restart(tavern: Tavern, game: str) -> None:
    emu = tavern.emu
    tavern.at_test_speed()
    emu.freeze_clock()
    host = tavern.arthur
    async with tavern.bot() as bot:
        lobby = await open_table(emu, tavern.channel, host, game, OPTIONS.get(game, "") + f" graine={HUMAN_SEEDS.get(game, 9)}")
        await add_robots(emu, lobby, host, "fort", 1)
        await add_robots(emu, lobby, host, "debutant", 1)
        await emu.click(lobby, host, label="Quitter")  # the host stands up and watches
        started = await emu.click(lobby, host, label="Commencer")
        assert not started.ephemeral, started.content
        session = table_of(bot, tavern.channel)
        assert session is not None and session.state is not None
        assert len(session.state.players) == 2 and set(session.state.players) == set(session.rec.robots)
        first = await play_with_robots(emu, bot, tavern.channel, [], stop_after=6)
        assert first == 6
    async with tavern.bot() as bot:
        await play_with_robots(emu, bot, tavern.channel, [])
        assert table_of(bot, tavern.channel) is None
        told = await game_told_over(emu, tavern.channel)
        assert "🤖" in told and "<@" not in told
    print(tavern.channel.transcript()[-3000:])
    emu.assert_no_violations()


@pytest.mark.parametrize("game", GAMES)
async def test_one_human_plays_a_whole_game_with_robots_through_a_restart(tavern: Tavern, game: str) -> None:
    emu = tavern.emu
    tavern.at_test_speed()
    emu.freeze_clock()
    arthur = tavern.arthur
    async with tavern.bot() as bot:
        lobby = await open_table(emu, tavern.channel, arthur, game, OPTIONS.get(game, "") + f" graine={HUMAN_SEEDS.get(game, 9)}")
        await add_robots(emu, lobby, arthur, "fort", 1)
        await add_robots(emu, lobby, arthur, "debutant", 1)
        started = await emu.click(lobby, arthur, label="Commencer")
        assert not started.ephemeral, started.content
        session = table_of(bot, tavern.channel)
        assert session is not None and session.state is not None
        assert session.state.players[0] == str(arthur.id) and len(session.state.players) == 1 + len(session.rec.robots)
        first = await play_with_robots(emu, bot, tavern.channel, [arthur], stop_after=8)
        assert first == 8
        seq = session.rec.seq
    async with tavern.bot() as bot:
        await play_with_robots(emu, bot, tavern.channel, [arthur])
        assert table_of(bot, tavern.channel) is None
        told = await game_told_over(emu, tavern.channel)
    stored = await stored_moves(tavern)
    players = {p for p, _, _ in stored} - {SYSTEM}  # the table's own ticks close its windows
    # Both the human and the robots played, all of it stored as actions, before and after the restart.
    assert players == {str(arthur.id), *session.rec.robots} and len(stored) > seq
    assert "🏆" in told
    # Only the human is ever pinged; the robots are named, with their 🤖.
    pinged = {m for message in tavern.channel.public_messages for m in re.findall(r"<@!?([^>]+)>", message.content or "")}
    assert pinged == {str(arthur.id)}
    assert "🤖 Gaston" in tavern.channel.transcript()
    emu.assert_no_violations()
