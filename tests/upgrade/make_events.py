"""Writes the stored events of ``test_old_events.py``: samples of every kind of event each game
emitted, stored as the bot of the day stored a table's events, and their words then, in French and
English, as a player read them (``data/events-<NAME>.json``).

Run it from the repository root with the code whose events the upgrade test must keep reading:

    .venv/bin/python -m tests.upgrade.make_events

Like ``make_database``, it is not re-run after a change of the events: the committed file is the
point (events written by an older version). Make a new file (a new name) for a new version to guard.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

from games.core import registry
from games.core.autoplay import random_steps
from speech import words_of

HERE = Path(__file__).resolve().parent
NAME = "v0.1.0-2026-12-01"
PATH = HERE / "data" / f"events-{NAME}.json"
NAMES = {"2001": "Arthur", "2002": "Perceval", "2003": "Karadoc", "2004": "Léodagan", "2005": "Bohort"}
GAMES_PER_SETUP = 40
SAMPLES = 3  # per game, kind and set of keys
SETUPS: dict[str, list[dict[str, Any]]] = {
    "culdechouette": [{}, {"negatives": False, "strict": False}],
    "cabane": [{"mode": "deux_des"}, {"mode": "bataille", "cible": 3}],
    "chevre": [{}, {"limite": 30}],
    "barricade": [{}],
    "ludicitude": [{}, {"objectif": 100}],
}
# The table's own event (a move played for a player), as the bot stored it with the move's event.
FORCED = "coup_joue_pour_toi"


def signature(raw: dict[str, Any]) -> tuple[str, tuple[str, ...], bool]:
    data = raw.get("data", raw)
    return raw["kind"], tuple(sorted(data)), raw.get("to") is None


def samples(name: str) -> list[dict[str, Any]]:
    game = registry.get(name)
    words = words_of(game)
    rng = random.Random(name)
    kept: dict[tuple[str, tuple[str, ...], bool], list[dict[str, Any]]] = {}
    forced: list[dict[str, Any]] = []
    for options in SETUPS[name]:
        for index in range(GAMES_PER_SETUP):
            seats = list(NAMES)[: 2 + index % (min(game.max_players, len(NAMES)) - 1)]
            state, events = game.start(seats, options, seed=rng.randrange(1 << 30))
            steps = [(events, state)]
            for step in random_steps(game, state, rng):
                steps.append((step.events, step.after))
            for events, after in steps:
                for event in events:
                    raw = event.model_dump(mode="json")
                    bucket = kept.setdefault(signature(raw), [])
                    if len(bucket) < SAMPLES:
                        said = {lang: words.describe(event, NAMES, lang) for lang in ("fr", "en")}
                        bucket.append({"event": raw, "words": said})
                move = game.forced_action(after) if not after.over else None
                if move is not None and len(forced) < SAMPLES:
                    player, action = move
                    _, played = game.apply(after, player, action, 0)
                    data = {"joueur": player, "action": str(action)}
                    if played:
                        data["coup"] = played[0].model_dump(mode="json")
                    forced.append({"event": {"kind": FORCED, "data": data, "to": None}, "words": {}})
    return [sample for bucket in kept.values() for sample in bucket] + forced


def main() -> None:
    commit = subprocess.run(
        ["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=HERE, check=False
    ).stdout.strip()
    out = {"made_by_commit": commit, "names": NAMES, "games": {name: samples(name) for name in SETUPS}}
    PATH.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    counts = {name: len(events) for name, events in out["games"].items()}
    print(f"{PATH}: {counts}")


if __name__ == "__main__":
    main()
