"""Local play through the command line: a scripted scenario in JSON, and a random game to its end."""

from __future__ import annotations

import io
import json
from typing import Any

from terminal import main

DICE = "1,1,2,2,4,6,6,1,3,6,5,5,5"
SCRIPT = """\
ana tout_relancer
ana ecarter 2 1 2
ana relancer
ana arreter
ana ecarter lapins=1 clapier=3
ana arreter
bob reprendre
"""


def run(argv: list[str], script: str = "") -> list[dict[str, Any]]:
    out = io.StringIO()
    assert main(argv, stdin=io.StringIO(script), stdout=out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_a_scripted_turn_in_json() -> None:
    records = run(
        ["play", "ludicitude", "--players", "ana,bob", "--seed", "1", "--json", "--dice", DICE],
        SCRIPT,
    )
    assert [r.get("event") or r.get("error") for r in records[:5]] == [
        "debut",
        "tour",
        "tout_relancer",
        "lancer",
        "ecart",
    ]
    # « arreter » right after a throw is refused: a rabbit must be set aside first
    assert [r["error"] for r in records if "error" in r] == ["ecarter_d_abord"]
    marque = next(r for r in records if r.get("event") == "marque")
    assert (marque["player"], marque["points"], marque["total"]) == ("ana", 39, 39)
    turns = [
        (r["player"], r["value_left"], r["dice_to_throw"]) for r in records if r.get("event") == "tour"
    ]
    # bob takes over the 39 left with one die to throw, throws a clapier and loses; ana gets it back
    assert turns == [("ana", 0, 7), ("bob", 39, 1), ("ana", 39, 1)]
    lost = next(r for r in records if r.get("event") == "perdu")
    assert (lost["player"], lost["points"]) == ("bob", 39)
    final = records[-1]
    assert final["final"] and final["scores"] == {"ana": 39, "bob": 0} and not final["over"]


def test_a_random_game_plays_to_its_end() -> None:
    records = run(["play", "ludicitude", "--players", "ana,bob,cid", "--seed", "8", "--json", "--auto"])
    final = records[-1]
    assert final["over"] and len(final["winners"]) == 1
    assert final["scores"][final["winners"][0]] >= 333
    victory = records[-2]
    assert (victory["event"], victory["player"]) == ("victoire", final["winners"][0])


def test_the_text_mode_speaks_french() -> None:
    out = io.StringIO()
    script = "ana tout_relancer\nana ecarter 1\nana arreter\n"
    argv = ["play", "ludicitude", "--players", "ana,bob", "--seed", "2", "--dice", "1,3,3,4,5,6,6"]
    main(argv, io.StringIO(script), out)
    text = out.getvalue()
    assert (
        "ana lance 7 dés : 1 lapin, 2 clapiers pour 3, 1 clapier pour 4, 1 clapier pour 5, 2 carottes."
        in text
    )
    assert "ana s'arrête : 1 point (1 × 1). Total : 1." in text
    actions = io.StringIO()
    main(["actions", "ludicitude"], io.StringIO(), actions)
    assert "Situation laissée : 1 lapin, vaut 1 point." in text
    assert "ecarter <lapins> [doubles] [clapier]" in actions.getvalue()
