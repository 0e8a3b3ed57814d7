"""Each player's legal actions are computed once per state, whatever needs them on a click:
decoding the click, drawing the table's buttons and each private hand, whom the table waits for
(pings, the turn timer, « À jouer »). A counter on the game's ``legal_actions`` — not a time — so
that a change asking again shows here (issue 15; the bench's ``clicks`` section counts the same in
the real bot)."""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.sessions import Session, SessionManager, legal_actions
from bot.sessions.legal import OUTSIDER, lets_outsiders_act
from bot.store import Store
from bot.ui import ids
from bot.ui.decoding import decode_click
from bot.ui.drawing import draw_hand, draw_table
from games.core import Action, BaseState, Game, PlayerId, registry

from .conftest import seated_game

PLAYERS = ("1", "2", "3")
MOVES = 25


class Counted:
    """The game's ``legal_actions`` with a count per state and player, and who asked: the bot
    itself (``bot.*``) or one of the game's own methods (Chèvre's view, Barricade's forced move)."""

    def __init__(self, game: Game[Any]) -> None:
        self.listing: Callable[[BaseState, PlayerId], list[Action]] = game.legal_actions
        self.by_bot: Counter[tuple[int, PlayerId]] = Counter()
        self.by_game: Counter[tuple[int, PlayerId]] = Counter()

    def __call__(self, state: BaseState, player: PlayerId) -> list[Action]:
        caller = str(sys._getframe(1).f_globals.get("__name__", ""))
        (self.by_bot if caller.startswith("bot.") else self.by_game)[(state.version, player)] += 1
        return self.listing(state, player)


def click_id(session: Session, action: Action) -> str:
    """The custom_id a button of the table carries for ``action`` (as the presenters write it)."""
    assert session.state is not None
    spec = next((s for s in session.game.full_vocabulary() if s.kind == action.kind), None)
    code = ids.encode_action(action, spec, ids.code_budget(session.id, session.state.turn_no))
    return ids.table_id("tv", session.id, session.state.turn_no, code)


async def play_drawing_everything(manager: SessionManager, session: Session, rng: random.Random) -> int:
    """Random clicks of the players the table waits for; after each, the table and every hand drawn
    as the bot draws them. Returns the states played through."""
    states = 0
    while session.state is not None and not session.state.over and states < MOVES:
        states += 1
        await draw_table(session)
        for player in PLAYERS:
            await draw_hand(session, player)
        waiting = manager.waiting(session)
        legal = legal_actions(session)
        assert legal is not None and waiting
        player = rng.choice(waiting)
        choices = legal.of_player(player)
        if not choices:
            break
        clicked = rng.choice(choices)
        found, turn, action = decode_click(manager, session.rec.channel_id, click_id(session, clicked), [], player)
        assert found is session and action == clicked
        outcome = await manager.act(session.id, player, action, 1_000 + states, turn=turn)
        assert outcome.error is None, outcome.error
    return states


@pytest.mark.parametrize("name", sorted(registry.available()))
async def test_each_players_legal_actions_are_computed_once_per_state(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = registry.available()[name]
    counted = Counted(game)
    monkeypatch.setattr(game, "legal_actions", counted)
    store = await Store.open(tmp_path / "t.sqlite3")
    manager = SessionManager(store, {name: game})
    try:
        session = await seated_game(manager, PLAYERS, game=name)
        states = await play_drawing_everything(manager, session, random.Random(11))
    finally:
        await manager.close()
        await store.close()
    assert states >= 5
    asked = set(PLAYERS) | ({OUTSIDER} if lets_outsiders_act(game) else set())
    # Every state the bot looked at, each player asked exactly once by the bot...
    assert set(counted.by_bot.values()) == {1}
    assert {player for _, player in counted.by_bot} == asked
    assert len(counted.by_bot) >= states * len(asked)
    # ... and no game method asks again: Barricade's forced move and Chèvre's view (the turn
    # player's kinds of moves) are given the bot's lists.
    assert counted.by_game == Counter(), dict(counted.by_game)
