"""custom_ids: what a button carries, and how a click becomes an action (or a private refusal)."""

from __future__ import annotations

import pytest

from bot.sessions import TableError
from bot.tables import presenter_for
from bot.ui import ids
from bot.ui.decoding import decode_click
from games.core import Action, ActionSpec, ArgSpec

from .conftest import MakeManager, seated_game

BET = ActionSpec(
    kind="miser",
    help="Miser",
    args=[
        ArgSpec(name="points", type="int"),
        ArgSpec(name="cible", type="player"),
        ArgSpec(name="des", type="ints"),
        ArgSpec(name="note", type="text", optional=True),
    ],
)
VOCABULARY = [BET, ActionSpec(kind="lancer", help="Lancer")]


def test_an_action_reads_back_from_its_code() -> None:
    action = Action(kind="miser", args={"points": 12, "cible": "123456789012345678", "des": [1, 5]})
    code = ids.encode_action(action, BET)
    assert code == "miser~12~123456789012345678~1,5"
    assert ids.decode_action(code, VOCABULARY, []) == action
    assert ids.decode_action("lancer", VOCABULARY, []) == Action(kind="lancer")


def test_a_long_or_ambiguous_action_is_a_hash_found_among_the_legal_actions() -> None:
    long = Action(kind="miser", args={"points": 1, "cible": "x" * 120, "des": [2]})
    spaced = Action(kind="miser", args={"points": 1, "cible": "a~b", "des": [2]})
    for action in (long, spaced):
        code = ids.encode_action(action, BET)
        assert code.startswith("#") and len(code) <= 20
        assert ids.decode_action(code, VOCABULARY, [Action(kind="lancer"), action]) == action
        with pytest.raises(LookupError):
            ids.decode_action(code, VOCABULARY, [Action(kind="lancer")])


@pytest.mark.parametrize(
    "code", ["voler", "lancer~1", "miser~douze~x~1", "miser~1", "miser~1~x~1,a", "miser~~x~1"]
)
def test_codes_this_bot_did_not_write_are_refused(code: str) -> None:
    with pytest.raises(ids.BadId):
        ids.decode_action(code, VOCABULARY, [])


def test_ids_stay_within_discord_limit_by_construction() -> None:
    session, turn = 36**8, 36**6
    budget = ids.code_budget(session, turn)
    action = Action(kind="miser", args={"points": 10**40, "cible": "y" * 40, "des": [6] * 5})
    code = ids.encode_action(action, BET, budget)
    for prefix in ("tv", "tvs"):
        assert len(ids.table_id(prefix, session, turn, code)) <= 100
    parsed = ids.parse_table_id(ids.table_id("tv", session, turn, code))
    assert (parsed.session, parsed.turn, parsed.tail) == (session, turn, code)


@pytest.mark.parametrize(
    "custom_id",
    ["tv:1:2", "tv:1:2:", "tv:!:1:lancer", "tx:1:2:lancer", "tv:1:2:" + "a" * 100, "tv::1:lancer"],
)
def test_malformed_ids_are_recognised(custom_id: str) -> None:
    with pytest.raises(ids.BadId):
        ids.parse_table_id(custom_id)


def test_lobby_and_rules_ids() -> None:
    assert ids.parse_lobby_id(ids.lobby_id(1000, "join")) == (1000, "join")
    assert ids.parse_rules_id(ids.rules_id("culdechouette", 3)) == ("culdechouette", 3)
    for bad in ("tvl:1:sit", "tvl:1", "tvr:../x:1"):
        with pytest.raises(ids.BadId):
            (ids.parse_lobby_id if bad.startswith("tvl") else ids.parse_rules_id)(bad)


async def test_a_click_becomes_the_action_on_the_button(make_manager: MakeManager) -> None:
    manager = await make_manager()
    session = await seated_game(manager)
    [offer] = presenter_for(session.game).offers(session)
    custom_id = ids.table_id("tv", session.id, 0, offer.code)
    assert decode_click(manager, 10, custom_id, []) == (session, 0, Action(kind="lancer"))
    select_id = ids.table_id("tvs", session.id, 0, "0")
    assert decode_click(manager, 10, select_id, ["lancer"])[2] == Action(kind="lancer")


@pytest.mark.parametrize(
    ("custom_id", "channel", "code"),
    [
        ("tv:1:0:lancer", 99, "closed"),  # a table of another channel
        ("tv:zz:0:lancer", 10, "closed"),  # a table that does not exist (any more)
        ("tv:1:5:lancer", 10, "stale"),  # drawn for another turn
        ("tv:1:0:voler", 10, "malformed"),
        ("tv:1:0:#0123456789ab", 10, "gone"),  # a choice no longer on offer
        ("tv:1:0", 10, "malformed"),
        ("tvm:1:0:lancer", 10, "malformed"),
        ("tv:1:0:" + "x" * 95, 10, "malformed"),
    ],
)
async def test_clicks_that_do_nothing_say_why(
    make_manager: MakeManager, custom_id: str, channel: int, code: str
) -> None:
    manager = await make_manager()
    session = await seated_game(manager)
    assert session.id == 1
    with pytest.raises(TableError) as refused:
        decode_click(manager, channel, custom_id, [])
    assert refused.value.code == code
    assert refused.value.text.endswith(".")


async def test_a_select_with_several_values_is_refused(make_manager: MakeManager) -> None:
    manager = await make_manager()
    session = await seated_game(manager)
    with pytest.raises(TableError) as refused:
        decode_click(manager, 10, ids.table_id("tvs", session.id, 0, "0"), ["lancer", "lancer"])
    assert refused.value.code == "malformed"
