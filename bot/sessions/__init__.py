"""Tables per channel: the session manager, its errors and what it tells the bot."""

from .errors import MESSAGES, TableError, stored
from .manager import Listener, Notice, Outcome, Session, SessionManager, waiting_for, wall_ms

__all__ = [
    "MESSAGES",
    "Listener",
    "Notice",
    "Outcome",
    "Session",
    "SessionManager",
    "TableError",
    "stored",
    "waiting_for",
    "wall_ms",
]
