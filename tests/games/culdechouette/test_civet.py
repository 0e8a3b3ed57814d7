"""The Civet: the stake on one's own throw, before a challenge, and « Lance-Civet ! »."""

from __future__ import annotations

from games.culdechouette import GAME

from .helpers import BOTH, act, begin, bevues, deltas, load, refused, rig, said, tick, turn

SCORES = {"ana": 100, "bob": 100, "cid": 100}


@BOTH
def test_a_won_civet_pays_the_stake_and_the_combination(negatives: bool) -> None:
    state = load(rig(begin(negatives=negatives), scores=SCORES, civets=["ana"]), 1, 4, 5)
    state, events = act(state, "ana", "civet", mise=50, combinaison="velute")
    assert "ana : « Civet de 50 sur une Velute ! »" in said(events) and state.civets == []
    state, events = turn(state, "ana")
    assert deltas(events) == {"ana": 50 + 50}
    assert "Civet réussi pour ana (Velute) : +50." in said(events)


@BOTH
def test_a_lost_civet_costs_the_stake_but_the_combination_still_scores(negatives: bool) -> None:
    state = load(rig(begin(negatives=negatives), scores=SCORES, civets=["ana"]), 1, 4, 5)
    state, _ = act(state, "ana", "civet", mise=30, combinaison="cul_de_chouette")
    state, events = turn(state, "ana")
    assert deltas(events) == {"ana": -30 + 50}


def test_a_civet_on_a_chouette_is_judged_with_the_sirotage_that_follows() -> None:
    state = load(rig(begin(), scores=SCORES, civets=["ana"]), 2, 2, 5, 2)
    state, _ = act(state, "ana", "civet", mise=20, combinaison="cul_de_chouette")
    state, _ = turn(state, "ana")
    state, _ = act(state, "ana", "siroter", 10)
    state, _ = act(state, "bob", "couche_sirop", 20)
    state, _ = act(state, "cid", "couche_sirop", 20)
    state, events = act(state, "ana", "lancer", 30)
    assert deltas(events) == {"ana": 20 + 60}


def test_the_civet_is_announced_before_ones_chouettes_only() -> None:
    state = load(rig(begin(), scores=SCORES, civets=["ana", "bob"]), 1, 2)
    refused(state, "bob", "civet", "civet_not_now", mise=10, combinaison="chouette")
    state, _ = act(state, "ana", "lancer")
    refused(state, "ana", "civet", "civet_not_now", mise=10, combinaison="chouette")


def test_a_civet_stake_outside_1_to_102_is_refused() -> None:
    state = rig(begin(), scores=SCORES, civets=["ana"])
    refused(state, "ana", "civet", "bad_civet_stake", mise=103, combinaison="chouette")
    refused(state, "ana", "civet", "bad_civet_stake", mise=0, combinaison="chouette")


def test_with_negatives_the_civet_may_stake_more_than_ones_score() -> None:
    state = load(rig(begin(), scores={"ana": 5, "bob": 0, "cid": 0}, civets=["ana"]), 1, 2, 6)
    state, _ = act(state, "ana", "civet", mise=102, combinaison="chouette")
    state, _events = turn(state, "ana")
    assert state.scores["ana"] == -97


def test_without_negatives_staking_more_than_ones_score_is_a_bevue_and_the_civet_is_kept() -> None:
    state = rig(begin(negatives=False), scores={"ana": 40, "bob": 0, "cid": 0}, civets=["ana"])
    state, events = act(state, "ana", "civet", mise=41, combinaison="chouette")
    assert bevues(events) == [("ana", "civet_trop_gros")] and state.civets == ["ana"]
    assert state.civet_bet is None


def test_a_civet_before_a_challenge_is_judged_over_the_two_throws() -> None:
    state = rig(
        begin(), scores={"ana": 220, "bob": 124, "cid": 50}, grelottines=["ana", "bob"], civets=["bob"]
    )
    state, _ = act(state, "ana", "grelottine", 1000, cible="bob")
    state, _ = tick(state)
    state, _ = act(state, "ana", "miser", 1200, combinaison="cul_de_chouette", mise=5)
    state, _ = act(state, "bob", "civet", 1300, mise=40, combinaison="chouette")
    # first throw: a Chouette (the Civet is made), second throw: a Néant
    state = load(state, 3, 3, 1, 2, 6)
    state, _ = act(state, "bob", "lancer", 1400)
    state, events = act(state, "bob", "relancer", 1500, garder=[1])
    assert deltas(events) == {"bob": 40 - 5, "ana": 5}


def test_lance_civet_gives_the_civet_away() -> None:
    state = rig(begin(), scores=SCORES, civets=["bob"])
    state, events = act(state, "bob", "lance_civet", cible="cid")
    assert state.civets == ["cid"] and deltas(events) == {}
    assert "bob : « Lance-Civet ! » : cid reçoit son Civet." in said(events)


def test_lance_civet_to_someone_who_has_one_is_a_bevue_and_the_civet_is_kept() -> None:
    state = rig(begin(), scores=SCORES, civets=["bob", "cid"])
    state, events = act(state, "bob", "lance_civet", cible="cid")
    assert bevues(events) == [("bob", "cible_a_un_civet")] and state.civets == ["bob", "cid"]


def test_a_civet_is_not_cumulative() -> None:
    state = load(rig(begin(), scores=SCORES, civets=["ana"]), 6, 6, 1)
    state, _ = turn(state, "ana")
    state, _ = act(state, "ana", "siroter", 10)
    state, _ = act(state, "bob", "couche_sirop", 20)
    state, _ = act(state, "cid", "couche_sirop", 20)
    state = load(state, 2)
    state, events = act(state, "ana", "lancer", 30)
    assert state.civets == ["ana"] and "civet_gagne" not in [e.kind for e in events]


def test_the_civet_holder_is_offered_stakes_before_the_chouettes() -> None:
    state = rig(begin(), scores=SCORES, civets=["ana"])
    offered = [a for a in GAME.legal_actions(state, "ana") if a.kind == "civet"]
    assert offered and all(1 <= int(str(a.args["mise"])) <= 102 for a in offered)
