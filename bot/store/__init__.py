"""Storage: the store the session manager writes through (SQLite by default, or PostgreSQL: base.py),
schema steps per dialect, the record of a table.

The names below are loaded on first use: ``python -m bot healthcheck``, ``backup`` and ``restore``
read only ``store.target`` and ``store.migrations``, and need neither the games' models (which the
record imports) nor the SQLite driver's layer."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import Store
    from .errors import STORE_ERRORS, ChannelTaken, DuplicateInteraction, StoreFailure, StoreUnavailable
    from .leases import Holder, LeaseRefused
    from .record import (
        ABANDONED,
        BROKEN,
        LOBBY,
        NEWS_KEPT,
        OPEN_STATUSES,
        OVER,
        PLAYING,
        FinishedPlayer,
        GameStats,
        SessionRecord,
    )

# Each name and the module that holds it.
_HOMES = {
    "Store": "base",
    **dict.fromkeys(
        ("STORE_ERRORS", "ChannelTaken", "DuplicateInteraction", "StoreFailure", "StoreUnavailable"), "errors"
    ),
    **dict.fromkeys(("Holder", "LeaseRefused"), "leases"),
    **dict.fromkeys(
        (
            "ABANDONED",
            "BROKEN",
            "LOBBY",
            "NEWS_KEPT",
            "OPEN_STATUSES",
            "OVER",
            "PLAYING",
            "FinishedPlayer",
            "GameStats",
            "SessionRecord",
        ),
        "record",
    ),
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # once: the next reads are plain attributes
    return value


__all__ = [
    "ABANDONED",
    "BROKEN",
    "LOBBY",
    "NEWS_KEPT",
    "OPEN_STATUSES",
    "OVER",
    "PLAYING",
    "STORE_ERRORS",
    "ChannelTaken",
    "DuplicateInteraction",
    "FinishedPlayer",
    "GameStats",
    "Holder",
    "LeaseRefused",
    "SessionRecord",
    "Store",
    "StoreFailure",
    "StoreUnavailable",
]
