"""The table errors the commands show, from the catalogues (bot/i18n.py): ``table.error.<code>``.

The session manager raises a code and its parameters (bot/sessions/errors.py); the words are the
reader's. A code no catalogue knows reads as the code itself (a test checks that every code is in them).
"""

from __future__ import annotations

from .sessions import TableError
from .sessions.errors import sentence


def table_error(lang: str, error: TableError) -> str:
    return sentence(lang, error)
