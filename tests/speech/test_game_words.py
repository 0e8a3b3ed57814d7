"""A game's refusals and words, asked through speech.words_of, in the reader's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.core import IllegalAction
from speech import catalogue, words_of


@pytest.mark.parametrize("game", ["culdechouette", "cabane", "chevre", "barricade", "ludicitude"])
def test_a_shared_refusal_is_in_the_readers_language(game: str) -> None:
    words = words_of(game)
    error = IllegalAction("player_count", minimum=2, maximum=6, got=1)
    assert words.explain(error, "en") == "A game needs 2 to 6 players (you are 1)."
    assert words.explain(error, "fr") == "Il faut entre 2 et 6 joueurs (vous êtes 1)."


def test_two_files_of_one_language_may_not_give_the_same_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    header = 'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
    (tmp_path / "fr").mkdir()
    for name in ("a.po", "b.po"):
        (tmp_path / "fr" / name).write_text(header + 'msgid "same.id"\nmsgstr "Bonjour"\n', encoding="utf-8")
    monkeypatch.setattr(catalogue, "LOCALES_DIR", tmp_path)
    catalogue.catalogues.cache_clear()
    try:
        with pytest.raises(catalogue.DuplicateMessageId, match=r"same\.id"):
            catalogue.catalogues()
    finally:
        monkeypatch.undo()
        catalogue.catalogues.cache_clear()
