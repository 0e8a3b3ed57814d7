"""Discord waits 3 s for an answer, counted from its own time of the click. A click that waited
its turn on a busy bot is deferred at once (« réfléchit… ») before its table is drawn and sent, so
it is never lost; a fresh click is answered directly by the table's edit."""

from __future__ import annotations

from bot.sessions import wall_ms
from tests import layout

from .conftest import MakeManager
from .test_clicks import Interaction, button_id, table


async def test_a_click_sent_two_seconds_ago_is_deferred_before_the_table_is_edited(
    make_manager: MakeManager,
) -> None:
    manager = await make_manager()
    session, clicks, _ = await table(manager, loaded=[3])
    click = Interaction(1, wall_ms() - 2_000, 10, 555)
    await clicks.route(click, button_id(session, "Lancer"), [])  # type: ignore[arg-type]
    assert [s.kind for s in click.said] == ["defer", "edit"]
    assert layout.fields(click.said[1].kwargs["view"])["À jouer"] == "<@2>"


async def test_a_fresh_click_is_answered_by_the_table_edit_itself(make_manager: MakeManager) -> None:
    manager = await make_manager()
    session, clicks, _ = await table(manager, loaded=[3])
    click = Interaction(1, wall_ms(), 10, 555)
    await clicks.route(click, button_id(session, "Lancer"), [])  # type: ignore[arg-type]
    assert [s.kind for s in click.said] == ["edit"]
