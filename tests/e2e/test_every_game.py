"""Every game at a Taverne table, played at random through its buttons, selects and forms: whatever the
table shows, Discord must accept it (sizes, components, answers within 3 s)."""

from __future__ import annotations

import random

import pytest

from tests.e2e.random_player import play_randomly
from tests.e2e.table import open_table
from tests.e2e.tavern import Tavern

GAMES = ["culdechouette", "cabane", "chevre", "barricade", "ludicitude"]
# Barricade draws its board as a picture after every move: fewer moves keep the test under ten seconds.
STEPS = {"barricade": 60}
OPTIONS = {"culdechouette": "shout_window_ms=300"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seats", [2, 3])
async def test_random_play_through_the_table_breaks_no_discord_rule(tavern: Tavern, game: str, seats: int) -> None:
    emu = tavern.emu
    tavern.at_test_speed()
    rng = random.Random(f"{game}-{seats}")
    players = tavern.players[:seats]
    # Windows nobody has to answer (Cul de chouette's shouts) close by the table's timer, when the
    # random player moves the frozen clock past them: no real wait, and a loaded machine's slowness
    # neither closes a window early nor makes an answer late (the 3 s are judged on that clock).
    emu.freeze_clock()
    async with tavern.bot(window_grace_s=0.2) as bot:
        lobby = await open_table(emu, tavern.channel, players[0], game, OPTIONS.get(game))
        for guest in players[1:]:
            await emu.click(lobby, guest, label="Rejoindre")
        await emu.click(lobby, players[0], label="Commencer")
        steps = STEPS.get(game, 120)
        played = await play_randomly(emu, bot, tavern.channel, {str(u.id): u for u in players}, rng, steps=steps)
        session = bot.manager.in_channel(tavern.channel.id)
        finished = session is None or session.state is None or session.state.over
        assert played == steps or (finished and played > 0)
    emu.assert_no_violations()
