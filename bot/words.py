"""The table errors the commands show, from the catalogues (bot/i18n.py): ``table.error.<code>``.

The session manager raises a code and its parameters (bot/sessions/errors.py); the words are the
reader's. A code no catalogue knows yet falls back to the manager's own French sentence.
"""

from __future__ import annotations

from .i18n import has, t
from .sessions import TableError


def table_error(lang: str, error: TableError) -> str:
    key = f"table.error.{error.code}"
    if not has(lang, key) and not has("fr", key):
        return error.text
    try:
        return t(lang, key, **error.params)
    except (KeyError, IndexError, ValueError):
        return error.text
