"""SQLite storage: schema migrations and the store the session manager writes through."""

from .store import (
    ABANDONED,
    BROKEN,
    LOBBY,
    OPEN_STATUSES,
    OVER,
    PLAYING,
    ChannelTaken,
    DuplicateInteraction,
    FinishedPlayer,
    GameStats,
    SessionRecord,
    Store,
    StoreUnavailable,
)

__all__ = [
    "ABANDONED",
    "BROKEN",
    "LOBBY",
    "OPEN_STATUSES",
    "OVER",
    "PLAYING",
    "ChannelTaken",
    "DuplicateInteraction",
    "FinishedPlayer",
    "GameStats",
    "SessionRecord",
    "Store",
    "StoreUnavailable",
]
