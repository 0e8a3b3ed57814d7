"""SQLite storage: schema migrations, the record of a table, and the store the session manager
writes through."""

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
from .store import ChannelTaken, DuplicateInteraction, Store, StoreUnavailable

__all__ = [
    "ABANDONED",
    "BROKEN",
    "LOBBY",
    "NEWS_KEPT",
    "OPEN_STATUSES",
    "OVER",
    "PLAYING",
    "ChannelTaken",
    "DuplicateInteraction",
    "FinishedPlayer",
    "GameStats",
    "Holder",
    "LeaseRefused",
    "SessionRecord",
    "Store",
    "StoreUnavailable",
]
