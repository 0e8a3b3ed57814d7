"""The Sirop: « Je sirote ! », the bets window, the siroted die, « Sirop Gagnant ! », and its Bévues."""

from __future__ import annotations

import pytest

from games.core import Event, IllegalAction
from games.culdechouette import GAME
from games.culdechouette.state import CulState

from .helpers import BOTH, WORDS, act, begin, bevues, deltas, kinds, load, refused, rig, said, tick, turn

SCORES = {"ana": 100, "bob": 100, "cid": 100}


def siroting(
    *dice: int, negatives: bool = True, scores: dict[str, int] | None = None, at: int = 0
) -> tuple[CulState, list[Event]]:
    """ana throws the given chouettes and cul, then shouts « Je sirote ! »."""
    state = load(rig(begin(negatives=negatives), scores=scores or SCORES), *dice)
    state, _ = turn(state, "ana", at)
    state, events = act(state, "ana", "siroter", at)
    return state, events


@BOTH
def test_a_successful_sirotage_pays_the_cul_de_chouette_and_the_beau_sirop_bets(negatives: bool) -> None:
    state, events = siroting(4, 1, 4, 4, negatives=negatives)
    assert "ana : « Je sirote ! » sur sa Chouette de 4 (Mouette)." in said(events)[0]
    assert state.phase == "paris" and GAME.deadline(state) == 5000
    state, _ = act(state, "bob", "beau_sirop", 100)
    state, events = act(state, "cid", "couche_sirop", 200)
    assert state.phase == "sirop_lancer" and "paris_clos" in kinds(events)
    state, events = act(state, "ana", "lancer", 300)
    assert "ana relance un dé : 4 → 4-4-4. Sirotage réussi !" in said(events)
    assert deltas(events) == {"ana": 80}
    assert "ana réussit son Sirotage : Cul de Chouette de 4 : +80 (total 180)" in said(events)
    # the winning bet is collected only by shouting « Sirop Gagnant ! »
    state, events = act(state, "bob", "sirop_gagnant", 400)
    assert deltas(events) == {"bob": 25}


@BOTH
def test_a_failed_sirotage_loses_the_chouette_and_the_bets(negatives: bool) -> None:
    state, _ = siroting(5, 5, 2, 3, negatives=negatives)
    state, _ = act(state, "bob", "beau_sirop", 100)
    state, _ = act(state, "cid", "file_sirop", 100)
    state, events = act(state, "ana", "lancer", 300)
    assert deltas(events) == {"bob": -5, "ana": -25}
    assert "ana rate son Sirotage (Bergeronnette) : -25 (total 75)" in said(events)
    assert state.players[state.current] == "bob"


def test_a_forgotten_sirop_gagnant_is_lost_at_the_next_throw_without_a_bevue() -> None:
    state, _ = siroting(2, 2, 1, 2, 3, 5)
    state, _ = act(state, "bob", "beau_sirop", 100)
    state, _ = act(state, "cid", "couche_sirop", 100)
    state, _ = act(state, "ana", "lancer", 300)
    assert state.claims == ["bob"]
    state, events = act(state, "bob", "lancer", 400)
    assert state.claims == [] and deltas(events) == {}
    state, events = act(state, "bob", "sirop_gagnant", 500)
    assert bevues(events) == [("bob", "sirop_gagnant_sans_pari")]


def test_announcing_the_bird_is_a_bevue_and_no_bet() -> None:
    state, _ = siroting(3, 3, 1, 3)
    state, events = act(state, "bob", "oiseau", 100, nom="Fauvette")
    assert bevues(events) == [("bob", "oiseau")]
    state, _ = act(state, "cid", "beau_sirop", 100)
    state, events = act(state, "ana", "lancer", 300)
    assert state.claims == ["cid"]


def test_no_announcement_before_the_bets_close_is_a_bevue() -> None:
    state, _ = siroting(3, 3, 1, 2, at=1000)
    state, _ = act(state, "bob", "couche_sirop", 1100)
    state, events = tick(state)
    assert bevues(events) == [("cid", "pas_d_annonce")]
    state, events = act(state, "ana", "lancer", 7000)
    assert deltas(events) == {"ana": -9}


def test_the_thrower_cannot_throw_before_the_bets_are_in() -> None:
    state, _ = siroting(3, 3, 1, 2)
    state, _ = act(state, "bob", "couche_sirop", 100)
    refused(state, "ana", "lancer", "bets_open", 200)
    refused(state, "ana", "beau_sirop", "own_sirop", 200)
    refused(state, "bob", "beau_sirop", "already_announced", 200)


