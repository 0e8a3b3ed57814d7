"""Seating as DECISIONS.md settles it, at the table the bot runs: players sit in the order they
joined (« clockwise » in the texts), and a table seats its game's number of players — Chèvre 2 to 4:
a fifth who clicks Rejoindre is told the table is full, and nothing changes."""

from __future__ import annotations

import pytest

from bot.sessions import Session, TableError
from bot.ui.lobby import lobby_view
from games.cabane import GAME as CABANE
from games.chevre import GAME as CHEVRE
from tests.bot.conftest import MakeManager


async def test_players_sit_in_the_order_they_joined_and_the_first_to_join_throws_first(
    make_manager: MakeManager,
) -> None:
    manager = await make_manager(games={"cabane": CABANE})
    session = await manager.open(guild_id=1, channel_id=10, game="cabane", host_id="50", host_name="Élise")
    await manager.join(session.id, "90", "Ivan")
    await manager.join(session.id, "20", "Bruno")
    outcome = await manager.start(session.id, "50", seed=1)
    assert outcome.error is None and session.state is not None
    assert session.state.players == ["50", "90", "20"]  # not sorted by id, nor by name
    assert outcome.waiting == ["50"]


def start_disabled(session: Session) -> bool:
    """Whether the lobby's « Commencer » is greyed out."""
    view = lobby_view(session, "fr")
    (start,) = [item for item in view.children if str(getattr(item, "custom_id", "")).endswith(":start")]
    return bool(getattr(getattr(start, "item", start), "disabled", False))


async def test_a_chevre_table_seats_two_to_four_players(make_manager: MakeManager) -> None:
    manager = await make_manager(games={"chevre": CHEVRE})
    session = await manager.open(guild_id=1, channel_id=10, game="chevre", host_id="1", host_name="Anne")
    assert start_disabled(session)  # « Commencer » waits for a second player
    alone = await manager.start(session.id, "1", seed=1)
    assert alone.error is not None and alone.error.code == "player_count" and session.state is None
    for player, name in (("2", "Bruno"), ("3", "Chloé"), ("4", "David")):
        await manager.join(session.id, player, name)
    assert not start_disabled(session)
    with pytest.raises(TableError) as full:
        await manager.join(session.id, "5", "Eve")
    assert full.value.code == "table_full"
    assert full.value.text == "La table est complète (4 joueurs au plus)."
    assert list(session.rec.names) == ["1", "2", "3", "4"]
    outcome = await manager.start(session.id, "1", seed=1)
    assert outcome.error is None and session.state is not None
    assert session.state.players == ["1", "2", "3", "4"]
