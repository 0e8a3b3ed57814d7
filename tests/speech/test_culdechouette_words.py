"""Cul de chouette's words in French and in English: every event the game emits and every refusal it
raises has a sentence in both, with the players' names; the English keeps the game words French and
nothing else; and a few sentences a player reads, word for word."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any, get_args

import pytest
from pydantic_core import PydanticUndefined

from bot.options import describe_options, option_choices
from games.core import Event, IllegalAction
from games.core.autoplay import play_out
from games.culdechouette import GAME
from games.culdechouette import events as ev
from speech import words_of
from speech.catalogue import has
from speech.culdechouette import VALUED
from terminal.listing import print_vocabulary
from tests.french import french_lines

SOURCE = Path(__file__).parents[2] / "games" / "culdechouette"
WORDS = words_of("culdechouette")
NAMES = {"ana": "Arthur", "bob": "Perceval", "cid": "Karadoc"}
LANGS = ("fr", "en")


def _random_events(games: int) -> list[Event]:
    out: list[Event] = []
    for seed in range(games):
        state, events = GAME.start(["ana", "bob", "cid"], {"negatives": seed % 2 == 0}, seed=seed)
        _, log = play_out(GAME, state, random.Random(seed))
        out += events + [e for *_, evs in log for e in evs]
    return out


# The events random play rarely or never reaches (a song, simultaneous calls, a departure), as the
# game writes them.
RARE: list[Event] = [
    ev.SimultaneousCalls(players=["ana", "bob"], lowest=["ana"]),
    ev.CallTieBreakThrow(player="ana", value=2),
    ev.SloubiEntry(player="cid", value=120, rounds=3),
    ev.SloubiSung(player="cid", n=4),
    ev.SloubiMissed(player="cid", said=5, expected=4),
    ev.SloubiDone(player="cid", score=180),
    ev.SloubiRefused(player="cid"),
    ev.SloubiInterrupted(player="cid", by="ana"),
    ev.Left(player="bob"),
    ev.Eliminated(player="bob"),
    ev.Cancelled(),
    ev.Score(player="cid", delta=180, total=180, reason="chante_sloubi", label=""),
    ev.Score(player="cid", delta=60, total=240, reason="sloubi_reussi", label=""),
    ev.ChallengeThrow(player="bob", dice=[2, 2, 5], throw=2, kept=[1, 2]),
    ev.ChouetteMade(player="bob", value=3, bird="Fauvette", forced=True),
]


def _declared_kinds() -> set[str]:
    """Every kind the game's union of events declares."""
    (union, _discriminator) = get_args(GAME.event_model)
    return {model.model_fields["kind"].default for model in get_args(union)}


def test_every_event_model_is_in_the_games_union() -> None:
    models = [value for value in vars(ev).values() if isinstance(value, type) and issubclass(value, Event)]
    kinds = {m.model_fields["kind"].default for m in models} - {PydanticUndefined}  # less the bases
    assert kinds == _declared_kinds()


@pytest.fixture(scope="module")
def events() -> list[Event]:
    return _random_events(40) + RARE


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_kind_is_described_with_the_players_names(events: list[Event], lang: str) -> None:
    seen = {e.kind for e in events}
    assert _declared_kinds() <= seen, sorted(_declared_kinds() - seen)
    for event in events:
        text = WORDS.describe(event, NAMES, lang)
        assert text and not text.startswith(event.kind), (event, text)
        assert "{" not in text and "ana" not in text and "bob" not in text, (event, text)


def test_the_english_keeps_only_the_game_words_french(events: list[Event]) -> None:
    offenders = {e.kind: WORDS.describe(e, NAMES, "en") for e in events if french_lines(WORDS.describe(e, NAMES, "en"))}
    assert offenders == {}
    # and the French is French
    assert french_lines(WORDS.describe(ev.Cancelled(), NAMES, "fr"))


