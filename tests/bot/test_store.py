"""The store on a real database: schema steps, WAL (SQLite), one open table per channel, guild settings
(the tests marked both_databases run on SQLite and on PostgreSQL)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.store import ChannelTaken, SessionRecord, Store
from bot.store.migrations import MIGRATIONS
from games.core import Event
from tests.databases import TestDatabase


async def test_the_schema_is_applied_once_and_the_journal_is_wal(db_path: Path) -> None:
    store = await Store.open(db_path)
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()
    again = await Store.open(db_path)  # a second start applies nothing twice
    assert await again.migrate() == len(MIGRATIONS)
    await again.close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        columns = {r[1] for r in db.execute("PRAGMA table_info(sessions)")}
    assert {"sessions", "actions", "finished_games", "finished_players", "guild_settings"} <= tables
    assert "turn_timeout_ms" in columns  # step 2 applied on top of step 1


async def test_a_database_from_the_first_schema_is_brought_up_to_date(db_path: Path) -> None:
    with sqlite3.connect(db_path) as db:
        db.executescript(MIGRATIONS[0] + "; PRAGMA user_version = 1;")
        db.execute(
            "INSERT INTO sessions (channel_id, game, host_id, status, created_ms, active_ms) "
            "VALUES (5, 'toy', '1', 'lobby', 0, 0)"
        )
    store = await Store.open(db_path)
    [old] = await store.open_sessions()
    assert (old.channel_id, old.turn_timeout_ms, await store.schema_version()) == (5, None, len(MIGRATIONS))
    await store.close()


@pytest.mark.both_databases
async def test_one_open_table_per_channel_even_across_processes(database: TestDatabase) -> None:
    first, second = await Store.open(database.target), await Store.open(database.target)
    try:
        rec = await first.create_session(SessionRecord(channel_id=5, game="toy", host_id="1"))
        with pytest.raises(ChannelTaken):
            await second.create_session(SessionRecord(channel_id=5, game="toy", host_id="2"))
        rec.status = "over"
        await first.save_session(rec)
        # A new table once the first is over (PostgreSQL's ids may skip the one the refusal took).
        assert (await second.create_session(SessionRecord(channel_id=5, game="toy", host_id="2"))).id > rec.id
    finally:
        await first.close()
        await second.close()


@pytest.mark.both_databases
async def test_names_options_and_log_keep_their_order_and_accents(database: TestDatabase) -> None:
    store = await Store.open(database.target)
    rec = SessionRecord(
        channel_id=5,
        game="toy",
        host_id="2",
        names={"2": "Zoé", "1": "Ælis"},
        options={"target": 12},
        log=["Bévue de Zoé : −10."],
    )
    await store.create_session(rec)
    [back] = await store.open_sessions()
    assert list(back.names.items()) == [("2", "Zoé"), ("1", "Ælis")]
    assert (back.options, back.log, back.status) == ({"target": 12}, ["Bévue de Zoé : −10."], "lobby")
    await store.close()


@pytest.mark.both_databases
async def test_a_table_keeps_its_events_not_their_words(database: TestDatabase) -> None:
    store = await Store.open(database.target)
    rec = SessionRecord(channel_id=5, game="toy", host_id="2", names={"2": "Zoé"})
    rec.events = [Event(kind="bevue", data={"joueur": "2", "points": -10}), Event(kind="tour", data={})]
    await store.create_session(rec)
    [back] = await store.open_sessions()
    assert back.events == rec.events and back.log == []
    [(raw,)] = database.query("SELECT events FROM sessions")
    assert "Zoé" not in raw and json.loads(raw)[0]["kind"] == "bevue"
    await store.close()


@pytest.mark.both_databases
async def test_the_votes_to_remove_a_player_are_kept_with_the_table_in_voting_order(database: TestDatabase) -> None:
    store = await Store.open(database.target)
    rec = SessionRecord(channel_id=5, game="toy", host_id="2", names={"2": "Zoé", "1": "Ælis", "3": "Yann"})
    await store.create_session(rec)
    [back] = await store.open_sessions()
    assert back.votes == {}
    rec.votes = {"1": ["3", "2"]}
    await store.save_session(rec)
    [back] = await store.open_sessions()
    assert back.votes == {"1": ["3", "2"]}
    # An action's commit writes them too (a vote that removes a player is stored with its « expulser »).
    rec.votes = {"3": ["2"], "1": ["2"]}
    await store.save_action(rec, "*", '{"kind": "expulser"}', 5, None)
    again = await store.session(rec.id)
    assert again is not None and list(again.votes.items()) == [("3", ["2"]), ("1", ["2"])]
    [(raw,)] = database.query("SELECT votes FROM sessions")
    assert json.loads(raw) == {"3": ["2"], "1": ["2"]}
    await store.close()


@pytest.mark.both_databases
async def test_guild_settings_are_kept(database: TestDatabase) -> None:
    store = await Store.open(database.target)
    assert await store.guild_settings(9) == {}
    await store.set_guild_settings(9, {"turn_timeout_s": 120})
    await store.set_guild_settings(9, {"turn_timeout_s": 60, "langue": "fr"})
    assert await store.guild_settings(9) == {"turn_timeout_s": 60, "langue": "fr"}
    await store.close()
