"""The terminal table in English (``--lang en``): its own words from terminal.po, the game's through
``speech.words_of(game)`` in the chosen language; French stays the default and what players type in
French keeps working, English words too."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games.core import ActionSpec, ArgSpec, BaseState, Event, IllegalAction
from speech import GameWords, words_of
from speech import games as speech_games
from tests.french import french_lines

from .scripted import shown, table

CABANE = ["cabane", "--players", "ana,bob", "--seed", "1"]
SCRIPT = "ana lancer\nbob lancer\naide\nzz\nana @x\nana look\nbob leave\n"


class EnglishWords(GameWords):
    """Stands for a game whose words have moved to speech/ (each game's helper writes the real
    ones): every sentence of the game in English, so that any French line left is the terminal's."""

    def describe(self, event: Event, names: dict[str, str], lang: str) -> str:
        return f"event {event.kind}" if lang == "en" else super().describe(event, names, lang)

    def summary(self, state: BaseState, names: dict[str, str], lang: str) -> str:
        return f"scores {self.game.scores(state)}" if lang == "en" else super().summary(state, names, lang)

    def explain(self, error: IllegalAction, lang: str) -> str:
        return f"refusal {error.code}" if lang == "en" else super().explain(error, lang)

    def action_help(self, spec: ActionSpec, lang: str) -> str:
        return f"does {spec.kind}" if lang == "en" else super().action_help(spec, lang)

    def argument_help(self, spec: ActionSpec, arg: ArgSpec, lang: str) -> str:
        return f"the {arg.name}" if lang == "en" else super().argument_help(spec, arg, lang)


@pytest.fixture
def english_cabane() -> Iterator[None]:
    words: dict[str, Any] = speech_games._WORDS
    before = words.get("cabane")
    words["cabane"] = EnglishWords(words_of("cabane").game)
    yield
    if before is None:
        words.pop("cabane", None)
    else:
        words["cabane"] = before


def test_a_scripted_game_in_english_shows_no_french_line(english_cabane: None) -> None:
    text = shown([*CABANE, "--lang", "en"], SCRIPT)
    assert text.startswith("La Cabane sul' Dos — seed 1. Type “<player> <action>”, “help” (or “?”)")
    assert "Refused: refusal not_your_turn\nExpected: ana lancer" in text
    assert "May play now: ana (the table waits for ana)." in text and "ana may type:" in text
    assert "  lancer — does lancer" in text
    assert "Refused: “zz” is neither a player nor an action here; type “<player> <action>”, or “help”." in text
    assert "Refused: “@x”: after @, a number of milliseconds (e.g. @1500)." in text
    assert "event depart" in text  # « bob leave »: the English word for quitter
    assert french_lines(text) == [], french_lines(text)


def test_the_actions_listing_in_english(english_cabane: None, capsys: pytest.CaptureFixture[str]) -> None:
    from terminal import main

    assert main(["actions", "cabane", "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "  lancer  (on their turn) — does lancer" in text
    assert "  quitter  (anyone) — does quitter" in text
    assert "Options (--option key=value):" in text


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