def test_siroting_a_chouette_velute_is_a_bevue() -> None:
    state = load(rig(begin(), scores=SCORES), 2, 2, 4)
    state, _ = turn(state, "ana")
    assert any(a.kind == "siroter" for a in GAME.legal_actions(state, "ana"))
    state, events = act(state, "ana", "siroter", 10)
    assert bevues(events) == [("ana", "sirop_chouette_velute")]
    assert state.phase == "cris"


def test_je_sirote_without_a_chouette_is_a_bevue() -> None:
    _state, events = act(begin(), "bob", "siroter")
    assert bevues(events) == [("bob", "sirop_sans_chouette")]


def test_beau_sirop_without_a_sirotage_is_a_bevue() -> None:
    _state, events = act(begin(), "bob", "beau_sirop")
    assert bevues(events) == [("bob", "pari_sans_sirop")]


def test_a_combination_made_by_the_sirotage_takes_effect() -> None:
    # 2-2-5 siroted into 2-2-4: the sirotage fails (−4) and the Chouette-Velute is shouted for
    state, _ = siroting(2, 5, 2, 4)
    state, _ = act(state, "bob", "couche_sirop", 100)
    state, _ = act(state, "cid", "couche_sirop", 100)
    state, events = act(state, "ana", "lancer", 200)
    assert deltas(events) == {"ana": -4}
    assert state.phase == "cris" and state.shouts is not None and state.shouts.kind == "pas_mou"
    state, events = act(state, "cid", "pas_mou_le_caillou", 300)
    state, events = tick(state)
    assert deltas(events) == {"cid": 32}


def test_failing_a_sirotage_of_6_gives_a_civet() -> None:
    state, _ = siroting(6, 6, 1, 2)
    state, _ = act(state, "bob", "couche_sirop", 100)
    state, _ = act(state, "cid", "couche_sirop", 100)
    state, events = act(state, "ana", "lancer", 200)
    assert state.civets == ["ana"] and deltas(events) == {"ana": -36}
    assert "ana gagne un Civet." in said(events)


def test_without_negatives_siroting_needs_the_chouettes_points() -> None:
    state, events = siroting(5, 5, 1, negatives=False, scores={"ana": 20, "bob": 40, "cid": 40})
    assert bevues(events) == [("ana", "sirop_sans_points")] and state.phase == "sirop"
    state, events = act(state, "ana", "garder")
    assert deltas(events) == {"ana": 25}


def test_without_negatives_a_bet_below_5_points_is_a_bevue_back_to_zero_and_void() -> None:
    state, _ = siroting(2, 2, 1, 2, negatives=False, scores={"ana": 40, "bob": 3, "cid": 40})
    state, events = act(state, "bob", "beau_sirop", 100)
    assert bevues(events) == [("bob", "pari_sans_points")] and state.scores["bob"] == 0
    state, _ = act(state, "cid", "couche_sirop", 100)
    state, _ = act(state, "ana", "lancer", 200)
    assert state.claims == []


def test_the_bets_window_offers_the_announcements_to_the_others_only() -> None:
    state, _ = siroting(4, 4, 2)
    offered = {a.kind for a in GAME.legal_actions(state, "bob")}
    assert offered == {"beau_sirop", "couche_sirop", "file_sirop", "oiseau"}
    assert GAME.legal_actions(state, "ana") == []


# --- bets on birds: a bird names a value of the siroted die (Linotte 1 … Chouette 6) ---------------


@BOTH
def test_a_bird_that_the_die_shows_pays_25_when_claimed_and_keeps_the_stake(negatives: bool) -> None:
    # ana's Chouette de 4 (4-1-4): bob bets on the 3 (Fauvette), cid on the 4 (Beau-Sirop); the die is 3
    state, _ = siroting(4, 1, 4, 3, negatives=negatives)
    state, events = act(state, "bob", "oiseau", 100, nom="Fauvette")
    assert said(events) == ["bob : « Fauvette ! » (5 points sur le 3)"] and deltas(events) == {}
    state, events = act(state, "cid", "beau_sirop", 100)
    assert said(events)[0] == "cid : « Beau-Sirop ! » (5 points sur le 4)"
    state, events = act(state, "ana", "lancer", 300)
    assert "ana relance un dé : 3 → 4-3-4. Sirotage raté." in said(events)
    assert deltas(events) == {"cid": -5, "ana": -16}
    assert (
        "bob gagne son pari « Fauvette ! » sur le 3 : « Sirop Gagnant ! » avant le lancer suivant "
        "pour encaisser 25 points." in said(events)
    )
    assert "cid perd son pari « Beau-Sirop ! » : -5 (total 95)" in said(events)
    assert state.claims == ["bob"]
    assert any(a.kind == "sirop_gagnant" for a in GAME.legal_actions(state, "bob"))
    state, events = act(state, "bob", "sirop_gagnant", 400)
    assert deltas(events) == {"bob": 25} and state.scores["bob"] == 125
    assert "bob encaisse son Sirop Gagnant : +25 (total 125)" in said(events)


