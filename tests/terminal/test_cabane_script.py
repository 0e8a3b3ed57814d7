"""Local play through the shared runner: a scripted scenario in JSON, and random play to the end."""

from __future__ import annotations

import io
import json
from typing import Any

from games.cabane import dice_values
from terminal import main


def run(argv: list[str], script: str = "") -> list[dict[str, Any]]:
    out = io.StringIO()
    assert main(argv, stdin=io.StringIO(script), stdout=out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_a_scripted_bataille_in_json() -> None:
    dice = ",".join(str(v) for v in dice_values("C B D C T T T"))
    script = (
        "ana lancer\nana lancer\nbob lancer\nbob lancer\nbob lancer\ncid lancer\ncid lancer\ncid lancer\n"
    )
    records = run(
        [
            "play",
            "cabane",
            "--players",
            "ana,bob,cid",
            "--dice",
            dice,
            "--json",
            "--seed",
            "1",
            "--option",
            "mode=bataille",
            "--option",
            "cible=3",
        ],
        script,
    )
    events = [r for r in records if "event" in r]
    assert [r["event"] for r in events[:2]] == ["debut", "tour"]
    # ana throws out of turn after her Cabane: refused
    assert {"t": 2, "error": "not_your_turn", "params": {"current": "bob"}} in records
    assert {"t": 5, "event": "cabane_annule", "player": "bob"} in records
    point = {"player": "cid", "points": 1, "score": 1, "reason": "toit", "throw_number": None}
    assert {"t": 6, "event": "point", **point} in records
    final = records[-1]
    assert final["final"] and final["over"] and final["winners"] == ["cid"]
    assert final["scores"] == {"ana": 0, "bob": 0, "cid": 3}


def test_a_scripted_two_dice_game_in_text() -> None:
    dice = ",".join(str(v) for v in dice_values("TF GGGG C B"))
    out = io.StringIO()
    script = "ana lancer\n" + "ana lancer\n" * 6
    assert (
        main(
            ["play", "cabane", "--players", "ana,bob", "--dice", dice, "--seed", "2"],
            io.StringIO(script),
            out,
        )
        == 0
    )
    text = out.getvalue()
    assert "ana pose la première cabane debout ! Place aux 10 coups chacun." in text
    assert "Cabane, ça compte deux coups : « 5 ; 6 »." in text
    assert "Blanc, le coup ne compte pas : « 6 toujours »." in text
    assert "À ana : « 6 toujours », encore 4 coups." in text


def test_random_play_from_the_command_line_reaches_the_end() -> None:
    for mode in ("bataille", "deux_des"):
        for seed in range(5):
            records = run(
                [
                    "play",
                    "cabane",
                    "--players",
                    "ana,bob,cid",
                    "--seed",
                    str(seed),
                    "--auto",
                    "--json",
                    "--option",
                    f"mode={mode}",
                ]
            )
            final = records[-1]
            assert final["over"] and len(final["winners"]) == 1
            assert records[-2]["event"] == "victoire"


def test_the_vocabulary_lists_the_throw_and_the_options() -> None:
    out = io.StringIO()
    assert main(["actions", "cabane"], stdout=out) == 0
    text = out.getvalue()
    assert "lancer" in text and "mode = 'deux_des'" in text and "cible = 5" in text