def _error_codes_in_code() -> dict[str, dict[str, Any]]:
    """Each refusal the game raises, with made-up values for its parameters."""
    codes: dict[str, dict[str, Any]] = {}
    for path in SOURCE.glob("*.py"):
        for code, args in re.findall(r'IllegalAction\(\s*"(\w+)"([^)]*)\)', path.read_text(encoding="utf-8")):
            codes[code] = {name: 42 for name in re.findall(r"(\w+)=", args)}
    return codes


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_has_a_sentence(lang: str) -> None:
    codes = _error_codes_in_code()
    assert {"bad_stake", "sloubi_too_high", "not_your_turn", "bets_open"} <= codes.keys()
    for code, params in codes.items():
        assert has(lang, f"culdechouette.error.{code}") or has(lang, f"error.{code}"), code
        text = WORDS.explain(IllegalAction(code, **params), lang)
        assert text and code not in text and "{" not in text, (code, text)


def test_every_bevue_cause_and_score_reason_has_words() -> None:
    causes: set[str] = set()
    for path in SOURCE.glob("*.py"):
        causes |= set(re.findall(r'bevue\(state, \w+, "(\w+)"\)', path.read_text(encoding="utf-8")))
    causes |= {"pas_de_chouette_velute", "pas_de_suite", "sans_egalite"}  # shouts.py picks them from a dict
    for lang in LANGS:
        assert [c for c in sorted(causes) if not has(lang, f"culdechouette.cause.{c}")] == []
        for cause in causes:
            text = WORDS.describe(ev.Bevue(player="ana", cause=cause), NAMES, lang)
            assert not text.endswith(f": {cause}."), text


@pytest.mark.parametrize("lang", LANGS)
def test_every_action_and_argument_and_option_has_help(lang: str) -> None:
    for spec in GAME.vocabulary():
        assert has(lang, f"culdechouette.action.{spec.kind}"), spec.kind
        assert WORDS.action_help(spec, lang)
    helped = {(s.kind, a.name): WORDS.argument_help(s, a, lang) for s in GAME.vocabulary() for a in s.args}
    # the arguments a form or the terminal has to explain (a choice's values, a player, speak for themselves)
    assert all(helped[k] for k in (("grelottine", "cible"), ("miser", "mise"), ("relancer", "garder"))), helped
    for name in GAME.options_model.model_fields:
        assert WORDS.option_help(name, lang), name


def test_a_bevue_reads_in_each_language_with_the_french_elision() -> None:
    event = ev.Bevue(player="ana", cause="hors_tour")
    assert WORDS.describe(event, {"ana": "Arthur"}, "fr") == "Bévue d'Arthur : lancer les dés hors de son tour."
    assert WORDS.describe(event, {"ana": "Perceval"}, "fr") == "Bévue de Perceval : lancer les dés hors de son tour."
    assert WORDS.describe(event, {"ana": "Arthur"}, "en") == "Bévue by Arthur: throwing the dice out of turn."


def test_a_throw_and_its_points_read_in_each_language() -> None:
    cul = ev.CulThrown(player="ana", dice=[1, 2, 3], combination="velute")
    assert WORDS.describe(cul, NAMES, "fr") == "Arthur lance le cul : 3 → 1-2-3 : Velute de 3 et Suite !"
    assert WORDS.describe(cul, NAMES, "en") == "Arthur throws the cul: 3 → 1-2-3: Velute of 3 and Suite!"
    score = ev.Score(player="ana", delta=16, total=30, reason="chouette", label="chouette", value=4)
    assert WORDS.describe(score, NAMES, "fr") == "Arthur fait une Chouette de 4 : +16 (total 30)"
    assert WORDS.describe(score, NAMES, "en") == "Arthur makes a Chouette of 4: +16 (total 30)"
    # an event kept by an older version, with its French label and no value, still reads
    old = GAME.read_event(
        {
            "kind": "score",
            "data": {"player": "ana", "delta": 80, "total": 80, "reason": "cul_de_chouette", "label": "Cul de Chouette de 4"},
            "to": None,
        }
    )
    assert WORDS.describe(old, NAMES, "en") == "Arthur makes a Cul de Chouette of 4: +80 (total 80)"


