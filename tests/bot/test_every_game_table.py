"""Every registered game, with its own presenter or the generic one, drawn at every step of random
games: within Discord's limits, and every button or option stands for an action on offer."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.sessions import Session
from bot.store import SessionRecord
from bot.tables import presenter_for
from bot.ui import ids
from games.core import Game, registry
from games.core.autoplay import choose
from tests.games.randomplay import RANDOM_GAMES

from .test_presenter import check_discord_limits, flat

GAMES = registry.available()


def session_of(game: Game[Any], state: Any, players: list[str]) -> Session:
    names = {p: f"Joueur {p}" for p in players}
    rec = SessionRecord(
        channel_id=10, game=game.name, host_id=players[0], names=names, status="playing", id=42
    )
    return Session(rec=rec, game=game, state=state)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", range(max(2, RANDOM_GAMES // 250)))
def test_every_state_is_drawn_within_discord_limits(name: str, seed: int) -> None:
    game = GAMES[name]
    presenter = presenter_for(game)
    players = [str(100 + i) for i in range(min(game.max_players, max(game.min_players, 3)))]
    rng = random.Random(seed)
    state, _ = game.start(players, seed=seed)
    now = 0
    for _ in range(300):
        if state.over:
            break
        session = session_of(game, state, players)
        view = presenter.components(session)
        check_discord_limits(view)
        assert len(presenter.embed(session)) <= 6000
        offered = [o.action for o in presenter.offers(session) if not o.ask]
        vocabulary = game.full_vocabulary()
        for item in flat(view):
            custom_id = item["custom_id"]
            if custom_id.startswith("tvs:") and not ids.parse_table_id(custom_id).tail.startswith("g."):
                for option in item["options"]:
                    assert ids.decode_action(option["value"], vocabulary, offered) in offered
            elif custom_id.startswith("tv:"):
                assert ids.decode_action(ids.parse_table_id(custom_id).tail, vocabulary, offered) in offered
        move = choose(game, state, rng, now)
        if move is None:
            break
        player, action, now = move
        state, _ = game.apply(state, player, action, now)
    if state.over:
        # Finished: the game's buttons gone, « Revanche » in the table's language.
        session = session_of(game, state, players)
        session.lang = "en"
        assert [(b["label"], b["custom_id"]) for b in flat(presenter.components(session))] == [("Rematch", "tvre:16:ask")]
