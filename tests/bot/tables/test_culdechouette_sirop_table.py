"""The Sirop bets at a Cul de chouette table: « Beau-Sirop ! » and the no-bets on one row, the birds
of the other values on the next (never the siroted Chouette's own, which is a Bévue), who bet on
what while the bets are open, and the outcome once the die has fallen.

Sessions are built the way the platform builds them (a SessionManager on a real SQLite file, the
game started with loaded dice); clicks go through the platform's own translation of a custom_id.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.sessions import Session, SessionManager
from bot.store import Store
from bot.tables import presenter_for
from bot.ui.decoding import decode_click
from games.core import Action, Event
from games.culdechouette import GAME

from ..conftest import seated_game
from ..test_presenter import check_discord_limits

ANNE, BRUNO, CHLOE = "111", "222", "333"
CHANNEL = 10
# The order dice (Anne starts), then Anne's Chouette de 4: 4 and 1, the cul 4.
CHOUETTE_DE_4 = [1, 2, 3, 4, 1, 4]


@pytest.fixture
async def manager(db_path: Path) -> AsyncIterator[SessionManager]:
    store = await Store.open(db_path)
    # The table's clock stands still at 0 and the bets stay open two minutes: the window never
    # closes by itself while a test clicks (every click is stamped 0 too).
    manager = SessionManager(store, {"culdechouette": GAME}, clock=lambda: 0)
    yield manager
    await manager.close()
    await store.close()


async def siroting(manager: SessionManager, die: int) -> Session:
    """Anne throws her Chouette de 4 and sirotes; the siroted die will show ``die``."""
    session = await seated_game(
        manager,
        (ANNE, BRUNO, CHLOE),
        channel=CHANNEL,
        game="culdechouette",
        loaded=[*CHOUETTE_DE_4, die],
        shout_window_ms=120_000,
    )
    for kind in ("lancer", "lancer", "siroter"):
        outcome = await manager.act(session.id, ANNE, Action(kind=kind), 0)
        assert outcome.error is None, outcome.error
    return session


def rows(session: Session) -> list[list[str]]:
    view = presenter_for(session.game).components(session)
    check_discord_limits(view)
    return [
        [c.get("label") or c.get("placeholder", "") for c in row["components"]]
        for row in view.to_components()
    ]


def fields(session: Session) -> dict[str, str]:
    embed = presenter_for(session.game).embed(session)
    return {f.name or "": f.value or "" for f in embed.fields}


def text(session: Session) -> str:
    return presenter_for(session.game).embed(session).description or ""


async def click(manager: SessionManager, session: Session, player: str, label: str) -> list[Event]:
    """Clicks the button showing ``label``, as the platform would translate it."""
    view = presenter_for(session.game).components(session)
    for row in view.to_components():
        for item in row["components"]:
            if item.get("label") == label:
                _, turn, action = decode_click(manager, CHANNEL, item["custom_id"], [])
                outcome = await manager.act(session.id, player, action, 0, turn=turn)
                assert outcome.error is None, outcome.error
                return outcome.events
    raise AssertionError(f"nothing shows « {label} »: {rows(session)}")


async def test_the_bets_offer_beau_sirop_the_no_bets_and_the_other_birds(manager: SessionManager) -> None:
    session = await siroting(manager, 3)
    assert rows(session) == [
        ["Beau-Sirop ! (4)", "Couche-Sirop !", "File-Sirop !"],
        ["Linotte ! (1)", "Alouette ! (2)", "Fauvette ! (3)", "Bergeronnette ! (5)", "Chouette ! (6)"],
        ["Exclure…", "Quitter"],
    ]  # no « Mouette ! »: the bird of the siroted Chouette is a Bévue, not a bet
    assert "Les paris sont ouverts : Beau-Sirop, un oiseau, Couche-Sirop ou File-Sirop !" in text(session)
    assert fields(session)["Paris du Sirop"] == "<@222> : pas encore annoncé\n<@333> : pas encore annoncé"


async def test_the_table_shows_who_bet_on_what_and_the_won_bird_is_claimed(manager: SessionManager) -> None:
    session = await siroting(manager, 3)
    await click(manager, session, BRUNO, "Fauvette ! (3)")
    assert fields(session)["Paris du Sirop"] == (
        "<@222> : Fauvette : 5 points sur le 3\n<@333> : pas encore annoncé"
    )
    assert "J222 : « Fauvette ! » (5 points sur le 3)" in text(session)
    await click(manager, session, CHLOE, "Beau-Sirop ! (4)")
    assert fields(session)["Paris du Sirop"] == (
        "<@222> : Fauvette : 5 points sur le 3\n<@333> : Beau-Sirop : 5 points sur le 4"
    )
    await click(manager, session, ANNE, "Lancer le dé siroté")
    shown = text(session)
    assert "J111 relance un dé : 3 → 4-3-4. Sirotage raté." in shown
    assert "J222 gagne son pari « Fauvette ! » sur le 3" in shown
    assert "J333 perd son pari « Beau-Sirop ! » : -5 (total -5)" in shown
    assert "Paris du Sirop" not in fields(session)
    assert fields(session)["💰 Pari gagné"].startswith("<@222> : « Sirop Gagnant ! » avant le lancer suivant")
    assert "Sirop Gagnant !" in [label for row in rows(session) for label in row]
    await click(manager, session, BRUNO, "Sirop Gagnant !")
    assert "**J222** : 25" in fields(session)["Scores"]
    assert "💰 Pari gagné" not in fields(session)


async def test_the_no_bets_are_shown_and_a_sirotage_without_bets_pays_the_thrower_only(
    manager: SessionManager,
) -> None:
    session = await siroting(manager, 4)
    await click(manager, session, BRUNO, "File-Sirop !")
    await click(manager, session, CHLOE, "Couche-Sirop !")
    assert fields(session)["Paris du Sirop"] == "<@222> : File-Sirop\n<@333> : Couche-Sirop"
    assert rows(session)[0] == ["Lancer le dé siroté"]
    await click(manager, session, ANNE, "Lancer le dé siroté")
    assert "J111 réussit son Sirotage : Cul de Chouette de 4 : +80 (total 80)" in text(session)
    assert "💰 Pari gagné" not in fields(session)
    assert "**J222** : 0" in fields(session)["Scores"] and "**J333** : 0" in fields(session)["Scores"]
