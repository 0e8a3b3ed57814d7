"""A table stored before the events were kept shows its old lines in words after the upgrade, and
each new event takes the place of the oldest line: the table's news goes on without a gap."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from bot.store import NEWS_KEPT
from bot.tables import presenter_for
from speech import words_of

from .test_upgrade import STORED, bot_on, copied, expected_of


def old_lines(database: Path) -> dict[int, list[str]]:
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT channel_id, log FROM sessions WHERE status = 'playing'").fetchall()
    return {channel: json.loads(log) for channel, log in rows}


async def test_old_lines_are_shown_then_make_room_for_the_new_events(tmp_path: Path) -> None:
    for stored in STORED:
        expected = expected_of(stored)
        database = copied(stored, tmp_path)
        before = old_lines(database)
        assert any(before.values()), "the stored tables have lines in words"
        now = max(t["last_at_ms"] for t in expected["tables"]) + 10_000
        async with bot_on(database, now) as manager:
            for table in expected["tables"]:
                session = manager.in_channel(table["channel_id"])
                assert session is not None and session.state is not None
                presenter = presenter_for(session.game)
                lines = before[table["channel_id"]]
                assert presenter.news(session) == lines
                assert lines[-1].split("\n")[0] in (presenter.embed(session).description or "")
                player = table["waiting"][0]
                action = session.game.legal_actions(session.state, player)[0]
                outcome = await manager.act(session.id, player, action, now, turn=table["turn_no"])
                assert outcome.error is None
                new = [words_of(session.game).describe(e, session.rec.names, "fr") for e in outcome.events if e.to is None]
                assert new and presenter.news(session) == [*lines, *new][-NEWS_KEPT:]
                assert [e.kind for e in session.rec.events] == [e.kind for e in outcome.events if e.to is None]
        # The new events are in the database, the lines that made room for them are gone from it.
        async with bot_on(database, now) as manager:
            for table in expected["tables"]:
                session = manager.in_channel(table["channel_id"])
                assert session is not None
                assert len(session.rec.log) + len(session.rec.events) <= NEWS_KEPT
                assert session.rec.events
