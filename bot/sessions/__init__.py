"""Tables per channel: the session manager, its errors, what it tells the bot, and its journal."""

from .errors import MESSAGES, TableError, stored
from .journal import JournalListener, seed_of
from .manager import (
    Listener,
    Notice,
    Outcome,
    Session,
    SessionManager,
    session_waiting_for,
    waiting_for,
    wall_ms,
)

__all__ = [
    "MESSAGES",
    "JournalListener",
    "Listener",
    "Notice",
    "Outcome",
    "Session",
    "SessionManager",
    "TableError",
    "seed_of",
    "session_waiting_for",
    "stored",
    "waiting_for",
    "wall_ms",
]
