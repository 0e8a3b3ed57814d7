"""A table's latest events as stored: each flat as its model dumps it, read back through the game's
typed models, and the table's own event (a move it played for a player)."""

from __future__ import annotations

import json
import logging
from typing import Any, ClassVar, Literal

from pydantic import ConfigDict, ValidationError

from games.core import Event, PlayerId, registry

log = logging.getLogger(__name__)

# The table's own event: it played the only move a player had (``Game.forced_action``).
FORCED = "coup_joue_pour_toi"


class ForcedMove(Event):
    """The table played ``player``'s only move; ``move`` is that move's first event, as dumped."""

    model_config = ConfigDict(extra="forbid")
    renamed: ClassVar[dict[str, str]] = {"joueur": "player", "coup": "move"}

    kind: Literal["coup_joue_pour_toi"] = "coup_joue_pour_toi"
    player: PlayerId
    action: str
    move: dict[str, Any] | None = None


def dump_events(events: list[Event]) -> str:
    # Each by its own model: a list dumped as ``list[Event]`` would keep only the base's fields.
    return json.dumps([event.model_dump(mode="json") for event in events], ensure_ascii=False)


def read_event(game: str, raw: Any) -> Event:
    """One stored event of a table of ``game``: the game's own model, or the table's. A game the
    registry does not hold (a test's toy game) reads the base ``Event``."""
    if isinstance(raw, dict) and raw.get("kind") == FORCED:
        return ForcedMove.model_validate(raw)
    try:
        known = registry.get(game)
    except KeyError:
        return Event.model_validate(raw)
    return known.read_event(raw)


def load_events(game: str, text: str) -> list[Event]:
    """The stored events of a table of ``game``. One the game no longer knows is left out (it was
    news, not state): an upgrade never keeps a table from opening."""
    events: list[Event] = []
    for raw in json.loads(text):
        try:
            events.append(read_event(game, raw))
        except ValidationError as error:
            log.warning("table de %s : événement illisible laissé de côté (%s) : %s", game, raw, error)
    return events
