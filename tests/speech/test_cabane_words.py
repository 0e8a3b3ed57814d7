"""La Cabane sul' Dos in words (speech/cabane.py): every event and refusal in French and in English,
the English with no French but the game words, and a few sentences exactly as a player reads them."""

from __future__ import annotations

from typing import get_args

import pytest

from games.cabane import GAME, CabaneState
from games.cabane.events import Point
from games.core import Action, BaseState, Event, IllegalAction
from speech import words_of
from speech.cabane import EVENT_KINDS, POINT_REASONS, count_words
from tests.french import french_lines
from tests.games.cabane.helpers import start, throw, throws
from tests.speech.wordsplay import assert_events_said, random_play

WORDS = words_of(GAME)
NAMES = {"ana": "Ana", "bob": "Bob", "cid": "Cid"}


def played(games: int) -> tuple[list[Event], list[BaseState]]:
    """The events and states of random games of both modes."""

    def starts(seed: int) -> tuple[BaseState, list[Event]]:
        mode = "bataille" if seed % 2 else "deux_des"
        return GAME.start(list(NAMES), {"mode": mode, "cible": 3 + seed % 5}, seed=seed)

    events, states = random_play(GAME, starts, games)
    # Rare in random play: every series of ten without a T (the bataille), and a player leaving.
    state, more = throws(start("deux_des", "TF" + "G" * 30), 31)
    left, gone = GAME.apply(state, state.current, Action(kind="quitter"), 0)
    return events + more + gone, [*states, state, left]


def declared_kinds() -> set[str]:
    """The kinds of the game's event models (its union, ``GAME.event_model``)."""
    union = get_args(GAME.event_model)[0]
    return {model.model_fields["kind"].default for model in get_args(union)}


@pytest.fixture(scope="module")
def game_play() -> tuple[list[Event], list[BaseState]]:
    return played(60)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_event_of_random_games_is_said_in_both_languages(
    lang: str, game_play: tuple[list[Event], list[BaseState]]
) -> None:
    events, _ = game_play
    assert {e.kind for e in events} == set(EVENT_KINDS) == declared_kinds()
    assert {e.reason for e in events if isinstance(e, Point)} == set(POINT_REASONS)
    assert_events_said(WORDS, events, NAMES, lang)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_summary_of_every_state_is_said_in_both_languages(
    lang: str, game_play: tuple[list[Event], list[BaseState]]
) -> None:
    _, states = game_play
    for state in states[::7]:
        text = WORDS.summary(state, NAMES, lang)
        assert "Ana" in text and "{" not in text
        if lang == "en":
            assert not french_lines(text), text


def test_a_throw_out_of_turn_is_refused_in_the_readers_language() -> None:
    error = IllegalAction("not_your_turn", current="Bob")
    assert WORDS.explain(error, "fr") == "Ce n'est pas ton tour : c'est à Bob de lancer."
    assert WORDS.explain(error, "en") == "It is not your turn: Bob is to throw."
    unknown = IllegalAction("unknown_action", action="sauter")
    assert WORDS.explain(unknown, "en") == "Unknown action here."
    assert WORDS.explain(IllegalAction("jamais_vu"), "en") == "Action refused (jamais_vu)."


def test_the_bataille_read_in_both_languages() -> None:
    state, events = throw(start(dice="B C"))
    assert [WORDS.describe(e, NAMES, "fr") for e in events] == [
        "Ana lance : Blanc (B).",
        "Blanc, « rejouez derrière la cabane » ! Ana rejoue une fois.",
    ]
    assert [WORDS.describe(e, NAMES, "en") for e in events] == [
        "Ana throws: Blanc (B).",
        "Blanc, “rejouez derrière la cabane” (play again behind the cabane)! Ana plays once more.",
    ]
    state, events = throw(state)
    assert (
        WORDS.describe(events[1], NAMES, "en")
        == "“Y'a cabane”! Ana passes the die to the neighbour, who will play twice."
    )
    assert WORDS.describe(events[-1], NAMES, "en") == "Bob to play, twice."
    assert WORDS.summary(state, NAMES, "en").splitlines() == [
        "The Bataille — Ana: 0, Bob: 0, Cid: 0",
        "Bob to throw, twice.",
    ]


def test_the_count_of_the_ten_coups_is_said_in_the_tables_language() -> None:
    # T F: the first cabane; then G G G G (4), C (5 ; 6), B (6 toujours).
    state, events = throws(start("deux_des", "TF GGGG C B"), 7)
    said = [WORDS.describe(e, NAMES, "fr") for e in events if e.kind == "compte"]
    assert said[-2:] == [
        "Cabane, ça compte deux coups : « 5 ; 6 ».",
        "Blanc, le coup ne compte pas : « 6 toujours ».",
    ]
    said = [WORDS.describe(e, NAMES, "en") for e in events if e.kind == "compte"]
    assert said[-2:] == [
        "Cabane, that counts as two throws: “5, 6”.",
        "Blanc, the throw does not count: “still 6”.",
    ]
    assert isinstance(state, CabaneState) and WORDS.summary(state, NAMES, "en").endswith(
        "Ana: “still 6”, 4 throws left."
    )
    assert count_words("9", "en") == "9"


def test_the_start_says_the_mode_and_an_older_record_keeps_its_title() -> None:
    _, events = GAME.start(["ana", "bob"], {"mode": "bataille", "cible": 4}, seed=1)
    assert (
        WORDS.describe(events[0], NAMES, "fr")
        == "La Cabane sul' Dos — la Bataille avec 1 dé, en 4 points. Ana, Bob."
    )
    assert (
        WORDS.describe(events[0], NAMES, "en")
        == "La Cabane sul' Dos — the Bataille with 1 die, to 4 points. Ana, Bob."
    )
    old = GAME.read_event(
        {
            "kind": "debut",
            "data": {"mode": "deux_des", "titre": "le jeu à 2 dés", "joueurs": ["ana"]},
            "to": None,
        }
    )
    assert WORDS.describe(old, NAMES, "fr") == "La Cabane sul' Dos — le jeu à 2 dés. Ana."


def test_the_action_and_the_options_are_explained_in_both_languages() -> None:
    (spec,) = GAME.vocabulary()
    assert (
        WORDS.action_help(spec, "en")
        == "Throw: both dice in the Débroussaillage, the one die in the 10 throws and the Bataille."
    )
    assert WORDS.action_help(spec, "fr").startswith("Lancer : les deux dés au débroussaillage")
    assert WORDS.option_help("cible", "en") == "points to reach in the Bataille with 1 die (3 to 7)"
    assert WORDS.option_help("mode", "fr").startswith("bataille (le petit dé seul)")
