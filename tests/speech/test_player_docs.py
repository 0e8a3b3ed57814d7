"""The players' documentation of every game, in both languages (docs/games/<game>.md in French,
docs/games/en/<game>.md in English): the English page reads English but the game words, and names
the buttons an English table shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.core import registry
from tests.french import french_lines

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
# The lobby's French buttons: an English page names the English ones (Join, Start, Leave).
FRENCH_BUTTONS = ("*Rejoindre*", "*Commencer*", "*Quitter*", "Ajouter un robot")


def paragraphs(text: str) -> str:
    """The page with each paragraph on one line, so that a shout wrapped over two lines is read whole."""
    return re.sub(r"(?<=\S)\n(?=\S)", " ", text)


@pytest.mark.parametrize("game", registry.names())
def test_every_game_has_its_page_in_french_and_in_english(game: str) -> None:
    french = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    english = (DOCS / "en" / f"{game}.md").read_text(encoding="utf-8")
    assert french_lines(french)  # the French page is French
    assert french_lines(paragraphs(english)) == []
    assert [b for b in FRENCH_BUTTONS if b in english] == []
    assert "/play" in english and "/jouer" in french
