"""Barricade's words (speech/barricade.py, barricade.po): every event and every refusal of the game said
in French and in English; in English a miner, its tent, the barriers and the gold mine are English
words, and only the game's name « Ruée vers l'or » stays French."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import get_args

import pytest

from games.barricade import GAME, BarricadeState, load_board
from games.barricade.events import BarrierMoved, InMine, Moved, Order, SentHome
from games.core import Action, BaseState, Event, IllegalAction, PlayerId
from speech import words_of
from tests.french import french_lines
from tests.speech.wordsplay import assert_events_said, assert_refusals_said, refusals_written_in, said

WORDS = words_of("barricade")
NAMES = {f"p{i}": name for i, name in enumerate(["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"])}
BOARD = load_board()


def tries(state: BaseState, player: PlayerId) -> Iterator[Action]:
    assert isinstance(state, BarricadeState)
    yield Action(kind="lancer")
    yield Action(kind="laisser")
    yield Action(kind="barriere", args={"point": "A1"})
    yield Action(kind="deplacer", args={"mineur": 9, "destination": "J12"})
    yield Action(kind="deplacer", args={"mineur": 1, "destination": "J12"})


@cache
def played() -> tuple[list[Event], list[IllegalAction]]:
    return said(GAME, tries, range(9), max_steps=600)


def declared_kinds() -> set[str]:
    """The kinds of the game's event models (its union, ``GAME.event_model``)."""
    union = get_args(GAME.event_model)[0]
    return {model.model_fields["kind"].default for model in get_args(union)}


def test_every_event_kind_of_the_engine_is_said_in_both_languages() -> None:
    events, _ = played()
    assert {e.kind for e in events} == declared_kinds()
    for lang in ("fr", "en"):
        assert_events_said(WORDS, events, NAMES, lang)


def test_every_refusal_of_the_engine_is_said_in_both_languages() -> None:
    codes = refusals_written_in("barricade")
    _, errors = played()
    assert codes <= {e.code for e in errors}
    assert_refusals_said(WORDS, errors)


def test_the_summary_says_the_colours_in_the_readers_words() -> None:
    state, _ = GAME.start(["p0", "p1"], seed=2)
    first = {"fr": WORDS.summary(state, NAMES, "fr"), "en": WORDS.summary(state, NAMES, "en")}
    seat = state.order[0]
    colour = {"rouge": "red", "bleu": "blue"}[state.colours[seat]]
    assert f"{NAMES[seat]} ({colour}): 0 in the mine, 5 in the tent, 0 on the way" in first["en"].splitlines()
    assert f"{NAMES[seat]} ({state.colours[seat]}) : 0 à la mine, 5 sous la tente, 0 en route" in first["fr"]
    assert not french_lines(first["en"])


@pytest.mark.parametrize(
    ("event", "french", "english"),
    [
        (
            Order(order=["p1", "p0"], colours={"p0": "rouge", "p1": "bleu"}),
            "Ordre de jeu : Bob (bleu), Alice (rouge).",
            "Order of play: Bob (blue), Alice (red).",
        ),
        (
            Moved(player="p0", miner=2, origin=-1, destination=BOARD.by_label("A3"), path=[], bounce=False),
            "Mineur 2 de Alice sort de sa tente et va sur le point A3.",
            "Alice's miner 2 leaves its tent for point A3.",
        ),
        (
            SentHome(player="p1", miner=4, point=3, by="p0"),
            "Mineur 4 de Bob est renvoyé dans sa tente par Alice !",
            "Bob's miner 4 is sent back to its tent by Alice!",
        ),
        (
            InMine(player="p0", miner=1, arrived=3),
            "Alice a 3 mineurs sur 5 à la mine d'or.",
            "Alice has 3 miners out of 5 in the gold mine.",
        ),
        (
            BarrierMoved(player="p1", origin=BOARD.by_label("D5"), destination=BOARD.by_label("E18")),
            "Bob déplace la barrière de D5 vers E18.",
            "Bob moves the barrier from D5 to E18.",
        ),
    ],
)
def test_sentences_a_player_reads(event: Event, french: str, english: str) -> None:
    assert WORDS.describe(event, NAMES, "fr") == french
    assert WORDS.describe(event, NAMES, "en") == english


def test_a_refused_move_says_the_throw_in_both_languages() -> None:
    error = IllegalAction("bad_move", miner=2, destination=40, value=4)
    assert WORDS.explain(error, "fr") == "Ce mineur ne peut pas aller là avec ce 4."
    assert WORDS.explain(error, "en") == "That miner can't go there with this 4."


def test_the_actions_are_explained_in_english() -> None:
    specs = {s.kind: s for s in GAME.vocabulary()}
    assert WORDS.action_help(specs["lancer"], "en") == "Throw the die."
    assert WORDS.action_help(specs["laisser"], "fr") == "Laisser la barrière quittée où elle est."
    point = specs["barriere"].args[0]
    assert (
        WORDS.argument_help(specs["barriere"], point, "en")
        == "a free point: its name (e.g. E6) or its number"
    )
