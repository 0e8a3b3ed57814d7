"""The terminal table in English (``--lang en``): its own words from terminal.po, the game's through
``speech.words_of(game)`` in the chosen language; French stays the default and what players type in
French keeps working, English words too."""

from __future__ import annotations

import pytest

from tests.french import french_lines

from .scripted import shown, table

GAMES = ["culdechouette", "cabane", "chevre", "barricade", "ludicitude"]
CABANE = ["cabane", "--players", "ana,bob", "--seed", "1"]
SCRIPT = "ana lancer\nbob lancer\naide\nzz\nana @x\nana look\nbob leave\n"


def test_a_scripted_game_in_english_shows_no_french_line() -> None:
    text = shown([*CABANE, "--lang", "en"], SCRIPT)
    assert text.startswith("La Cabane sul' Dos — seed 1. Type “<player> <action>”, “help” (or “?”)")
    assert "Refused: It is not your turn: ana is to throw.\nExpected: ana lancer" in text
    assert "May play now: ana (the table waits for ana)." in text and "ana may type:" in text
    assert "  lancer — Throw: both dice in the Débroussaillage" in text
    assert "Refused: “zz” is neither a player nor an action here; type “<player> <action>”, or “help”." in text
    assert "Refused: “@x”: after @, a number of milliseconds (e.g. @1500)." in text
    assert "bob leaves the game." in text  # « bob leave »: the English word for quitter
    assert text.endswith("Game over. Winner: ana\n")
    assert french_lines(text) == [], french_lines(text)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_of_every_game_in_english_shows_no_french_line(game: str) -> None:
    """Chance plays every seat (``--auto``) to the end: every event, refusal-free turn and summary the
    game's words say, in English but the game words."""
    text = shown([game, "--players", "ana,bob", "--seed", "3", "--auto", "--lang", "en"])
    assert "Game over." in text.splitlines()[-1]
    assert french_lines(text) == [], sorted(set(french_lines(text)))[:10]
    french = shown([game, "--players", "ana,bob", "--seed", "3", "--auto"])
    assert "Partie terminée" in french.splitlines()[-1]  # the same game, in French by default


def test_the_actions_listing_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    from terminal import main

    assert main(["actions", "ludicitude", "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "  tout_relancer  (on their turn) — Start of turn: throw the 7 dice." in text
    assert "Options (--option key=value):" in text
    assert french_lines(text) == []


def test_the_actions_every_game_has_are_listed_in_english_from_the_shared_catalogue(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from terminal import main

    assert main(["actions", "cabane", "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "  quitter  (anyone) — Leave the game." in text
    assert "expulser <joueur>  (the table) — Remove a player" in text


def test_french_stays_the_default_and_french_words_still_work() -> None:
    text = shown(CABANE, "ana lancer\nbob lancer\naide\nbob quitter\n")
    assert "Tapez « <joueur> <action> », « aide » (ou « ? »)" in text
    assert "Refusé : Ce n'est pas ton tour : c'est à ana de lancer.\nAttendu : ana lancer" in text
    assert "Peut jouer maintenant : ana (la table attend ana)." in text
    assert "bob quitte la partie." in text


def test_an_unknown_language_is_refused_by_the_command_line() -> None:
    with pytest.raises(SystemExit):
        table([*CABANE, "--lang", "xx"])
