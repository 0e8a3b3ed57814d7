"""Cutting a typed line into words without ever failing, and comparing words as players type them.

Players type apostrophes (« j'arrive »), accents or none (« arrêter », « arreter »), capitals and
exclamation marks (« Pas mou le caillou ! »): none of these may end the game or be misread.
"""

from __future__ import annotations

import unicodedata

from games.core.values import fold
from speech import SOURCE, t

# Quotes that group words when they are closed on the same line; an unclosed one is a letter.
PAIRS = {'"': '"', "«": "»", "“": "”"}
MAX_LINE = 500


def tokens(line: str) -> list[str]:
    """Words separated by spaces; a closed pair of double quotes (or « ») keeps spaces inside."""
    out: list[str] = []
    current: list[str] = []
    i = 0
    while i < len(line):
        char = line[i]
        closing = PAIRS.get(char)
        end = line.find(closing, i + 1) if closing is not None else -1
        if closing is not None and end > i and not current:
            out.append(line[i + 1 : end].strip())
            i = end + 1
            continue
        if char.isspace():
            if current:
                out.append("".join(current))
                current = []
        else:
            current.append(char)
        i += 1
    if current:
        out.append("".join(current))
    return [w for w in out if w]


def plain(word: str) -> str:
    """A word folded for comparison: lower case, no accents, apostrophes and dashes as ``_`` (the
    same folding as the values the bot's forms read: ``games.core.values.fold``)."""
    return fold(word)


def unreadable(line: str, lang: str = SOURCE) -> str | None:
    """Why a line cannot be read at all (None when it can): the refusal a player sees, in ``lang``."""
    if len(line) > MAX_LINE:
        return t(lang, "terminal.read.too_long", limit=MAX_LINE)
    if "\ufffd" in line:
        return t(lang, "terminal.read.invalid")
    if any(unicodedata.category(c) == "Cc" and c not in "\t\r\n" for c in line):
        return t(lang, "terminal.read.control")
    return None