def test_a_won_bird_not_claimed_before_the_next_throw_pays_nothing_and_is_no_bevue() -> None:
    state, _ = siroting(6, 6, 2, 5, 1, 1)
    state, _ = act(state, "bob", "oiseau", 100, nom="Bergeronnette")
    state, _ = act(state, "cid", "couche_sirop", 100)
    state, events = act(state, "ana", "lancer", 200)
    assert state.claims == ["bob"] and "bob" not in deltas(events)
    state, events = act(state, "bob", "lancer", 300)  # bob's own chouettes: the claim is gone
    assert state.claims == [] and deltas(events) == {}
    assert state.scores["bob"] == 100  # the stake was not lost either
    state, events = act(state, "bob", "sirop_gagnant", 400)
    assert bevues(events) == [("bob", "sirop_gagnant_sans_pari")]


@BOTH
def test_a_bird_the_die_does_not_show_costs_its_stake(negatives: bool) -> None:
    state, _ = siroting(2, 2, 5, 6, negatives=negatives)
    state, _ = act(state, "bob", "oiseau", 100, nom="Linotte")
    state, _ = act(state, "cid", "oiseau", 100, nom="Chouette")
    state, events = act(state, "ana", "lancer", 200)
    assert deltas(events) == {"bob": -5, "ana": -4}
    assert "bob perd son pari « Linotte ! » : -5 (total 95)" in said(events)
    assert state.claims == ["cid"]


def test_the_siroted_chouettes_own_bird_is_a_bevue_even_when_the_die_shows_it() -> None:
    state, _ = siroting(5, 5, 2, 5)
    state, events = act(state, "bob", "oiseau", 100, nom="Bergeronnette")
    assert bevues(events) == [("bob", "oiseau")] and deltas(events) == {"bob": -10}
    assert "Bévue de bob : annoncer l'oiseau de la Chouette sirotée au lieu de « Beau-Sirop ! »." in said(
        events
    )
    state, _ = act(state, "cid", "file_sirop", 100)
    state, events = act(state, "ana", "lancer", 200)
    assert "Sirotage réussi !" in " ".join(said(events))
    assert state.claims == [] and deltas(events) == {"ana": 90}


def test_without_negatives_a_bird_below_5_points_is_a_bevue_back_to_zero_and_void() -> None:
    state, _ = siroting(4, 4, 1, 3, negatives=False, scores={"ana": 40, "bob": 4, "cid": 40})
    state, events = act(state, "bob", "oiseau", 100, nom="Fauvette")
    assert bevues(events) == [("bob", "pari_sans_points")] and state.scores["bob"] == 0
    state, _ = act(state, "cid", "couche_sirop", 100)
    state, events = act(state, "ana", "lancer", 200)  # the die shows the 3 bob named
    assert state.claims == [] and "bob" not in deltas(events)
    _state, events = act(state, "bob", "sirop_gagnant", 300)
    assert bevues(events) == [("bob", "sirop_gagnant_sans_pari")]


def test_with_negatives_a_bird_below_5_points_is_a_bet_like_any_other() -> None:
    state, _ = siroting(4, 4, 1, 2, scores={"ana": 40, "bob": 3, "cid": 40})
    state, events = act(state, "bob", "oiseau", 100, nom="Fauvette")
    assert bevues(events) == []
    state, _ = act(state, "cid", "couche_sirop", 100)
    state, events = act(state, "ana", "lancer", 200)
    assert deltas(events) == {"bob": -5, "ana": -16} and state.scores["bob"] == -2


def test_an_unknown_bird_is_refused_with_the_birds_to_choose_from() -> None:
    state, _ = siroting(4, 4, 1)
    refused(state, "bob", "oiseau", "bad_bird", 100, nom="Pingouin")
    refused(begin(), "bob", "oiseau", "bad_bird", 100, nom="Pingouin")
    with pytest.raises(IllegalAction) as info:
        act(state, "bob", "oiseau", 100, nom="Pingouin")
    assert WORDS.explain(info.value, "fr") == (
        "Oiseau inconnu : annonce l'un de Linotte, Alouette, Fauvette, Mouette, Bergeronnette, Chouette."
    )


def test_the_bets_offer_every_bird_but_the_siroted_chouettes_own() -> None:
    state, _ = siroting(4, 4, 2)
    birds = [a.args["nom"] for a in GAME.legal_actions(state, "bob") if a.kind == "oiseau"]
    assert birds == ["Linotte", "Alouette", "Fauvette", "Bergeronnette", "Chouette"]
