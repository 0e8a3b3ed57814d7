"""A presenter's own component (Barricade's row select, ``tvb:``) is refused the way every other
click is: by the router, in the clicker's language (issue 15: errors mapped to answers in one
place). An English player picking a row on an old table message reads English, not French."""

from __future__ import annotations

from typing import Any

from bot.sessions import SessionManager, wall_ms
from bot.ui import ids
from games.barricade import GAME as BARRICADE

from .conftest import MakeManager
from .test_clicks import Interaction, table

ENGLISH_STALE = (
    "This button is from an earlier turn: nothing was done. Use the buttons of the table's latest message."
)


class Bot:
    def __init__(self, manager: SessionManager) -> None:
        self.manager = manager


def english_click(manager: SessionManager, user: int) -> Any:
    click = Interaction(user, wall_ms(), 10, 555)
    click.locale = "en-US"  # type: ignore[attr-defined]
    click.client = Bot(manager)  # type: ignore[attr-defined]
    return click


async def test_an_old_row_select_is_refused_in_the_clickers_language(make_manager: MakeManager) -> None:
    manager = await make_manager(games={"barricade": BARRICADE})
    session, clicks, _ = await table(manager, ("1", "2"), game="barricade")
    assert session.state is not None
    before = session.state.model_dump_json()
    table_id, stale = ids.to36(session.id), ids.to36(session.state.turn_no + 5)
    for user, custom_id, said in (
        (1, f"tvb:{table_id}:{stale}", ENGLISH_STALE),  # a row select of another turn
        (2, f"tvb:{ids.to36(session.id + 40)}:{stale}", "This table is closed: nothing was done."),
        (1, "tvb:!!", "This button is not recognised: nothing was done."),  # forged
    ):
        click = english_click(manager, user)
        await clicks.route(click, custom_id, ["H"])
        [answer] = click.said
        assert answer.kind == "send" and answer.kwargs["ephemeral"], answer
        assert answer.kwargs["content"] == said
    assert session.state.model_dump_json() == before
