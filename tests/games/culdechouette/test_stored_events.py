"""Events a table stored before they were typed (``{kind, data, to}``, as the bot wrote them on
2026-12-01, 6efb018) for the kinds random play seldom reaches, the fixture in tests/upgrade does not
hold: the Chante-Sloubi, simultaneous Grelottine calls, a departure, a throw cancelled, the inner
``kind`` keys now named ``shout``, ``decided_by`` and ``announcement``, and the older cul and score
that still carried a French label. Each reads into the game's model and is told in the words that
day's bot told it (computed with that day's code), in French and in English."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.store.news import dump_events, load_events
from games.core import Event
from games.culdechouette import GAME
from games.culdechouette import events as ev
from speech import words_of

WORDS = words_of("culdechouette")
NAMES = {"2001": "Arthur", "2002": "Perceval", "2003": "Karadoc"}

OLD: list[tuple[dict[str, Any], str, str]] = [
    (
        {"kind": "appels_simultanes", "data": {"players": ["2001", "2002"], "lowest": ["2001", "2002"]}, "to": None},
        "Arthur, Perceval ont crié « Grelottine ! » en même temps : le plus petit score devient grelottin.",
        "Arthur, Perceval shouted “Grelottine!” at the same time: the lowest score becomes the grelottin.",
    ),
    (
        {"kind": "departage_appel", "data": {"player": "2001", "value": 2}, "to": None},
        "Arthur lance un dé pour départager : 2 (le plus petit l'emporte).",
        "Arthur throws a die to break the tie: 2 (the lowest wins).",
    ),
    (
        {"kind": "sloubi_entree", "data": {"player": "2003", "value": 120, "rounds": 3}, "to": None},
        "Karadoc : « Chante-Sloubi ! » Le Sloubi vaut 120 (3 manches jouées).",
        "Karadoc: “Chante-Sloubi!” The Sloubi is worth 120 (3 rounds played).",
    ),
    (
        {"kind": "score", "data": {"player": "2003", "delta": 120, "total": 120, "reason": "chante_sloubi", "label": ""}, "to": None},
        "Karadoc entre en jeu : +120 (total 120)",
        "Karadoc joins the game: +120 (total 120)",
    ),
    (
        {"kind": "sloubi", "data": {"player": "2003", "n": 4}, "to": None},
        "Karadoc : « Sloubi 4 »",
        "Karadoc: “Sloubi 4”",
    ),
    (
        {"kind": "sloubi_rate", "data": {"player": "2003", "said": 5, "expected": 4}, "to": None},
        "Karadoc dit « Sloubi 5 » au lieu de « Sloubi 4 » : chanson ratée.",
        "Karadoc says “Sloubi 5” instead of “Sloubi 4”: the song fails.",
    ),
    (
        {"kind": "sloubi_reussi", "data": {"player": "2003", "score": 180}, "to": None},
        "Karadoc réussit son Sloubi : son score passe à 180.",
        "Karadoc's Sloubi succeeds: their score becomes 180.",
    ),
    (
        {"kind": "score", "data": {"player": "2003", "delta": 60, "total": 180, "reason": "sloubi_reussi", "label": ""}, "to": None},
        "Karadoc réussit son Sloubi : +60 (total 180)",
        "Karadoc's Sloubi succeeds: +60 (total 180)",
    ),
    (
        {"kind": "sloubi_refuse", "data": {"player": "2003"}, "to": None},
        "Karadoc ne chante pas et entre avec son score de départ.",
        "Karadoc does not sing and joins with the starting score.",
    ),
    (
        {"kind": "sloubi_interrompu", "data": {"player": "2003", "by": "2001"}, "to": None},
        "Arthur interrompt le Sloubi de Karadoc : pas de bonus.",
        "Arthur interrupts Karadoc's Sloubi: no bonus.",
    ),
    (
        {"kind": "bevue", "data": {"player": "2003", "cause": "mauvais_sloubi"}, "to": None},
        "Bévue de Karadoc : mauvais numéro de Sloubi.",
        "Bévue by Karadoc: wrong Sloubi number.",
    ),
    (
        {"kind": "depart", "data": {"player": "2002"}, "to": None},
        "Perceval quitte la table.",
        "Perceval leaves the table.",
    ),
    (
        {"kind": "annule", "data": {}, "to": None},
        "Le lancer en cours est annulé.",
        "The throw in progress is cancelled.",
    ),
    (
        {"kind": "defi_lancer", "data": {"player": "2002", "dice": [2, 2, 5], "throw": 2, "kept": [1, 2]}, "to": None},
        "Perceval, deuxième lancer (en gardant 1, 2) : 2-2-5 → Chouette de 2.",
        "Perceval, second throw (keeping 1, 2): 2-2-5 → Chouette of 2.",
    ),
    (
        {"kind": "chouette", "data": {"player": "2002", "value": 3, "bird": "Fauvette", "forced": True}, "to": None},
        "Sirop-Grelot : Perceval doit siroter sa Chouette de 3 (Fauvette).",
        "Sirop-Grelot: Perceval must sirote their Chouette of 3 (Fauvette).",
    ),
    (
        {"kind": "annonce", "data": {"player": "2002", "kind": "beau_sirop", "value": 4}, "to": None},
        "Perceval : « Beau-Sirop ! » (5 points sur le 4)",
        "Perceval: “Beau-Sirop!” (5 points on the 4)",
    ),
    (
        {"kind": "annonce", "data": {"player": "2003", "kind": "couche_sirop"}, "to": None},
        "Karadoc : « Couche-Sirop ! »",
        "Karadoc: “Couche-Sirop!”",
    ),
    (
        {"kind": "dernier", "data": {"player": "2001", "kind": "des"}, "to": None},
        "Arthur fait le plus grand dé.",
        "Arthur has the highest die.",
    ),
    (
        {"kind": "fenetre", "data": {"kind": "moisissure", "among": ["2001", "2002"], "deadline": 9000}, "to": None},
        "Égalité entre Arthur, Perceval : criez « Sans fin est la moisissure des bières bretonnes ! »",
        "Tie between Arthur, Perceval: shout “Sans fin est la moisissure des bières bretonnes!”",
    ),
    (
        {"kind": "cri", "data": {"player": "2002", "kind": "moisissure", "at": 8000}, "to": None},
        "Perceval : « Sans fin est la moisissure des bières bretonnes ! »",
        "Perceval: “Sans fin est la moisissure des bières bretonnes!”",
    ),
    (
        {"kind": "cul", "data": {"player": "2001", "dice": [4, 4, 2], "combination": "chouette", "label": "Chouette de 4"}, "to": None},
        "Arthur lance le cul : 2 → 4-4-2 : Chouette de 4 !",
        "Arthur throws the cul: 2 → 4-4-2: Chouette of 4!",
    ),
    (
        {"kind": "score", "data": {"player": "2001", "delta": 16, "total": 16, "reason": "chouette", "label": "Chouette de 4"}, "to": None},
        "Arthur fait une Chouette de 4 : +16 (total 16)",
        "Arthur makes a Chouette of 4: +16 (total 16)",
    ),
]


@pytest.mark.parametrize(("stored", "fr", "en"), OLD, ids=[f"{i}-{s['kind']}" for i, (s, _, _) in enumerate(OLD)])
def test_an_old_stored_event_reads_in_the_same_words(stored: dict[str, Any], fr: str, en: str) -> None:
    event = GAME.read_event(stored)
    assert type(event) is not Event and event.kind == stored["kind"]
    assert WORDS.describe(event, NAMES, "fr") == fr
    assert WORDS.describe(event, NAMES, "en") == en
    again = load_events("culdechouette", dump_events([event]))
    assert again == [event]


def test_the_inner_kinds_read_under_their_new_names() -> None:
    by_kind = {stored["kind"]: GAME.read_event(stored) for stored, _, _ in OLD}
    window, shout, last = by_kind["fenetre"], by_kind["cri"], by_kind["dernier"]
    assert isinstance(window, ev.ShoutWindow) and window.shout == "moisissure" and window.among == ["2001", "2002"]
    assert isinstance(shout, ev.Shouted) and shout.shout == "moisissure" and shout.at == 8000
    assert isinstance(last, ev.Last) and last.decided_by == "des"
    assert json.loads(dump_events([shout]))[0] == {
        "kind": "cri", "to": None, "player": "2002", "shout": "moisissure", "at": 8000
    }
    bets = [GAME.read_event(stored) for stored, _, _ in OLD if stored["kind"] == "annonce"]
    assert [(b.announcement, b.value) for b in bets if isinstance(b, ev.SiropAnnounced)] == [
        ("beau_sirop", 4),
        ("couche_sirop", None),
    ]
    # an announcement without a bet has no value nor bird, as before
    assert bets[1].data == {"player": "2003", "announcement": "couche_sirop"}


def test_the_older_french_labels_still_read() -> None:
    cul = GAME.read_event(next(s for s, _, _ in OLD if s["kind"] == "cul"))
    assert isinstance(cul, ev.CulThrown) and cul.combination == "chouette" and "label" not in cul.data
    score = GAME.read_event(next(s for s, _, _ in OLD if s["kind"] == "score" and s["data"]["reason"] == "chouette"))
    assert isinstance(score, ev.Score) and score.value is None and score.label == "Chouette de 4"
    assert "value" not in score.data


def test_a_stored_event_the_game_does_not_know_is_left_out_of_the_table() -> None:
    stored = json.dumps([OLD[0][0], {"kind": "cri", "data": {"player": "2001", "kind": "hurlement", "at": 1}, "to": None}])
    assert [e.kind for e in load_events("culdechouette", stored)] == ["appels_simultanes"]
