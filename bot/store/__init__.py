"""Storage: the store the session manager writes through (SQLite by default, or PostgreSQL: base.py),
schema steps per dialect, the record of a table."""

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
