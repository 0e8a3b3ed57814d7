"""A game's refusals and words, asked through speech.words_of, in the reader's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.core import COMMON_VOCABULARY, SYSTEM, Action, ArgSpec, IllegalAction
from speech import catalogue, words_of
from tests.games.core.toy import GAME as TOY


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


def test_a_game_without_words_of_its_own_still_speaks_both_languages_from_the_shared_catalogue() -> None:
    # The toy game has no speech module: the base says its summary, the shared refusals and the
    # common actions from games.po, and names an unknown code rather than failing.
    words = words_of(TOY)
    state, _ = TOY.start(["ana", "bob"], loaded=[3])
    names = {"ana": "Arthur", "bob": "Perceval"}
    assert words.summary(state, names, "fr").splitlines() == ["Arthur : 0", "Perceval : 0", "À jouer : Arthur"]
    assert words.summary(state, names, "en").splitlines() == ["Arthur: 0", "Perceval: 0", "To play: Arthur"]
    state, _ = TOY.apply(state, SYSTEM, Action(kind="expulser", args={"joueur": "bob"}), 0)
    assert words.summary(state, names, "en").splitlines()[-1] == "Game over. Winner: Arthur"
    assert words.summary(state, names, "fr").splitlines()[-1] == "Partie terminée. Gagnant : Arthur"
    assert words.explain(IllegalAction("not_your_turn"), "en") == "It is not your turn."
    assert words.explain(IllegalAction("bad_points", points=9), "en") == "Action refused (bad_points)."
    helps = {spec.kind: words.action_help(spec, "en") for spec in COMMON_VOCABULARY}
    assert helps == {
        "quitter": "Leave the game.",
        "expulser": "Remove a player (inactive, or the host's decision).",
        "tick": "Let time pass until the given moment.",
    }
    assert words.action_help(COMMON_VOCABULARY[0], "fr") == "Quitter la partie."


def test_a_choice_is_said_in_the_readers_words_and_read_in_any_language() -> None:
    words = words_of("chevre")
    side = ArgSpec(name="cote", type="choice", choices=["gauche", "droite"])
    assert [words.choice_word(side, c, "en") for c in side.choices] == ["left", "right"]
    assert [words.choice_word(side, c, "fr") for c in side.choices] == ["gauche", "droite"]
    assert [words.choice_of(side, typed) for typed in ("Left", "droite", " RIGHT ", "haut")] == [
        "gauche",
        "droite",
        "droite",
        None,
    ]
