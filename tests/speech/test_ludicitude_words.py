"""Ludicitude in words (speech/ludicitude.py): every event and refusal in French and in English, the
English with no French but the game words (lapin, clapier, carotte), and a few exact sentences."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest

from games.core import Action, BaseState, Event, IllegalAction
from games.ludicitude import GAME
from games.ludicitude.events import Lost, Scored, ScoreReason
from speech import catalogue, words_of
from speech.ludicitude import faces_words, situation_words
from tests.french import french_lines
from tests.games.ludicitude.helpers import act, start
from tests.speech.wordsplay import assert_events_said, random_play

WORDS = words_of(GAME)
NAMES = {"ana": "Ana", "bob": "Bob", "cid": "Cid"}


def declared_kinds() -> set[str]:
    """The kinds of the game's event models (its union, ``GAME.event_model``)."""
    union = get_args(GAME.event_model)[0]
    return {model.model_fields["kind"].default for model in get_args(union)}


KINDS = declared_kinds()
RULES = Path(__file__).resolve().parents[2] / "games" / "ludicitude"


def played(games: int) -> tuple[list[Event], list[BaseState]]:
    events, states = random_play(
        GAME, lambda seed: GAME.start(list(NAMES), {"objectif": 60}, seed=seed), games
    )
    state, _ = GAME.start(list(NAMES), {"objectif": 60}, seed=games - 1)
    _, gone = GAME.apply(state, "bob", Action(kind="quitter"), 0)
    return events + gone, states


@pytest.fixture(scope="module")
def game_play() -> tuple[list[Event], list[BaseState]]:
    return played(40)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_event_of_random_games_is_said_in_both_languages(
    lang: str, game_play: tuple[list[Event], list[BaseState]]
) -> None:
    events, _ = game_play
    assert {e.kind for e in events} == KINDS
    assert "arret" in {e.reason for e in events if isinstance(e, Scored)}
    assert_events_said(WORDS, events, NAMES, lang)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_summary_of_every_state_is_said_in_both_languages(
    lang: str, game_play: tuple[list[Event], list[BaseState]]
) -> None:
    _, states = game_play
    for state in states[::5]:
        text = WORDS.summary(state, NAMES, lang)
        assert "{" not in text
        if lang == "en":
            assert not french_lines(text), text


def test_every_refusal_the_rules_raise_has_its_sentence_in_both_languages() -> None:
    codes = {
        code
        for path in RULES.glob("*.py")
        for code in re.findall(r'IllegalAction\(\s*"(\w+)"', path.read_text())
    }
    assert {"pas_de_lapin", "clapier_saute", "carottes_relancer", "not_your_turn"} <= codes
    params = {
        "demandes": 3,
        "disponibles": 1,
        "clapier": 4,
        "sommet": 2,
        "attendu": 3,
        "name": "lapins",
        "action": "x",
    }
    for code in codes:
        error = IllegalAction(code, **params)
        assert catalogue.has("fr", f"ludicitude.error.{code}") or catalogue.has("fr", f"error.{code}"), code
        french, english = WORDS.explain(error, "fr"), WORDS.explain(error, "en")
        assert "{" not in french + english and not english.startswith("Action refused"), code
        assert not french_lines(english), (code, english)


def test_a_clapier_out_of_order_is_explained_in_the_readers_language() -> None:
    error = IllegalAction("clapier_saute", clapier=4, sommet=2, attendu=3)
    assert WORDS.explain(error, "fr") == (
        "Les clapiers s'empilent 2, 3, 4, 5 sans sauter : sur le clapier pour 2 ne va que le clapier pour 3, "
        "pas le clapier pour 4."
    )
    assert WORDS.explain(error, "en") == (
        "Clapiers pile up 2, 3, 4, 5 without a gap: only the clapier for 3 goes on the clapier for 2, not the clapier for 4."
    )