def test_plurals_and_a_challenge_read_in_each_language() -> None:
    silent = ev.Silent(players=["bob"], shout="grelotte")
    assert WORDS.describe(silent, NAMES, "fr") == "Perceval n'a pas crié « Grelotte ça picote ! » : -10."
    silent = ev.Silent(players=["bob", "cid"], shout="grelotte")
    assert WORDS.describe(silent, NAMES, "fr") == "Perceval, Karadoc n'ont pas crié « Grelotte ça picote ! » : -10."
    assert WORDS.describe(silent, NAMES, "en") == "Perceval, Karadoc did not shout “Grelotte ça picote!”: -10."
    defi = ev.ChallengeSet(grelottin="ana", target="bob", combination="cul_de_chouette", stake=1, max=True)
    assert WORDS.describe(defi, NAMES, "fr") == (
        "Arthur défie Perceval sur un Cul de Chouette, mise : « Max ! » (1 point). Perceval a deux lancers."
    )
    assert WORDS.describe(defi, NAMES, "en") == (
        "Arthur challenges Perceval on a Cul de Chouette, stake: “Max!” (1 point). Perceval has two throws."
    )


def test_refusals_fill_in_their_parameters_in_each_language() -> None:
    assert WORDS.explain(IllegalAction("bad_stake", maximum=42), "fr") == "La mise doit être entre 1 et 42 points."
    assert WORDS.explain(IllegalAction("bad_stake", maximum=42), "en") == "The stake must be between 1 and 42 points."
    assert WORDS.explain(IllegalAction("sloubi_too_high", value=240, limit=228), "en") == (
        "The Sloubi is worth 240, above the limit of 228: wait until it goes down."
    )


def test_the_summary_gives_scores_and_whom_the_table_waits_for() -> None:
    state, _ = GAME.start(["ana", "bob"], seed=3)
    summary = WORDS.summary(state, NAMES, "en")
    first = NAMES[state.players[state.current]]
    assert summary.splitlines() == ["Arthur: 0", "Perceval: 0", f"To play: {first}"]
    assert WORDS.summary(state, NAMES, "fr").splitlines()[-1] == f"À jouer : {first}"


def test_every_valued_combination_has_its_name_and_article() -> None:
    for lang in LANGS:
        for kind in VALUED:
            assert has(lang, f"culdechouette.combo.{kind}") and has(lang, f"culdechouette.combo.a_of.{kind}")


def test_the_options_read_in_the_readers_language_in_aide_and_the_autocomplete() -> None:
    english = describe_options(GAME.options_model, lambda key: WORDS.option_help(key, "en"))
    assert "negatives=true — negative scores allowed (out at -343)" in english
    french = describe_options(GAME.options_model, lambda key: WORDS.option_help(key, "fr"))
    assert "strict=true — lancer hors de son tour est une Bévue (sinon refusé)" in french
    labels = [label for label, _ in option_choices(GAME, "str", lang="en")]
    assert labels and all("throwing out of turn is a Bévue" in label for label in labels), labels


def test_python_m_games_actions_tells_each_action_and_option_in_french() -> None:
    out = io.StringIO()
    print_vocabulary(GAME, out)
    text = out.getvalue()
    assert "lancer  (à son tour) — Lancer : les chouettes, puis le cul" in text
    assert "cible : player. le joueur défié" in text
    assert "negatives = True  scores négatifs autorisés (sortie à -343)" in text


def test_a_kind_the_game_does_not_know_is_shown_by_its_code() -> None:
    # not dropped: the table still says something happened
    assert WORDS.describe(Event(kind="inconnu", data={"x": 1}), NAMES, "en") == "inconnu: {'x': 1}"
