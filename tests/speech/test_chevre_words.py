"""Chèvre's words (speech/chevre.py, chevre.po): every event and every refusal of the game said in
French and in English, the English without French but the game's words (chèvre, bazar, poisson)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import get_args

import pytest

from games.chevre import GAME, ChevreState
from games.chevre.events import Drew, GameOver, Laid, RoundOver
from games.chevre.tiles import ALL_TILES
from games.core import Action, BaseState, Event, IllegalAction, PlayerId
from speech import words_of
from speech.chevre import is_round_end
from tests.french import french_lines
from tests.games.chevre.play import act, poser
from tests.speech.wordsplay import assert_events_said, assert_refusals_said, refusals_written_in, said

WORDS = words_of("chevre")
NAMES = {"p0": "Arthur", "p1": "Perceval", "p2": "Karadoc", "p3": "Lancelot"}


def tries(state: BaseState, player: PlayerId) -> Iterator[Action]:
    assert isinstance(state, ChevreState)
    yield Action(kind="piocher")
    yield Action(kind="passer")
    yield poser("7-9")
    for tile in (*state.hands.get(player, [])[:3], *ALL_TILES[::4]):
        for side in (None, "gauche", "droite", "milieu"):
            yield poser(tile, side)


@cache
def played() -> tuple[list[Event], list[IllegalAction]]:
    return said(GAME, tries, range(12))


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
    codes = refusals_written_in("chevre")
    _, errors = played()
    assert codes <= {e.code for e in errors}
    assert_refusals_said(WORDS, errors)


def test_the_summary_is_said_in_both_languages_to_the_end() -> None:
    state, _ = GAME.start(["p0", "p1"], seed=3)
    english = WORDS.summary(state, NAMES, "en")
    assert english.splitlines()[0].startswith("Round 1 — chain: ")
    assert not french_lines(english)
    assert WORDS.summary(state, NAMES, "fr").splitlines()[0].startswith("Manche 1 — chaîne : ")


def test_a_laid_tile_reads_the_same_in_both_languages() -> None:
    event = Laid(player="p1", tile="2-6", side="gauche", ends=(6, 4), hand_size=1)
    assert (
        WORDS.describe(event, NAMES, "fr")
        == "Perceval pose le 2-6 à gauche. Bouts : 6 et 4. Il lui reste 1 domino."
    )
    assert (
        WORDS.describe(event, NAMES, "en")
        == "Perceval lays the 2-6 on the left. Ends: 6 and 4. 1 domino left in hand."
    )


def test_the_bazar_and_the_chevre_keep_their_names_in_english() -> None:
    draw = Drew(player="p0", bazar=6, hand_size=8)
    assert WORDS.describe(draw, NAMES, "en") == "Arthur goes to the bazar (6 dominoes left in it)."
    end = GameOver(chevres=["p2"], winners=["p0", "p1"], scores={"p2": 104})
    assert WORDS.describe(end, NAMES, "en") == "The chèvre: Karadoc (104 points). Winners: Arthur, Perceval."
    assert (
        WORDS.describe(end, NAMES, "fr") == "La chèvre : Karadoc (104 points). Gagnants : Arthur, Perceval."
    )


@pytest.mark.parametrize(
    ("lang", "head"),
    [("fr", "Poisson de Arthur : fin de la manche 2."), ("en", "Poisson by Arthur: round 2 is over.")],
)
def test_a_poisson_shows_every_hand_and_who_takes_the_points(lang: str, head: str) -> None:
    event = RoundOver(
        round=2,
        ending="poisson",
        player="p0",
        hands={"p0": ["1-2"], "p1": ["5-6", "6-6"]},
        points={"p0": 3, "p1": 23},
        taken={"p0": 0, "p1": 26},
        opened=["p1"],
        scores={"p0": 0, "p1": 26},
        remembered={"p0": 3, "p1": 0},
    )
    lines = WORDS.describe(event, NAMES, lang).splitlines()
    assert lines[0] == head and is_round_end(lines[0])
    assert (
        lines[2]
        == {
            "fr": "Perceval : 5-6 6-6 (23 points), prend 26 points, ouvre son compte → compte 26, mémoire 0.",
            "en": "Perceval: 5-6 6-6 (23 points), takes 26 points, opens their account → account 26, memory 0.",
        }[lang]
    )
    assert not is_round_end(lines[1])


def test_a_refused_end_names_the_end_in_the_readers_words() -> None:
    state, _ = GAME.start(["p0", "p1"], seed=1)
    state.chain, state.hands["p0"] = [(3, 4)], ["1-2", "2-5", "5-6", "0-0", "1-1", "2-2", "6-6"]
    state.hands["p0"][0] = "4-5"
    with pytest.raises(IllegalAction) as info:
        act(state, state.turn_player(), "poser", tuile="4-5", cote="gauche")
    assert WORDS.explain(info.value, "fr") == "Le 4-5 ne se pose pas à gauche."
    assert WORDS.explain(info.value, "en") == "The 4-5 doesn't fit on the left."


def test_the_actions_and_the_option_are_explained_in_english() -> None:
    specs = {s.kind: s for s in GAME.vocabulary()}
    assert WORDS.action_help(specs["piocher"], "en") == "Take a domino from the bazar (only when none fits)."
    assert WORDS.argument_help(specs["poser"], specs["poser"].args[0], "en") == "the domino, for example 3-5"
    assert (
        WORDS.option_help("limite", "en") == "points on the account that make the chèvre (101 in the rules)"
    )
    assert WORDS.option_help("limite", "fr") == "points au compte qui font la chèvre (101 dans les règles)"


def test_the_option_is_described_in_the_readers_language_by_jouer_and_aide() -> None:
    from bot.options import describe_options, option_choices

    [(english, _)] = option_choices(GAME, "li", lang="en")
    assert (
        english
        == "limite=101  (default; 13 … 1000; points on the account that make the chèvre (101 in the rules))"
    )
    [(french, _)] = option_choices(GAME, "li", lang="fr")
    assert french.endswith("points au compte qui font la chèvre (101 dans les règles))")
    assert describe_options(GAME.options_model, lambda key: words_of(GAME).option_help(key, "en")) == [
        "limite=101 — points on the account that make the chèvre (101 in the rules)"
    ]