def test_a_turn_read_in_both_languages() -> None:
    state = start([1, 1, 2, 3, 6, 6, 6])
    state, events = act(state, "ana", "tout_relancer")
    assert (
        WORDS.describe(events[-1], NAMES, "fr")
        == "Ana lance 7 dés : 2 lapins, 1 double lapin/clapier pour 2, 1 clapier pour 3, 3 carottes."
    )
    assert (
        WORDS.describe(events[-1], NAMES, "en")
        == "Ana throws 7 dice: 2 lapins, 1 double lapin/clapier for 2, 1 clapier for 3, 3 carottes."
    )
    state, events = act(state, "ana", "ecarter", lapins=2, clapier=2)
    assert (
        WORDS.describe(events[-1], NAMES, "fr")
        == "Ana écarte 1 pile de deux lapins, le clapier pour 2. Le tour vaut 20 points ; 4 dés restent."
    )
    assert (
        WORDS.describe(events[-1], NAMES, "en")
        == "Ana sets aside 1 pile of two lapins, the clapier for 2. The turn is worth 20 points; 4 dice left."
    )
    state, events = act(state, "ana", "arreter")
    assert WORDS.describe(events[0], NAMES, "en") == "Ana stops: 20 points (10 × 2). Total: 20."
    assert WORDS.describe(events[-1], NAMES, "en") == (
        "Bob: take over the situation left (1 pile, clapiers 2, worth 20 points, 4 dice to throw) or throw the 7 dice."
    )
    assert WORDS.summary(state, NAMES, "en").splitlines() == [
        "Ana: 20",
        "Bob: 0",
        "To play: Bob",
        "Situation left: 1 pile, clapiers 2, worth 20 points.",
    ]


def test_a_lost_turn_agrees_with_its_points() -> None:
    lost = [Lost(player="ana", points=n) for n in (0, 1, 11)]
    assert [WORDS.describe(e, NAMES, "fr") for e in lost] == [
        "Aucun lapin ! Ana passe son tour.",
        "Aucun lapin ! Ana perd le point du tour.",
        "Aucun lapin ! Ana perd les 11 points du tour.",
    ]
    assert [WORDS.describe(e, NAMES, "en") for e in lost] == [
        "No lapin! Ana's turn passes.",
        "No lapin! Ana loses the turn's 1 point.",
        "No lapin! Ana loses the turn's 11 points.",
    ]


def test_an_older_records_situation_in_words_is_shown_as_it_was_written() -> None:
    assert situation_words("1 pile, 2 lapins", "en") == "1 pile, 2 lapins"
    assert situation_words({"singles": 2, "clapiers": [2, 3]}, "en") == "2 lapins, clapiers 2-3"
    assert faces_words([], "en") == "no die"


def test_the_actions_and_the_option_are_explained_in_both_languages() -> None:
    specs = {s.kind: s for s in GAME.vocabulary()}
    assert WORDS.action_help(specs["arreter"], "en") == "Stop and score the turn's points."
    assert WORDS.action_help(specs["arreter"], "fr") == "S'arrêter et marquer les points du tour."
    (lapins, *_) = specs["ecarter"].args
    assert (
        WORDS.argument_help(specs["ecarter"], lapins, "en")
        == "how many 1s (two 1s of this throw pile up: 10 points)"
    )
    assert WORDS.option_help("objectif", "en") == "points to win"


@pytest.mark.parametrize(
    ("reason", "english"),
    [
        ("arret", "Ana stops: 26 points (13 × 2). Total: 40."),
        ("clapiers", "Only clapiers after carottes: Ana scores all the same: 26 points (13 × 2). Total: 40."),
        ("plus_de_des", "No die left to throw: Ana scores: 26 points (13 × 2). Total: 40."),
    ],
)
def test_every_way_of_scoring_is_said(reason: ScoreReason, english: str) -> None:
    event = Scored(player="ana", reason=reason, points=26, rabbit_points=13, multiplier=2, total=40)
    assert WORDS.describe(event, NAMES, "en") == english
    assert WORDS.describe(event, NAMES, "fr").endswith("26 points (13 × 2). Total : 40.")


def test_a_refusal_that_counts_lapins_says_them_in_the_plural_they_need() -> None:
    one, three = (IllegalAction("trop_de_lapins", demandes=n, disponibles=0) for n in (1, 3))
    assert WORDS.explain(one, "fr") == "Tu veux écarter 1 lapin mais la table n'en montre que 0."
    assert WORDS.explain(three, "en") == "You want to set aside 3 lapins but the table shows only 0."
    doubles = IllegalAction("trop_de_doubles", demandes=2, disponibles=1)
    assert WORDS.explain(doubles, "en") == "You want to set aside 2 doubles lapins but there are only 1."
