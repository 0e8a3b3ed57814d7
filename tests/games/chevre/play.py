"""Small helpers shared by the Chèvre tests: acting in one line, and reading tiles out of events."""

from __future__ import annotations

import json
import re
from typing import Any

from games.chevre import GAME, ChevreState
from games.chevre.tiles import ALL_TILES, make
from games.core import Action, Event
from games.core.model import ArgValue

TILE_TEXT = re.compile(r'"([0-6]-[0-6])"')


def act(state: ChevreState, player: str, kind: str, **args: ArgValue) -> tuple[ChevreState, list[Event]]:
    return GAME.apply(state, player, Action(kind=kind, args=args), 0)


def poser(tile: str, cote: str | None = None) -> Action:
    args: dict[str, ArgValue] = {"tuile": tile}
    if cote is not None:
        args["cote"] = cote
    return Action(kind="poser", args=args)


def tiles_named(data: Any) -> set[str]:
    """Every tile written « a-b » anywhere in some JSON-able data."""
    return set(TILE_TEXT.findall(json.dumps(data)))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def rest(*used: list[str], chain: list[tuple[int, int]] | None = None) -> list[str]:
    """The tiles not in ``used`` nor on ``chain``, in their usual order (0-0, 0-1 …)."""
    taken = {t for group in used for t in group} | {make(a, b) for a, b in chain or []}
    return [t for t in ALL_TILES if t not in taken]
