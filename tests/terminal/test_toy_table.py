"""The terminal table over the core's tiny game: parsing a line, JSON events and the final state."""

from __future__ import annotations

import io
import json

import pytest

from games.core import Action, IllegalAction
from terminal.reading import parse_action
from terminal.table import Runner
from tests.games.core.toy import GAME


def test_actions_parse_by_position_or_by_name() -> None:
    vocab = GAME.full_vocabulary()
    assert parse_action(vocab, ["note", "3"]) == Action(kind="note", args={"points": 3})
    assert parse_action(vocab, ["note", "points=5"]) == Action(kind="note", args={"points": 5})
    with pytest.raises(IllegalAction):
        parse_action(vocab, ["note"])
    with pytest.raises(IllegalAction):
        parse_action(vocab, ["voler"])


def test_the_runner_prints_json_events_and_a_final_state() -> None:
    out = io.StringIO()
    state, _ = GAME.start(["ana", "bob"], {"target": 9}, loaded=[6, 2, 3])
    runner = Runner(GAME, state, out, as_json=True)
    for line in ["ana lancer @1000", "bob six @1500", "attendre", "bob lancer", "ana lancer", "ana lancer"]:
        runner.line(line)
    runner.final()
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert {"t": 3000, "event": "shout_won", "player": "bob"} in records
    assert records[-1]["winners"] == ["ana"] and records[-1]["scores"] == {"ana": 9, "bob": 3}
    assert any(r.get("error") == "game_over" for r in records)
