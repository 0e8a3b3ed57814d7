"""Events stored by an older Taverne read as they were: a table's latest events, kept in its row
as that day's bot wrote them (``{kind, data, to}``, some keys French), load into today's typed
models and are told in the same words, in French and in English (``data/events-*.json``, made by
``make_events.py`` with that day's code)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.store.news import ForcedMove, dump_events, read_event
from games.core import registry
from speech import words_of

DATA = Path(__file__).resolve().parent / "data"
STORED = sorted(DATA.glob("events-*.json"))
GAMES = registry.names()


def stored(path: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text())
    return loaded


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("path", STORED, ids=lambda p: p.stem)
def test_old_events_are_told_in_the_same_words(path: Path, game: str) -> None:
    old = stored(path)
    samples = old["games"][game]
    words = words_of(registry.get(game))
    told = 0
    for sample in samples:
        event = read_event(game, sample["event"])
        for lang, said in sample["words"].items():
            assert words.describe(event, old["names"], lang) == said, (lang, sample["event"])
            told += 1
    assert told >= len(samples)  # every sample but the table's own (ForcedMove) has its words


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("path", STORED, ids=lambda p: p.stem)
def test_old_events_stored_again_read_back_the_same(path: Path, game: str) -> None:
    for sample in stored(path)["games"][game]:
        event = read_event(game, sample["event"])
        again = read_event(game, json.loads(dump_events([event]))[0])
        assert again == event
        if isinstance(event, ForcedMove) and event.move is not None:
            # The move's own event, nested as that day's bot dumped it, reads as the game's.
            assert read_event(game, event.move).kind == event.move["kind"]
