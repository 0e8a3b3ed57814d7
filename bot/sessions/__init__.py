"""Tables per channel: the session manager, its errors, what it tells the bot, and its journal."""

from .errors import TableError, stored
from .journal import JournalListener, seed_of
from .legal import OUTSIDER, LegalActions, legal_actions, session_waiting_for, waiting_for
from .manager import SessionManager
from .session import Due, Listener, Notice, Outcome, Session, wall_ms

__all__ = [
    "OUTSIDER",
    "Due",
    "JournalListener",
    "LegalActions",
    "Listener",
    "Notice",
    "Outcome",
    "Session",
    "SessionManager",
    "TableError",
    "legal_actions",
    "seed_of",
    "session_waiting_for",
    "stored",
    "waiting_for",
    "wall_ms",
]
