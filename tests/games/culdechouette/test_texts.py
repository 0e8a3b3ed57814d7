"""Every event reads as a French sentence, and every refusal has its French explanation."""

from __future__ import annotations

import random
import re
from pathlib import Path

from games.core import Event, IllegalAction
from games.core.autoplay import play_out
from games.core.messages import COMMON
from games.culdechouette import GAME
from games.culdechouette.texts import CAUSES, HANDLERS

SOURCE = Path(__file__).parents[3] / "games" / "culdechouette"


def test_every_error_code_raised_has_a_french_sentence() -> None:
    codes = set()
    for path in SOURCE.glob("*.py"):
        codes |= set(re.findall(r'IllegalAction\(\s*"(\w+)"', path.read_text()))
    assert codes, "no error codes found"
    missing = sorted(c for c in codes if c not in GAME.messages and c not in COMMON)
    assert missing == []


def test_error_sentences_fill_in_their_parameters() -> None:
    assert GAME.explain(IllegalAction("bad_stake", maximum=42)) == "La mise doit être entre 1 et 42 points."
    assert GAME.explain(IllegalAction("sloubi_too_high", value=240, limit=228)) == (
        "Le Sloubi vaut 240, au-delà de la limite de 228 : attends qu'il diminue."
    )


def test_every_bevue_cause_has_words() -> None:
    causes = set()
    for path in SOURCE.glob("*.py"):
        causes |= set(re.findall(r'bevue\(state, \w+, "(\w+)"\)', path.read_text()))
    causes |= {"pas_de_chouette_velute", "pas_de_suite", "sans_egalite"}
    assert sorted(c for c in causes if c not in CAUSES) == []


def test_every_event_of_random_games_is_described_with_names() -> None:
    seen: set[str] = set()
    names = {"ana": "Arthur", "bob": "Perceval", "cid": "Karadoc"}
    for seed in range(40):
        state, events = GAME.start(["ana", "bob", "cid"], {"negatives": seed % 2 == 0}, seed=seed)
        _, log = play_out(GAME, state, random.Random(seed))
        for event in events + [e for *_, evs in log for e in evs]:
            seen.add(event.kind)
            text = GAME.describe(event, names)
            assert event.kind in HANDLERS, event.kind
            assert "ana" not in text and "{" not in text, text
    assert {"score", "bevue", "cul", "sirop_de", "defi", "fin"} <= seen


def test_names_are_elided_after_de() -> None:
    event = Event(kind="bevue", data={"player": "ana", "cause": "hors_tour"})
    assert GAME.describe(event, {"ana": "Arthur"}) == "Bévue d'Arthur : lancer les dés hors de son tour."
    assert GAME.describe(event, {"ana": "Perceval"}) == "Bévue de Perceval : lancer les dés hors de son tour."
