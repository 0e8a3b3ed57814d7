"""Telling French prose from English or game words: the code scan and the English end-to-end tests
(an English table shows no French sentence but the game words) share this reading."""

from __future__ import annotations

import re

# Game words and proper names: French in every language (DECISIONS.md), so not a sign of French prose.
# One entry per game (each game's words are kept by whoever moves that game's words), then the shared.
GAME_WORDS_BY_GAME: dict[str, tuple[str, ...]] = {
    "culdechouette": ("Cul de chouette", "Bévue", "Néant"),
    "cabane": ("Cabane sul' Dos", "Façade"),
    "chevre": ("Dominos « Chèvre »", "Chèvre"),
    "barricade": ("Ruée vers l'or",),
    "ludicitude": ("Ludicitude",),
    "taverne": ("Réglages", "Propriétaire"),
}
GAME_WORDS = re.compile(
    "|".join(re.escape(w) for words in GAME_WORDS_BY_GAME.values() for w in sorted(words, key=len, reverse=True)),
    re.IGNORECASE,
)
FRENCH_LETTERS = re.compile(r"[àâäçéèêëîïôöûùüÿœæ«»]", re.IGNORECASE)
FRENCH_WORDS = re.compile(
    r"\b(le|la|les|des|une|est|pas|dans|pour|avec|sur|cette|tu|ton|vous|il|du|aux|et|ou|ne|que|qui)\b",
    re.IGNORECASE,
)


def is_french(text: str) -> bool:
    rest = GAME_WORDS.sub("", text)
    if FRENCH_LETTERS.search(rest):
        return True
    return len(rest.split()) >= 3 and len(FRENCH_WORDS.findall(rest)) >= 2


def french_lines(text: str) -> list[str]:
    """The lines of ``text`` that read as French prose (game words and names aside)."""
    return [line for line in text.splitlines() if line.strip() and is_french(line)]
