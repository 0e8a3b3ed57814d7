"""Tables per channel: the session manager, its errors and what it tells the bot."""

from .errors import MESSAGES, TableError, stored
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
    "Listener",
    "Notice",
    "Outcome",
    "Session",
    "SessionManager",
    "TableError",
    "session_waiting_for",
    "stored",
    "waiting_for",
    "wall_ms",
]
