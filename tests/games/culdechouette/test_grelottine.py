"""The Grelottine challenge: the call, simultaneous calls, the stake limits, the two throws, the outcome."""

from __future__ import annotations

from games.culdechouette import GAME
from games.culdechouette.events import CallTieBreakThrow
from games.culdechouette.state import CulState

from .helpers import BOTH, act, begin, bevues, deltas, kinds, load, refused, rig, said, tick


def table(
    negatives: bool = True, scores: dict[str, int] | None = None, holders: list[str] | None = None
) -> CulState:
    """ana's turn, nobody has thrown yet; ana and bob hold a Grelottine."""
    return rig(
        begin(negatives=negatives),
        scores=scores or {"ana": 220, "bob": 124, "cid": 50},
        grelottines=holders if holders is not None else ["ana", "bob"],
    )


def challenge(state: CulState, grelottin: str = "ana", target: str = "bob", at: int = 1000) -> CulState:
    state, events = act(state, grelottin, "grelottine", at, cible=target)
    assert state.phase == "appel" and kinds(events) == ["appel"]
    state, events = tick(state)
    assert state.phase == "mise" and state.challenge is not None
    assert state.challenge.grelottin == grelottin and state.challenge.target == target
    return state


@BOTH
def test_the_text_example_max_is_42_and_a_first_throw_success_stops(negatives: bool) -> None:
    state = challenge(table(negatives))
    assert state.grelottines == []
    refused(state, "ana", "miser", "bad_stake", combinaison="chouette", mise=43)
    refused(state, "bob", "max", "not_now", combinaison="chouette")
    state, events = act(state, "ana", "max", 1200, combinaison="chouette")
    assert state.challenge is not None and state.challenge.stake == 42
    assert "ana défie bob sur une Chouette, mise : « Max ! » (42 points). bob a deux lancers." in said(events)
    state = load(state, 3, 5, 3)
    state, events = act(state, "bob", "lancer", 1300)
    assert "Réussi au premier lancer : bob doit s'arrêter." in said(events)
    assert state.phase == "sirop"
    state, events = act(state, "bob", "garder", 1400)
    assert deltas(events) == {"bob": 42 + 9, "ana": -42}
    assert "bob relève le défi : il gagne 42, ana les perd." in said(events)
    # the interrupted turn resumes: ana is still to throw her chouettes
    assert state.phase == "chouettes" and state.players[state.current] == "ana" and state.challenge is None


@BOTH
def test_a_failed_challenge_pays_the_grelottin_but_the_combination_still_scores(negatives: bool) -> None:
    state = challenge(table(negatives))
    state, _ = act(state, "ana", "miser", combinaison="cul_de_chouette", mise=10)
    state = load(state, 1, 3, 4, 2, 6)
    state, events = act(state, "bob", "lancer")
    assert state.phase == "relance" and deltas(events) == {}
    assert {a.kind for a in GAME.legal_actions(state, "bob")} == {"relancer"}
    refused(state, "bob", "relancer", "bad_keep", garder=[1, 2, 3])
    state, events = act(state, "bob", "relancer", garder=[3])
    assert "bob, deuxième lancer (en gardant 3) : 2-6-4 → Velute de 6." in said(events)
    assert deltas(events) == {"ana": 10, "bob": -10 + 72}


def test_the_stake_limits_use_the_scores_before_a_bevue_made_after_the_call() -> None:
    state = challenge(table())
    state, _ = act(state, "bob", "pas_mou_le_caillou")
    assert state.scores["bob"] == 114
    state, _events = act(state, "ana", "max", combinaison="velute")
    assert state.challenge is not None and state.challenge.stake == 31


def test_a_neant_made_in_a_challenge_gives_the_challenged_a_grelottine() -> None:
    state = challenge(table())
    state, _ = act(state, "ana", "miser", combinaison="velute", mise=5)
    state = load(state, 1, 2, 6, 3, 5)
    state, _ = act(state, "bob", "lancer")
    state, events = act(state, "bob", "relancer", garder=[1])
    assert "grelottine_gagnee" in kinds(events) and state.grelottines == ["bob"]
    assert deltas(events) == {"ana": 5, "bob": -5}


@BOTH
def test_a_sirop_grelot_needs_a_cul_de_chouette_made_by_siroting(negatives: bool) -> None:
    state = challenge(table(negatives))
    state, _ = act(state, "ana", "max", combinaison="sirop_grelot")
    assert state.challenge is not None and state.challenge.stake == 4
    # a Cul de Chouette thrown straight away does not count: the second throw is due
    state = load(state, 5, 5, 5, 2, 5)
    state, _ = act(state, "bob", "lancer")
    assert state.phase == "relance"
    state, events = act(state, "bob", "relancer", garder=[1, 2])
    assert "Sirop-Grelot : bob doit siroter sa Chouette de 5 (Bergeronnette)." in said(events)
    assert [a.kind for a in GAME.legal_actions(state, "bob")] == ["siroter"]
    refused(state, "bob", "garder", "sirop_forced")
    state, _ = act(state, "bob", "siroter", 100)
    state, _ = act(state, "ana", "couche_sirop", 200)
    state, _ = act(state, "cid", "beau_sirop", 200)
    state, events = act(state, "bob", "lancer", 300)
    assert deltas(events) == {"bob": 4 + 90, "ana": -4}


