"""Telling French prose from English or game words: the code scan and the English end-to-end tests
(an English table shows no French sentence but the game words) share this reading."""

from __future__ import annotations

import re

# Game words and proper names: French in every language (DECISIONS.md), so not a sign of French prose.
# One entry per game (each game's words are kept by whoever moves that game's words), then the shared.
GAME_WORDS_BY_GAME: dict[str, tuple[str, ...]] = {
    "culdechouette": (
        "Cul de chouette", "Chouette-Velute", "Chouette", "Velute", "Suite", "Sirotage", "Sirop-Grelot", "Bévue",
        "Civet", "Lance-Civet", "Grelottine", "Néant", "Artichette", "Soufflette", "Chante-Sloubi", "Sloubi",
        "Pas mou le caillou", "Grelotte ça picote", "Sans fin est la moisissure des bières bretonnes",
        "bières bretonnes", "Je sirote", "Sirop Gagnant", "Beau-Sirop", "Couche-Sirop", "File-Sirop",
        "Linotte", "Alouette", "Fauvette", "Mouette", "Bergeronnette",
        # The Civet's shout as the rules quote it: « Civet de 50 sur une Chouette ! »; the rules' level.
        "sur une Chouette", "niveau débutant",
    ),
    # The faces (Toit, Façade, Gauche, Droite, Blanc, Cabane), the phases and the shouts of the text.
    "cabane": (
        "La Cabane sul' Dos",
        "Cabane sul' Dos",
        "Façade",
        "Débroussaillage",
        "rejouez derrière la cabane",
        "la cabane annule la cabane",
        "Cabane sauvée",
    ),
    "chevre": ("Dominos « Chèvre »", "Chèvre", "bazar", "poisson"),
    "barricade": ("Ruée vers l'or",),
    # « clapier pour 3 »: a hutch's name, read “clapier for 3”.
    "ludicitude": ("Ludicitude", "double lapin", "lapin", "clapier pour", "clapier", "carotte"),
    "taverne": ("Réglages", "Propriétaire"),
}
GAME_WORDS = re.compile(
    "|".join(
        re.escape(w) for words in GAME_WORDS_BY_GAME.values() for w in sorted(words, key=len, reverse=True)
    ),
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
