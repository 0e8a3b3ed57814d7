"""Local play through the shared runner: a scripted game in JSON, and a random game to the end."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from games.chevre import deal_dice
from terminal import main
from tests.games.chevre.test_deal import ANA, BOB, CID, DAN, in_order

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
bob poser 1-1
cid poser tuile=0-3
cid passer
dan poser 1-5 droite
ana poser 4-5
"""


def run(argv: list[str], script: str = "") -> list[dict[str, Any]]:
    out = io.StringIO()
    assert main(argv, stdin=io.StringIO(script), stdout=out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_a_scripted_game_in_json_with_a_fixed_deal() -> None:
    dice = ",".join(str(v) for v in deal_dice([ANA, BOB, CID, DAN]))
    records = run(["play", "chevre", "--players", "ana,bob,cid,dan", "--dice", dice, "--json"], SCRIPT)
    hands = [r for r in records if r.get("event") == "main"]
    assert [(r["to"], r["tiles"]) for r in hands] == [
        (["ana"], in_order(ANA)), (["bob"], in_order(BOB)), (["cid"], in_order(CID)), (["dan"], in_order(DAN))
    ]
    errors = [r for r in records if "error" in r]
    assert [(e["error"], e["params"]) for e in errors] == [("does_not_fit", {"tuile": "0-3"})]
    laid = [(r["player"], r["tile"], r["side"]) for r in records if r.get("event") == "pose"]
    assert laid == [("bob", "1-1", None), ("dan", "1-5", "droite"), ("ana", "4-5", "droite")]
    assert [r["player"] for r in records if r.get("event") == "passe"] == ["cid"]
    final = records[-1]
    assert final["final"] is True and final["over"] is False
    assert final["state"]["chain"] == [[1, 1], [1, 5], [5, 4]]
    assert final["state"]["hands"]["ana"] == ["0-1", "0-2", "2-3", "3-4", "5-6", "5-5"]


def test_auto_plays_a_random_game_to_the_chevre() -> None:
    records = run(["play", "chevre", "--players", "ana,bob,cid", "--seed", "4", "--json", "--auto"])
    final = records[-1]
    assert final["over"] is True and final["state"]["chevres"]
    assert all(final["scores"][p] >= 101 for p in final["state"]["chevres"])
    assert sorted(final["winners"] + final["state"]["chevres"]) == ["ana", "bob", "cid"]
    assert any(r.get("event") == "manche_finie" for r in records)


def test_the_real_command_line_lists_the_actions_and_plays_in_french() -> None:
    listing = subprocess.run(
        [sys.executable, "-m", "games", "actions", "chevre"], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    assert "poser <tuile> [cote]" in listing and "piocher" in listing and "passer" in listing
    played = subprocess.run(
        [sys.executable, "-m", "games", "play", "chevre", "--players", "ana,bob", "--seed", "9", "--auto"],
        input="",
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "Partie terminée. Chèvre :" in played
    assert "[privé → ana] Ta main :" in played
