"""Who hears « <@id>, à toi ! »: only players the table newly waits for, never the one who just
played; one channel message at most per click; holders of an optional move (a Cul de chouette
Civet or Grelottine) are neither pinged nor warned nor removed while someone else has the dice."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.sessions import waiting_for, wall_ms
from bot.tables import presenter_for
from bot.ui.pings import Pings
from games.cabane import GAME as CABANE
from games.chevre import GAME as CHEVRE
from games.core import Game
from games.culdechouette import GAME as CDC
from games.ludicitude import GAME as LUDICITUDE
from tests import layout

from .conftest import Clock, until
from .test_clicks import Interaction
from .ux_support import (
    CHANNEL,
    TABLE,
    click,
    components,
    listening,
    manager_for,
    now,
    playable,
    start_table,
    table_components,
)

NAMES = {"111": "Alice", "222": "Bob", "333": "Chloé"}
MENTION = re.compile(r"<@(\d+)>")
# Who starts a Cul de chouette: the players throw a die each (6, 5, 4), Chloé starts; then her
# chouettes 1 and 2, her cul 4: a Néant, a Grelottine for her, and the dice pass to Alice.
START_AND_NEANT = [6, 5, 4, 1, 2, 4]


def pings(sent: list[str]) -> list[str]:
    return [line for message in sent for line in message.split("\n") if line.endswith(", à toi !")]


async def test_a_thrower_is_not_pinged_after_each_of_their_own_throws(db_path: Path) -> None:
    async with manager_for(db_path, {"culdechouette": CDC}) as manager:
        session, clicks, channel = await start_table(manager, "culdechouette", NAMES, loaded=START_AND_NEANT)
        assert channel.sent == ["<@333>, à toi !"]  # the game starts: Chloé throws first

        await click(clicks, session, "333", "Lancer les chouettes")
        assert session.state is not None and session.state.turn_no == 2  # a new throw, the same thrower
        assert channel.sent == ["<@333>, à toi !"]  # nobody pinged: Chloé is looking at the table

        await click(clicks, session, "333", "Lancer le cul")
        assert channel.sent == ["<@333>, à toi !", "<@111>, à toi !"]

        await click(clicks, session, "111", "Lancer les chouettes")
        assert len(channel.sent) == 2  # Chloé holds a Grelottine now: still nobody to ping


def test_a_ping_names_only_the_players_newly_waited_for() -> None:
    pings = Pings()
    named = {"1": "<@1>", "2": "<@2>", "3": "<@3>"}.__getitem__
    assert pings.text(7, ["1"], named) == "<@1>, à toi !"
    assert pings.text(7, ["1"], named) is None  # the same wait: no second ping
    assert pings.text(7, ["1", "2"], named, clicker="3") == "<@2>, à toi !"  # Alice was told already
    assert pings.text(7, ["2"], named, clicker="1") is None  # Bob was told already
    assert pings.text(7, ["3"], named, clicker="3") is None  # the clicker sees the table
    assert pings.text(7, ["1"], named, clicker="3") == "<@1>, à toi !"
    assert pings.text(8, ["1"], named) == "<@1>, à toi !"  # another table, its own players


def holders_state() -> Any:
    """Alice has the dice; Bob holds a Civet and a Grelottine, Chloé a Grelottine: both may call
    or give theirs now, neither has to."""
    state, _ = CDC.start(list(NAMES), {}, seed=1, loaded=[6, 5, 4])
    return state.model_copy(
        update={
            "current": 0,
            "civets": ["222"],
            "grelottines": ["222", "333"],
            "scores": {"111": 30, "222": 40, "333": 50},
        }
    )


def test_holders_of_a_civet_or_a_grelottine_are_not_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    state = holders_state()
    assert CDC.legal_actions(state, "222") and CDC.legal_actions(state, "333")
    assert waiting_for(CDC, state) == ["111"]
    # Even from an engine whose to_act lists everyone who may do something, the holders included.
    monkeypatch.setattr(type(CDC), "to_act", Game.to_act)
    assert CDC.to_act(state) == ["111", "222", "333"]
    assert waiting_for(CDC, state) == ["111"]
    # Or from one that lists the holders alone and forgets the thrower.
    monkeypatch.setattr(type(CDC), "to_act", lambda self, state: ["222", "333"])
    assert waiting_for(CDC, state) == ["111"]


async def test_holders_are_never_warned_or_removed_for_the_thrower_s_idle_turn(db_path: Path) -> None:
    clock = Clock(wall_ms())  # the turn timer fires when the test moves this clock, not by itself
    async with manager_for(db_path, {"culdechouette": CDC}, clock=clock, sleep=clock.sleep) as first:
        session = await first.open(
            guild_id=1, channel_id=CHANNEL, game="culdechouette", host_id="111", host_name="Alice"
        )
        for player in ("222", "333"):
            await first.join(session.id, player, NAMES[player])
        await first.start(session.id, "111", seed=1, loaded=[6, 5, 4])
        session.rec.state = holders_state().model_dump_json()
        session.rec.message_id = TABLE
        await first.store.save_session(session.rec)
    # The table comes back after a restart with a short turn timer: Alice does not throw.
    timers = {"turn_timeout_ms": 150, "clock": clock, "sleep": clock.sleep}
    async with manager_for(db_path, {"culdechouette": CDC}, restore=False, **timers) as manager:
        clicks, channel = listening(manager)
        await manager.restore()
        await until(lambda: channel.sent, "the restart told")
        clock.advance(150)  # Alice is warned
        await until(lambda: len(channel.sent) > 1, "Alice warned")
        clock.advance(150)  # and removed
        said = await wait_for(lambda: any("🚪" in m for m in channel.sent), channel.sent)
        await clicks.settle()
        # Up to Alice's removal: after it, Bob's own turn runs on the same short timer.
        until_removed = said[: next(i for i, m in enumerate(said) if "🚪" in m) + 1]
        warned = [line for m in until_removed for line in m.split("\n") if line.startswith("⏰")]
        removed = [line for m in until_removed for line in m.split("\n") if line.startswith("🚪")]
        assert [MENTION.findall(line) for line in warned] == [["111"]]
        assert [MENTION.findall(line) for line in removed] == [["111"]]
        restored = manager.in_channel(CHANNEL)
        assert restored is not None and restored.state is not None
        assert restored.state.players == ["222", "333"]
        print("SAID", said)
        assert pings(said)[0] == "<@111>, à toi !"  # told once, when the table came back


async def wait_for(done: Any, sent: list[str], timeout: float = 5.0) -> list[str]:
    for _ in range(int(timeout / 0.02)):
        if done():
            return sent
        await asyncio.sleep(0.02)
    raise AssertionError(f"nothing came: {sent}")


async def random_game_by_clicks(
    db_path: Path, game: Game[Any], seed: int, clicks_max: int, **options: Any
) -> int:
    """Players click at random among what the table and their private hand offer them, until the
    end. After every click: at most one new channel message, and its ping (if any) names only
    players the table waits for, never the clicker."""
    rng = random.Random(seed)
    async with manager_for(db_path, {game.name: game}) as manager:
        session, clicks, channel = await start_table(manager, game.name, NAMES, seed=seed, **options)
        presenter = presenter_for(game)
        done = 0
        for _ in range(clicks_max):
            state = session.state
            assert state is not None
            if state.over:
                break
            player = rng.choice([p for p in state.players if game.legal_actions(state, p)])
            choices = [
                (c, v, False) for c, v in playable(manager, session, player, table_components(session))
            ]
            if presenter.has_private_answer():
                hand = components(presenter.private_view(session, player))
                choices += [(c, v, True) for c, v in playable(manager, session, player, hand)]
            assert choices, f"{player} may act but nothing to click: {game.legal_actions(state, player)}"
            custom_id, values, private = rng.choice(choices)
            before = len(channel.sent)
            interaction = Interaction(int(player), now(), CHANNEL, 777 if private else TABLE)
            assert interaction.message is not None
            interaction.message.flags.ephemeral = private
            await clicks.route(interaction, custom_id, values)  # type: ignore[arg-type]
            assert interaction.said and interaction.said[0].kind == "edit", interaction.said
            if private:
                assert layout.text(interaction.said[0].kwargs["view"]).startswith("✅ C'est joué.")
            new = channel.sent[before:]
            assert len(new) <= 1, new
            waiting = manager.waiting(session)
            for line in pings(new):
                named = MENTION.findall(line)
                assert player not in named and set(named) <= set(waiting), (line, waiting)
            done += 1
        assert session.state is not None and session.state.over, f"{game.name} not over after {done} clicks"
        assert "🏆" in channel.sent[-1]
        return done


@pytest.mark.parametrize(
    ("game", "options"),
    [(CABANE, {}), (LUDICITUDE, {"objectif": 200}), (CHEVRE, {"limite": 40})],
    ids=["cabane", "ludicitude", "chevre"],
)
@pytest.mark.parametrize("seed", [1, 2])
async def test_random_games_by_clicks_send_one_message_per_click_at_most(
    db_path: Path, game: Game[Any], options: dict[str, Any], seed: int
) -> None:
    assert await random_game_by_clicks(db_path, game, seed, 3000, **options) > 0
