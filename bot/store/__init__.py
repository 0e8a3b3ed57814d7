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

# The modules holding the names of ``__all__``, searched in this order (the light ones first).
_HOMES = ("errors", "leases", "base", "record")


def __getattr__(name: str) -> Any:
    if name in __all__:
        for home in _HOMES:
            module = importlib.import_module(f"{__name__}.{home}")
            if name in vars(module):
                value = vars(module)[name]
                globals()[name] = value  # once: the next reads are plain attributes
                return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
