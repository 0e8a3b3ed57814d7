"""The terminal table reads typed values with the bot forms' reader (games/core/values.py): a
choice in any writing and in any of the table's languages; one it does not know refused as before."""

from __future__ import annotations

from games.chevre import deal_dice
from tests.games.chevre.test_deal import ANA, BOB, CID, DAN

from .test_chevre_script import run

OPENING = "bob poser 1-1\ncid passer\n"


def play(side: str, lang: str = "fr") -> list[tuple[str, str, str | None]]:
    dice = ",".join(str(v) for v in deal_dice([ANA, BOB, CID, DAN]))
    argv = ["play", "chevre", "--players", "ana,bob,cid,dan", "--dice", dice, "--json", "--lang", lang]
    records = run(argv, OPENING + f"dan poser 1-5 {side}\n")
    assert not [r for r in records if "error" in r], records
    return [(r["player"], r["tile"], r["side"]) for r in records if r.get("event") == "pose"]


def test_an_end_is_typed_in_the_rules_words_or_in_english() -> None:
    expected = [("bob", "1-1", None), ("dan", "1-5", "droite")]
    assert play("droite") == play("Droite!") == play("right") == play("RIGHT", "en") == expected


def test_a_value_the_game_refuses_is_refused_in_its_words() -> None:
    dice = ",".join(str(v) for v in deal_dice([ANA, BOB, CID, DAN]))
    argv = ["play", "chevre", "--players", "ana,bob,cid,dan", "--dice", dice, "--json"]
    records = run(argv, OPENING + "dan poser 1-5 haut\n")
    assert [(e["error"], e["params"]) for e in records if "error" in e] == [("bad_argument", {"name": "cote"})]
