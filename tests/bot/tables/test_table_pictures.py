"""The dice as pictures on the tables of Cul de chouette, la Cabane sul' Dos and Ludicitude: after a
throw the channel's table message carries the dice as a PNG whose description (the alt text screen
readers speak) names the dice and what they make, in the table's language; the picture changes with
the dice and is drawn once per content, however many readers or redraws.

Sessions are built the way the platform builds them (a SessionManager on a real SQLite file, the
game started with loaded dice); the table is drawn as the bot draws it (``draw_table``, the
pictures in a worker thread).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.render.cache import PICTURES
from bot.sessions import Session, SessionManager
from bot.store import Store
from bot.ui.drawing import draw_table
from games.cabane import GAME as CABANE
from games.cabane import dice_values
from games.core import Action
from games.culdechouette import GAME as CUL
from games.ludicitude import GAME as LUDICITUDE

from ..conftest import seated_game

ANNE, BRUNO, CHLOE = "111", "222", "333"
CHANNEL = 10
THROW = Action(kind="lancer")
PNG = b"\x89PNG\r\n\x1a\n"
SMALL = 12_000  # bytes


@pytest.fixture
async def manager(db_path: Path) -> AsyncIterator[SessionManager]:
    store = await Store.open(db_path)
    manager = SessionManager(
        store, {"culdechouette": CUL, "cabane": CABANE, "ludicitude": LUDICITUDE}, clock=lambda: 0
    )
    yield manager
    await manager.close()
    await store.close()


async def play(manager: SessionManager, session: Session, player: str, *actions: Action) -> None:
    for action in actions:
        outcome = await manager.act(session.id, player, action, 0)
        assert outcome.error is None, outcome.error


async def pictures(session: Session, lang: str | None = None) -> list[tuple[bytes, str]]:
    """The pictures of the channel's table message, each with its description."""
    drawn = await draw_table(session, lang)
    out = []
    for file in drawn.files:
        file.fp.seek(0)
        data = file.fp.read()
        assert data.startswith(PNG) and len(data) < SMALL
        assert file.description, f"{file.filename} has no description"
        out.append((data, file.description))
    return out


# --- Cul de chouette --------------------------------------------------------------------------------


async def cul_table(manager: SessionManager, dice: list[int]) -> Session:
    # The order dice first (Anne throws first), then Anne's throw.
    return await seated_game(
        manager, (ANNE, BRUNO, CHLOE), channel=CHANNEL, game="culdechouette", loaded=[1, 2, 3, *dice]
    )


async def test_the_cul_de_chouette_table_shows_the_dice_and_names_the_combination(
    manager: SessionManager,
) -> None:
    session = await cul_table(manager, [2, 3, 5])
    assert await pictures(session) == []  # nothing thrown yet: no picture
    await play(manager, session, ANNE, THROW)
    [(chouettes, words)] = await pictures(session)
    assert words == "Chouettes : 2 et 3 · le cul reste à lancer"
    await play(manager, session, ANNE, THROW)
    [(velute, words)] = await pictures(session)
    assert words == "Chouettes : 2 et 3 · cul : 5 — Velute de 5 : 50 points"
    assert velute != chouettes
    [(english, words)] = await pictures(session, "en")
    assert words == "Chouettes: 2 and 3 · cul: 5 — Velute of 5: 50 points"
    assert english != velute  # the caption under the dice is in the reader's language too


async def test_the_siroted_die_is_marked_in_the_picture_and_its_words(manager: SessionManager) -> None:
    session = await cul_table(manager, [4, 1, 4])
    await play(manager, session, ANNE, THROW, THROW)
    [(chouette, words)] = await pictures(session)
    assert words.endswith("Chouette de 4 : 16 points")
    await play(manager, session, ANNE, Action(kind="siroter"))
    [(to_sirote, words)] = await pictures(session)
    assert "la chouette 2 à siroter" in words
    assert to_sirote != chouette


async def test_the_same_dice_are_drawn_once_for_every_reader_and_redraw(manager: SessionManager) -> None:
    first = await cul_table(manager, [6, 2, 1])
    await play(manager, first, ANNE, THROW, THROW)
    PICTURES.clear()
    before = PICTURES.draws
    seen = [await pictures(first), await pictures(first), await pictures(first)]
    assert PICTURES.draws == before + 1 and seen[0] == seen[1] == seen[2]
    # Another table with the very same throw shows the very same picture, not drawn again.
    second = await seated_game(
        manager, (ANNE, BRUNO, CHLOE), channel=CHANNEL + 1, game="culdechouette", loaded=[1, 2, 3, 6, 2, 1]
    )
    await play(manager, second, ANNE, THROW, THROW)
    assert await pictures(second) == seen[0]
    assert PICTURES.draws == before + 1
    # Another language is another picture.
    await pictures(first, "en")
    assert PICTURES.draws == before + 2


# --- La Cabane sul' Dos -----------------------------------------------------------------------------


async def cabane_table(manager: SessionManager, faces: str, **options: Any) -> Session:
    return await seated_game(
        manager, (ANNE, BRUNO), channel=CHANNEL, game="cabane", loaded=dice_values(faces), **options
    )


async def test_the_cabane_table_shows_both_dice_then_the_standing_cabin_and_the_count(
    manager: SessionManager,
) -> None:
    session = await cabane_table(manager, "GB TF C")
    assert await pictures(session) == []
    await play(manager, session, ANNE, THROW)
    [(pair, words)] = await pictures(session)
    assert words == "Dés lancés : G (Gauche) et B (Blanc)"
    await play(manager, session, ANNE, THROW)
    [(standing, words)] = await pictures(session)
    assert words == "Dés lancés : T (Toit) et F (Façade)"
    await play(manager, session, ANNE, THROW)
    [(counted, words)] = await pictures(session)
    assert words.startswith("Première cabane debout (T) · Dé lancé : C (Cabane)")
    assert "2 coups sur 10" in words
    [(_, english)] = await pictures(session, "en")
    assert english.startswith("First cabane standing (T) · Die thrown: C (Cabane)")
    assert "2 throws out of 10" in english
    assert len({pair, standing, counted}) == 3


# --- Ludicitude -------------------------------------------------------------------------------------


async def test_the_ludicitude_table_shows_the_seven_dice_then_those_set_aside(manager: SessionManager) -> None:
    session = await seated_game(
        manager, (ANNE, BRUNO), channel=CHANNEL, game="ludicitude", loaded=[1, 1, 2, 3, 4, 6, 6, 5, 3, 3]
    )
    assert await pictures(session) == []  # no die anywhere yet: no picture saying « nothing »
    await play(manager, session, ANNE, Action(kind="tout_relancer"))
    [(thrown, words)] = await pictures(session)
    assert words.startswith(
        "Sur la table : 2 lapins, 1 double lapin/clapier pour 2, 1 clapier pour 3, 1 clapier pour 4, 2 carottes"
    )
    await play(manager, session, ANNE, Action(kind="ecarter", args={"lapins": 2, "doubles": 0, "clapier": 0}))
    [(aside, words)] = await pictures(session)
    assert "écartés : 1 pile de lapins" in words
    assert aside != thrown
    [(_, english)] = await pictures(session, "en")
    assert english != words and "1 pile de lapins" not in english

