"""The generic presenter: every game playable from its legal actions, within Discord's limits."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.sessions import Session
from bot.tables import presenter_for
from bot.ui.decoding import decode_click
from bot.ui.forms import form_action
from games.core import Action, IllegalAction

from .conftest import MakeManager, seated_game


def flat(view: discord.ui.View) -> list[dict[str, Any]]:
    return [item.to_component_dict() for item in view.children]  # type: ignore[attr-defined]


def check_discord_limits(view: discord.ui.View) -> None:
    rows = view.to_components()
    assert len(rows) <= 5
    ids = []
    for row in rows:
        components = row["components"]
        assert len(components) <= 5
        for component in components:
            ids.append(component["custom_id"])
            assert len(component["custom_id"]) <= 100
            if component["type"] == 2:
                assert len(component.get("label", "")) <= 80
            else:
                assert len(components) == 1 and 1 <= len(component["options"]) <= 25
                assert all(len(o["value"]) <= 100 and len(o["label"]) <= 100 for o in component["options"])
    assert len(ids) == len(set(ids))


async def test_the_toy_table_offers_its_throw_and_a_way_out(make_manager: MakeManager) -> None:
    manager = await make_manager()
    session = await seated_game(manager)
    view = presenter_for(session.game).components(session)
    check_discord_limits(view)
    [throw, remove, leave] = flat(view)
    assert (throw["label"], throw["custom_id"], throw["style"]) == ("Lancer", "tv:1:0:lancer", 1)
    assert (remove["label"], remove["custom_id"]) == ("Exclure…", "tvm:1:0:kick")
    assert (leave["label"], leave["custom_id"]) == ("Quitter", "tvm:1:0:quit")


async def test_the_embed_shows_scores_and_whose_turn_it_is(make_manager: MakeManager) -> None:
    manager = await make_manager()
    session = await seated_game(manager, ("111", "222"), loaded=[4])
    await manager.act(session.id, "111", Action(kind="lancer"), 0)
    embed = presenter_for(session.game).embed(session).to_dict()
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert embed["title"] == "Jouet"
    assert fields["Scores"] == "**J111** : 4\n**J222** : 0"
    assert fields["À jouer"] == "<@222>"
    assert "throw {'player': '111', 'value': 4}" in embed["description"]
    assert embed["footer"]["text"] == "Table n°1 · tour 1"


async def test_a_window_shows_a_live_countdown(make_manager: MakeManager) -> None:
    manager = await make_manager()
    session = await seated_game(manager, loaded=[6], window_ms=5000)
    await manager.act(session.id, "1", Action(kind="lancer"), 1_700_000_000_000)
    fields = {f.name: f.value for f in presenter_for(session.game).embed(session).fields}
    assert fields["À jouer"] == "<@1>, <@2>\n⏳ Fin <t:1700000005:R>"


async def wide_session(make_manager: MakeManager, squares: int) -> Session:
    manager = await make_manager()
    return await seated_game(manager, ("1", "2"), game="wide", squares=squares)


async def test_many_choices_become_selects_and_free_numbers_a_form(make_manager: MakeManager) -> None:
    session = await wide_session(make_manager, 60)
    view = presenter_for(session.game).components(session)
    check_discord_limits(view)
    items = flat(view)
    selects = [i for i in items if i["type"] == 3]
    assert [len(s["options"]) for s in selects] == [25, 25, 10]
    labels = [i.get("label") for i in items if i["type"] == 2]
    assert labels == ["Miser des points…", "Cibler J1", "Cibler J2", "Mon jeu", "Exclure…", "Quitter"]
    ask = next(i for i in items if i.get("label") == "Miser des points…")
    assert ask["custom_id"] == "tvq:1:0:miser"


async def test_few_choices_are_all_buttons(make_manager: MakeManager) -> None:
    session = await wide_session(make_manager, 8)
    view = presenter_for(session.game).components(session)
    check_discord_limits(view)
    labels = [i.get("label") for i in flat(view)]
    assert labels[:8] == [f"Placer {n}" for n in range(1, 9)]
    assert all(i["type"] == 2 for i in flat(view))


async def test_every_select_option_is_the_action_it_shows(make_manager: MakeManager) -> None:
    manager = await make_manager()
    session = await seated_game(manager, ("1", "2"), game="wide", squares=60)
    shown = 0
    for item in flat(presenter_for(session.game).components(session)):
        for option in item.get("options", []):
            _, _, action = decode_click(manager, 10, item["custom_id"], [option["value"]])
            assert option["label"] == f"Placer {action.args['case']}"
            shown += 1
    assert shown == 60


async def test_a_hidden_hand_is_shown_only_to_its_owner(make_manager: MakeManager) -> None:
    session = await wide_session(make_manager, 8)
    assert session.state is not None
    presenter = presenter_for(session.game)
    hand = session.state.hands["2"]  # type: ignore[attr-defined]
    assert presenter.private(session, "2") == f'**hands** : {{"J1": 2, "J2": [{hand[0]}, {hand[1]}]}}'


async def test_a_form_reads_numbers_and_player_names(make_manager: MakeManager) -> None:
    manager = await make_manager()
    session = await seated_game(manager, ("1", "2"), game="wide")
    assert form_action(session, "miser", {"points": " 12 "}) == Action(
        kind="miser", args={"points": 12}
    )
    assert form_action(session, "cibler", {"joueur": "j2"}) == Action(
        kind="cibler", args={"joueur": "2"}
    )
    for kind, fields, code in [
        ("miser", {"points": "douze"}, "bad_argument"),
        ("miser", {"points": "0"}, "bad_argument"),
        ("miser", {}, "missing_argument"),
        ("cibler", {"joueur": "Zoé"}, "unknown_player"),
    ]:
        with pytest.raises(IllegalAction) as refused:
            form_action(session, kind, fields)
        assert refused.value.code == code
