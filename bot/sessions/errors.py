"""Why the table (not the game) refused something, as a code and parameters like the games' errors."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any, TypeVar

from speech import SOURCE, catalogues

from ..store.errors import STORE_ERRORS

log = logging.getLogger(__name__)

T = TypeVar("T")

class TableError(Exception):
    """Raised by the session manager: a code and its parameters. Its words are the catalogues'
    ``table.error.<code>``, in the reader's language (``bot.words.table_error``)."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(code)

    @property
    def text(self) -> str:
        """The French sentence (the source language), for a caller that has no reader's language."""
        return sentence(SOURCE, self)


def sentence(lang: str, error: TableError) -> str:
    """``table.error.<code>`` in ``lang`` (French when that catalogue lacks it), filled in; a
    parameter the raiser left out reads « … » rather than losing the whole sentence."""
    key = f"table.error.{error.code}"
    books = catalogues()
    template = next((b.singular[key] for b in (books.get(lang), books.get(SOURCE)) if b and key in b.singular), None)
    if template is None:
        return error.code
    try:
        return template.format_map(_Lenient(error.params))
    except (IndexError, ValueError):
        return template


class _Lenient(dict[str, Any]):
    def __missing__(self, name: str) -> str:
        return "…"


async def stored(work: Awaitable[T]) -> T:
    """``work`` (something the manager writes), with a database failure (locked too long, read-only,
    full) turned into ``TableError("storage")``: the manager has put memory back as committed, so
    nothing was done and the player may be told so."""
    try:
        return await work
    except STORE_ERRORS as error:
        log.error("écriture en base impossible : %s", error)
        raise TableError("storage") from None
