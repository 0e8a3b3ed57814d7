"""A throw that leaves a single move: the session manager plays it for the player, stores it as the
player's action (a replay goes action by action) and the table's lines say so."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.sessions import SessionManager
from bot.store import Store
from bot.tables import presenter_for
from games.barricade import GAME, BarricadeState, load_board
from games.core import Action
from speech import words_of

from .conftest import seated_game
from .test_manager import stored_actions

THROW = Action(kind="lancer")
BOARD = load_board()
# The order throws: « 1 » throws 6, « 2 » throws 1, so « 1 » plays first.
FIRST_IS_ONE = [6, 1]


def barricade(session_state: object) -> BarricadeState:
    assert isinstance(session_state, BarricadeState)
    return session_state


@pytest.fixture
async def manager(db_path: Path) -> AsyncIterator[SessionManager]:
    store = await Store.open(db_path)
    manager = SessionManager(store, {"barricade": GAME})
    yield manager
    await manager.close()
    await store.close()


async def barricade_table(manager: SessionManager, throws: list[int]) -> int:
    session = await seated_game(manager, ("1", "2"), game="barricade", loaded=[*FIRST_IS_ONE, *throws])
    return session.id


async def test_a_one_from_the_tent_is_played_for_the_player_and_said(
    manager: SessionManager, db_path: Path
) -> None:
    table = await barricade_table(manager, [1])
    outcome = await manager.act(table, "1", THROW, 1_000)
    assert outcome.error is None and outcome.turn_changed
    session = outcome.session
    state = barricade(session.state)
    entry = BOARD.tents[state.tents["1"]].entry
    # Out of the tent onto the start-line point in front of it, and it is « 2 »'s turn to throw.
    assert state.miners["1"][0] == entry and state.turn_player == "2" and state.phase == "lancer"
    said = "🤖 J1, coup joué pour toi : Mineur 1 de J1 sort de sa tente et va sur le point A6. (seul coup possible)"
    # The record keeps the events; the table's lines are made from them when it is drawn.
    news = presenter_for(session.game).news(session)
    assert said in news
    assert news[-2:] == [said, "À J2 de lancer le dé."]
    assert [words_of(session.game).describe(e, session.rec.names, "fr") for e in outcome.events][-2:] == [
        "Mineur 1 de J1 sort de sa tente et va sur le point A6.",
        "À J2 de lancer le dé.",
    ]
    # Stored as two actions of « 1 »: the throw and the move.
    move = Action(kind="deplacer", args={"mineur": 1, "destination": entry})
    assert stored_actions(db_path)[-2:] == [("1", THROW.model_dump_json()), ("1", move.model_dump_json())]


async def test_the_stored_actions_replay_to_the_table_state(manager: SessionManager) -> None:
    table = await barricade_table(manager, [1, 1])
    await manager.act(table, "1", THROW, 1_000)
    outcome = await manager.act(table, "2", THROW, 2_000)
    session = outcome.session
    # A fresh game with the same seed and dice, fed the journal action by action, ends where the table is.
    replayed, _ = GAME.start(["1", "2"], seed=7, loaded=[*FIRST_IS_ONE, 1, 1])
    for player, action, at_ms in await manager.store.actions(table):
        replayed, _ = GAME.apply(replayed, player, Action.model_validate_json(action), at_ms)
    assert replayed == session.state
    assert barricade(replayed).turn_player == "1"


async def test_a_throw_with_a_choice_waits_for_the_player(manager: SessionManager, db_path: Path) -> None:
    table = await barricade_table(manager, [2])
    outcome = await manager.act(table, "1", THROW, 1_000)
    state = barricade(outcome.session.state)
    assert state.phase == "deplacer" and state.turn_player == "1"
    assert len(GAME.legal_actions(state, "1")) == 2
    assert not any("coup joué pour toi" in line for line in presenter_for(GAME).news(outcome.session))
    assert stored_actions(db_path)[-1] == ("1", THROW.model_dump_json())


@pytest.mark.bot_errors(r"coup forcé non enregistré")
async def test_a_forced_move_the_disk_refuses_is_left_to_the_player(
    manager: SessionManager, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await barricade_table(manager, [1])
    real_save = manager.store.save_action
    saved: list[str] = []

    async def full_after_the_click(rec: object, player: str, action: str, *args: object) -> None:
        if saved:
            raise sqlite3.OperationalError("database or disk is full")
        saved.append(action)
        await real_save(rec, player, action, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(manager.store, "save_action", full_after_the_click)
    outcome = await manager.act(table, "1", THROW, 1_000)
    # The throw stands; the move was not stored, so it was not played: it waits as the only button.
    assert outcome.error is None
    state = barricade(outcome.session.state)
    assert state.phase == "deplacer" and state.miners["1"] == [-1] * 5
    assert len(GAME.legal_actions(state, "1")) == 1
    assert not any("coup joué pour toi" in line for line in presenter_for(GAME).news(outcome.session))
    assert stored_actions(db_path)[-1] == ("1", THROW.model_dump_json())


def stored_as_before_typed_events(entry: int) -> list[dict[str, object]]:
    """The forced move and the next turn as the bot stored them before the events were typed:
    ``{kind, data, to}``, French keys, the move's own event nested in the same old shape."""
    move = {"joueur": "1", "mineur": 1, "de": -1, "vers": entry, "chemin": [entry], "rebond": False}
    forced = {
        "joueur": "1",
        "action": f"deplacer mineur=1 destination={entry}",
        "coup": {"kind": "deplacement", "data": move, "to": None},
    }
    return [
        {"kind": "coup_joue_pour_toi", "data": forced, "to": None},
        {"kind": "tour", "data": {"joueur": "2"}, "to": None},
    ]


@pytest.mark.parametrize("old", [False, True], ids=["stored-now", "stored-before-typed-events"])
async def test_a_forced_move_stored_is_told_the_same_after_a_restart(
    manager: SessionManager, db_path: Path, old: bool
) -> None:
    table = await barricade_table(manager, [1])
    outcome = await manager.act(table, "1", THROW, 1_000)
    before = presenter_for(GAME).news(outcome.session)
    entry = BOARD.tents[barricade(outcome.session.state).tents["1"]].entry
    if old:
        # The move's events as the older bot left them in the table's row (the throw's stay as now).
        with sqlite3.connect(db_path) as db:
            (text,) = db.execute("SELECT events FROM sessions WHERE id = ?", (table,)).fetchone()
            kept = [
                e for e in json.loads(text) if e["kind"] not in ("coup_joue_pour_toi", "deplacement", "tour")
            ]
            db.execute(
                "UPDATE sessions SET events = ? WHERE id = ?",
                (json.dumps([*kept, *stored_as_before_typed_events(entry)]), table),
            )
    await manager.close()
    store = await Store.open(db_path)
    again = SessionManager(store, {"barricade": GAME})
    try:
        await again.restore()
        session = again.by_id(table)
        assert session is not None
        news = presenter_for(GAME).news(session)
    finally:
        await again.close()
        await store.close()
    said = "🤖 J1, coup joué pour toi : Mineur 1 de J1 sort de sa tente et va sur le point A6. (seul coup possible)"
    assert news[-2:] == before[-2:] == [said, "À J2 de lancer le dé."]
