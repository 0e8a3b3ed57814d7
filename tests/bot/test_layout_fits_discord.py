"""Every game's table message and every player's private hand, as the layout message the bot sends,
at every step of random games at full tables and in the largest states on purpose (Cul de chouette's
Sirop bets at six, Barricade's six-throw with its many moves, a Chèvre hand of many tiles): what
Discord accepts (the emulator's own checks of layout messages: the flag, at most 40 components
counted through the tree, 4000 characters, 10 pictures), nothing dropped to fit (every button of
the classic grid is in the layout), and room left on the menu row for five buttons (« Revanche »)."""

from __future__ import annotations

import io
import logging
import random
from typing import Any

import discord
import pytest

from bot.sessions import Session
from bot.store import SessionRecord
from bot.tables import presenter_for
from bot.tables.layout import COMPONENTS_MAX, hand_layout
from emulator import limits
from games.core import Action, Game, registry
from games.core.autoplay import random_steps
from tests import layout
from tests.games.randomplay import RANDOM_GAMES

GAMES = registry.available()
PLAYERS = {"culdechouette": 6, "cabane": 8, "chevre": 4, "barricade": 6, "ludicitude": 6}


def session_of(game: Game[Any], state: Any, players: list[str]) -> Session:
    # Long names: the scoreboard at its widest.
    names = {p: f"Perceval le Gallois de la Table Ronde n°{p}" for p in players}
    rec = SessionRecord(channel_id=10, game=game.name, host_id=players[0], names=names, status="playing", id=4242)
    return Session(rec=rec, game=game, state=state)


def picture(name: str = "table.png") -> discord.File:
    # The gallery counts one component whatever its pictures: one stands for the presenter's.
    return discord.File(io.BytesIO(b"\x89PNG"), filename=name)


def refused(view: discord.ui.LayoutView) -> list[str]:
    payload = {"flags": limits.COMPONENTS_V2_FLAG, "components": view.to_components()}
    return [str(p) for p in limits.check_message(payload, attachments=1)]


def menu_room(view: discord.ui.LayoutView) -> int:
    """Components left if the last row (the menu) grew to five buttons."""
    rows = [c for c in layout.walk(view.to_components()) if c.get("type") == limits.ACTION_ROW]
    menu = len(rows[-1]["components"]) if rows else 0
    return COMPONENTS_MAX - view.total_children_count - (5 - menu)


def check_table(session: Session, caplog: pytest.LogCaptureFixture) -> int:
    presenter = presenter_for(session.game)
    caplog.clear()
    view = presenter.table_view(session, [picture()])
    assert refused(view) == []
    assert menu_room(view) >= 0, view.total_children_count
    classic = [i.to_component_dict()["custom_id"] for i in presenter.components(session).children]  # type: ignore[attr-defined]
    assert sorted(c["custom_id"] for c in layout.items(view)) == sorted(classic)
    assert not [r for r in caplog.records if "mise en page" in r.getMessage()]
    for player in session.players if presenter.has_private_answer() else []:
        hand = hand_layout(
            presenter.private(session, player),
            presenter.private_view(session, player),
            [picture("main.png")],
            None,
            "fr",
        )
        assert refused(hand) == []
    return int(view.total_children_count)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", range(max(2, RANDOM_GAMES // 500)))
def test_every_table_of_random_play_at_a_full_table_fits_a_layout_message(
    name: str, seed: int, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    game = GAMES[name]
    players = [str(100 + i) for i in range(PLAYERS.get(name, game.max_players))]
    rng = random.Random(seed)
    state, _ = game.start(players, seed=seed)
    check_table(session_of(game, state, players), caplog)
    for step in random_steps(game, state, rng, max_steps=300):
        check_table(session_of(game, step.after, players), caplog)


def play(game: Game[Any], state: Any, *moves: tuple[str, str]) -> Any:
    for player, kind in moves:
        state, _ = game.apply(state, player, Action(kind=kind), 0)
    return state


def test_cul_de_chouette_sirop_bets_at_six_fit_with_each_announcement_beside_its_words(
    caplog: pytest.LogCaptureFixture,
) -> None:
    game = GAMES["culdechouette"]
    players = [str(100 + i) for i in range(6)]
    # The order dice (100 starts, as Anne does in test_culdechouette_sirop_table), then a Chouette
    # de 4: the chouettes 4 and 1, the cul 4.
    state, _ = game.start(players, seed=1, loaded=[1, 2, 3, 4, 5, 6, 4, 1, 4])
    state = play(game, state, ("100", "lancer"), ("100", "lancer"), ("100", "siroter"))
    assert state.phase == "paris"
    session = session_of(game, state, players)
    check_table(session, caplog)
    view = presenter_for(game).table_view(session, [picture()])
    sections = [c for c in layout.walk(view.to_components()) if c.get("type") == 9]
    # « Beau-Sirop ! », « Couche-Sirop ! », « File-Sirop ! », each beside what it means; the birds in rows.
    assert len(sections) == 3
    assert sections[0]["accessory"]["label"] == "Beau-Sirop ! (4)"
    assert "miser 5 points" in sections[0]["components"][0]["content"]


def test_barricade_six_throws_with_many_moves_fit(caplog: pytest.LogCaptureFixture) -> None:
    game = GAMES["barricade"]
    players = [str(100 + i) for i in range(6)]
    rng = random.Random(3)
    state, _ = game.start(players, seed=3)
    widest = max(
        check_table(session_of(game, step.before, players), caplog)
        for step in random_steps(game, state, rng, max_steps=400)
    )
    assert widest >= 20  # a throw with many moves was drawn
