"""The local runner plays Cul de chouette: a scripted scenario in JSON, then random play to the end."""

from __future__ import annotations

import io
import json

from terminal import main


def run(argv: list[str], script: str) -> list[dict[str, object]]:
    out = io.StringIO()
    assert main(argv, stdin=io.StringIO(script), stdout=out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_a_scripted_scenario_in_json() -> None:
    script = "\n".join(
        [
            "ana lancer @1000",
            "ana lancer @1100",
            "ana garder @1200",
            "bob lancer @2000",
            "bob lancer @2100",
            "ana pas_mou_le_caillou @2300",
            "bob pas_mou_le_caillou @2350",
            "attendre",
            "cid lancer @9000",
        ]
    )
    argv = ["play", "culdechouette", "--players", "ana,bob", "--dice", "1,2,4,1,4,2,2,4", "--json"]
    records = run(argv, script)
    scores = [(r["player"], r["delta"], r["reason"]) for r in records if r.get("event") == "score"]
    assert scores == [
        ("ana", 16, "chouette"),
        ("ana", -32, "pas_mou_egalite"),
        ("bob", -32, "pas_mou_egalite"),
    ]
    # the shout a window waits for and the one shouted are `shout` (an inner `kind` until 2026-12-01)
    window = next(r for r in records if r.get("event") == "fenetre")
    assert window == {"t": 2100, "event": "fenetre", "shout": "pas_mou", "among": ["ana", "bob"], "deadline": 7100}
    shouts = [(r["player"], r["shout"], r["at"]) for r in records if r.get("event") == "cri"]
    assert shouts == [("ana", "pas_mou", 2300), ("bob", "pas_mou", 2350)]
    assert {"t": 9000, "error": "not_a_player", "params": {"player": "cid"}} in records
    final = records[-1]
    assert final["final"] is True and final["scores"] == {"ana": -16, "bob": -32}
    assert final["over"] is False


def test_random_play_through_the_runner_reaches_the_end() -> None:
    records = run(
        ["play", "culdechouette", "--players", "ana,bob,cid", "--seed", "5", "--json", "--auto"], ""
    )
    final = records[-1]
    assert final["over"] is True and final["winners"]
    totals: dict[str, int] = {}
    for record in records:
        if record.get("event") == "score":
            totals[str(record["player"])] = totals.get(str(record["player"]), 0) + int(str(record["delta"]))
    state = final["state"]
    assert isinstance(state, dict)
    assert {p: totals.get(p, 0) for p in state["scores"]} == state["scores"]


def test_the_vocabulary_is_listed_in_french() -> None:
    out = io.StringIO()
    assert main(["actions", "culdechouette"], stdout=out) == 0
    text = out.getvalue()
    assert "siroter" in text and "« Je sirote ! »" in text and "shout_window_ms = 5000" in text