def test_calls_at_the_same_time_go_to_the_lower_score() -> None:
    state = table(holders=["ana", "bob", "cid"], scores={"ana": 220, "bob": 124, "cid": 300})
    state, _ = act(state, "cid", "grelottine", 1000, cible="ana")
    state, _ = act(state, "bob", "grelottine", 1100, cible="ana")
    refused(state, "ana", "grelottine", "challenge_not_now", 1200, cible="cid")
    state, _events = tick(state)
    assert state.challenge is not None and state.challenge.grelottin == "bob"
    assert "cid" in state.grelottines and "bob" not in state.grelottines and "ana" not in state.grelottines


def test_calls_at_the_same_time_with_equal_scores_go_to_the_lower_die() -> None:
    state = table(holders=["ana", "bob", "cid"], scores={"ana": 220, "bob": 124, "cid": 124})
    state = load(state, 4, 4, 5, 2)
    state, _ = act(state, "bob", "grelottine", 1000, cible="ana")
    state, _ = act(state, "cid", "grelottine", 1050, cible="ana")
    state, events = tick(state)
    rolls = [(e.player, e.value) for e in events if isinstance(e, CallTieBreakThrow)]
    assert rolls == [("bob", 4), ("cid", 4), ("bob", 5), ("cid", 2)]
    assert state.challenge is not None and state.challenge.grelottin == "cid"


def test_a_challenge_only_starts_between_turns() -> None:
    state = load(table(), 1, 2)
    state, _ = act(state, "ana", "lancer")
    refused(state, "bob", "grelottine", "challenge_not_now", cible="ana")


def test_a_challenge_from_a_score_at_zero_is_a_bevue_and_the_grelottine_is_kept() -> None:
    state = table(scores={"ana": 0, "bob": 124, "cid": 50})
    state, events = act(state, "ana", "grelottine", cible="bob")
    assert bevues(events) == [("ana", "score_trop_bas")]
    assert state.phase == "chouettes" and state.challenge is None and "ana" in state.grelottines


@BOTH
def test_a_challenge_on_a_score_too_low_is_a_bevue_and_the_grelottine_is_kept(negatives: bool) -> None:
    # at or below zero with negatives, below 30 without (there a Grelottine is lost below 30 anyway)
    low = 0 if negatives else 29
    state = table(negatives, scores={"ana": 220, "bob": low, "cid": 50})
    state, events = act(state, "ana", "grelottine", cible="bob")
    assert bevues(events) == [("ana", "cible_trop_basse")] and "ana" in state.grelottines


def test_with_negatives_a_negative_score_cannot_challenge() -> None:
    state = table(scores={"ana": -20, "bob": 124, "cid": 50})
    state, events = act(state, "ana", "grelottine", cible="bob")
    assert bevues(events) == [("ana", "score_trop_bas")] and state.scores["ana"] == -30


def test_challenging_someone_without_a_grelottine_is_a_bevue() -> None:
    _state, events = act(table(), "ana", "grelottine", cible="cid")
    assert bevues(events) == [("ana", "cible_sans_grelottine")]


def test_without_negatives_a_grelottine_is_lost_below_30() -> None:
    state = table(negatives=False, scores={"ana": 35, "bob": 124, "cid": 50})
    state, events = act(state, "ana", "pas_mou_le_caillou")
    assert state.scores["ana"] == 25 and "ana" not in state.grelottines
    assert "ana passe sous 30 points et perd sa Grelottine." in said(events)


def test_a_grelottin_leaving_mid_challenge_cancels_it() -> None:
    state = challenge(table())
    state, _ = act(state, "ana", "miser", combinaison="velute", mise=5)
    state = load(state, 1, 1, 1)
    state, _ = act(state, "bob", "lancer")
    state, events = act(state, "ana", "quitter")
    assert "annule" in kinds(events) and state.challenge is None
    assert state.phase == "chouettes" and state.players[state.current] == "bob"
    assert deltas(events) == {}


def test_the_grelottin_is_offered_the_combinations_with_small_and_max_stakes() -> None:
    state = challenge(table())
    offered = GAME.legal_actions(state, "ana")
    assert len(offered) <= 25
    assert {str(a) for a in offered} >= {"miser combinaison=chouette mise=42", "max combinaison=sirop_grelot"}


def test_only_challenges_that_are_no_bevue_are_offered_as_buttons() -> None:
    state = table(holders=["ana", "bob", "cid"], scores={"ana": 220, "bob": -4, "cid": 50})
    assert [str(a) for a in GAME.legal_actions(state, "ana")].count("grelottine cible=cid") == 1
    assert "grelottine cible=bob" not in [str(a) for a in GAME.legal_actions(state, "ana")]
    assert not any(a.kind == "grelottine" for a in GAME.legal_actions(state, "bob"))
