"""« Pas mou le caillou ! », « Grelotte ça picote ! » and the tie-breaks, decided by click timestamps."""

from __future__ import annotations

from games.core import IllegalAction
from games.culdechouette import GAME
from games.culdechouette.events import TieBreakThrow

from .helpers import BOTH, WORDS, act, begin, bevues, deltas, kinds, load, refused, rig, said, tick, turn

SCORES = {"ana": 100, "bob": 100, "cid": 100}


@BOTH
def test_the_first_to_shout_pas_mou_wins_the_chouette_velute_by_timestamp(negatives: bool) -> None:
    state, events = turn(begin(2, 2, 4, negatives=negatives), "ana", at=1000)
    assert state.phase == "cris" and GAME.deadline(state) == 6000
    assert deltas(events) == {}
    # cid's click arrives first but was made later than bob's
    state, _ = act(state, "cid", "pas_mou_le_caillou", 1700)
    state, _ = act(state, "bob", "pas_mou_le_caillou", 1400)
    state, events = tick(state, 5999)
    assert events == [] and state.phase == "cris"
    state, events = tick(state)
    assert deltas(events) == {"bob": 32}
    assert "bob a crié « Pas mou le caillou ! » le premier." in said(events)
    assert state.players[state.current] == "bob" and state.phase == "chouettes"


@BOTH
def test_tied_pas_mou_shouters_all_lose_the_points(negatives: bool) -> None:
    state = load(rig(begin(negatives=negatives), scores=SCORES), 3, 3, 6)
    state, _ = turn(state, "ana", at=0)
    state, _ = act(state, "bob", "pas_mou_le_caillou", 300)
    state, _ = act(state, "cid", "pas_mou_le_caillou", 400)
    state, events = tick(state)
    assert deltas(events) == {"bob": -72, "cid": -72}
    assert "bob, cid ont crié en même temps : chacun perd 72 points." in said(events)


def test_without_negatives_tied_shouters_at_zero_make_the_others_gain() -> None:
    state = load(rig(begin(negatives=False), scores={"ana": 0, "bob": 0, "cid": 20}), 1, 1, 2)
    state, _ = turn(state, "ana")
    state, _ = act(state, "ana", "pas_mou_le_caillou", 100)
    state, _ = act(state, "cid", "pas_mou_le_caillou", 120)
    state, _ = tick(state)
    # ana stays at zero and gives her 8 to bob and cid; cid then loses his 8
    assert state.scores == {"ana": 0, "bob": 8, "cid": 20}


def test_the_tie_tolerance_is_a_table_option() -> None:
    strict_state = load(rig(begin(tie_tolerance_ms=50), scores=SCORES), 2, 2, 4)
    loose_state = load(rig(begin(tie_tolerance_ms=150), scores=SCORES), 2, 2, 4)
    results = []
    for state in (strict_state, loose_state):
        state, _ = turn(state, "ana")
        state, _ = act(state, "bob", "pas_mou_le_caillou", 1000)
        state, _ = act(state, "cid", "pas_mou_le_caillou", 1100)
        state, events = tick(state)
        results.append(deltas(events))
    assert results == [{"bob": 32}, {"bob": -32, "cid": -32}]


def test_when_everyone_has_shouted_the_window_closes_at_once() -> None:
    state, _ = turn(begin(1, 1, 2), "ana")
    for at, player in ((10, "ana"), (400, "bob")):
        state, _ = act(state, player, "pas_mou_le_caillou", at)
    state, events = act(state, "cid", "pas_mou_le_caillou", 800)
    assert deltas(events) == {"ana": 8} and state.phase == "chouettes"


def test_no_pas_mou_shout_means_nobody_scores() -> None:
    state, _ = turn(begin(1, 1, 2), "ana")
    state, events = tick(state)
    assert deltas(events) == {} and "pas_mou_personne" in kinds(events)


@BOTH
def test_the_last_to_shout_grelotte_loses_10(negatives: bool) -> None:
    state = load(rig(begin(negatives=negatives), scores=SCORES), 3, 4, 5)
    state, events = turn(state, "ana")
    assert deltas(events) == {} and state.shouts is not None and state.shouts.kind == "grelotte"
    state, _ = act(state, "cid", "grelotte_ca_picote", 900)
    state, _ = act(state, "ana", "grelotte_ca_picote", 300)
    state, events = act(state, "bob", "grelotte_ca_picote", 600)
    assert deltas(events) == {"cid": -10}
    assert "cid a crié le dernier." in said(events)


def test_whoever_never_shouts_grelotte_loses_10() -> None:
    state = load(rig(begin(), scores=SCORES), 4, 5, 6)
    state, _ = turn(state, "ana")
    state, _ = act(state, "ana", "grelotte_ca_picote", 900)
    state, events = tick(state)
    assert deltas(events) == {"bob": -10, "cid": -10}


@BOTH
def test_a_tie_for_last_goes_to_the_bieres_bretonnes_then_the_last_of_them_loses(negatives: bool) -> None:
    state = load(rig(begin(negatives=negatives), scores=SCORES), 2, 3, 4)
    state, _ = turn(state, "ana")
    state, _ = act(state, "ana", "grelotte_ca_picote", 100)
    state, _ = act(state, "bob", "grelotte_ca_picote", 800)
    state, events = act(state, "cid", "grelotte_ca_picote", 850)
    assert deltas(events) == {} and state.shouts is not None
    assert state.shouts.kind == "moisissure" and state.shouts.among == ["bob", "cid"]
    # ana is not tied: the phrase is a Bévue for her, so it is offered to the tied players only
    offered = {p: [a.kind for a in GAME.legal_actions(state, p)] for p in ("ana", "bob", "cid")}
    assert "sans_fin" not in offered["ana"]
    assert "sans_fin" in offered["bob"] and "sans_fin" in offered["cid"]
    state, events = act(state, "ana", "sans_fin", 900)
    assert bevues(events) == [("ana", "pas_a_egalite")]
    state, _ = act(state, "cid", "sans_fin", 1000)
    state, events = act(state, "bob", "sans_fin", 1500)
    assert deltas(events) == {"bob": -10}
    assert state.phase == "chouettes" and state.players[state.current] == "bob"


def test_still_tied_the_highest_die_loses_10_then_20_on_a_new_tie() -> None:
    state = load(rig(begin(), scores=SCORES), 2, 3, 4, 5, 5, 3, 6)
    state, _ = turn(state, "ana")
    state, _ = act(state, "ana", "grelotte_ca_picote", 100)
    state, _ = act(state, "bob", "grelotte_ca_picote", 800)
    state, _ = act(state, "cid", "grelotte_ca_picote", 850)
    state, _ = act(state, "bob", "sans_fin", 1000)
    state, events = act(state, "cid", "sans_fin", 1050)
    rolls = [(e.player, e.value, e.stake) for e in events if isinstance(e, TieBreakThrow)]
    assert rolls == [("bob", 5, 10), ("cid", 5, 10), ("bob", 3, 20), ("cid", 6, 20)]
    assert deltas(events) == {"cid": -20}
    assert "cid perd le départage aux dés : -20 (total 80)" in said(events)


def test_a_shout_for_a_combination_that_did_not_happen_is_a_bevue() -> None:
    state, _ = turn(begin(3, 4, 5), "ana")
    state, events = act(state, "bob", "pas_mou_le_caillou", 100)
    assert bevues(events) == [("bob", "pas_de_chouette_velute")]
    assert "Bévue de bob : « Pas mou le caillou ! » sans Chouette-Velute." in said(events)


def test_a_shout_after_its_window_closed_is_a_bevue() -> None:
    state, _ = turn(begin(1, 1, 2), "ana", at=0)
    state, events = act(state, "bob", "pas_mou_le_caillou", 5000)
    assert deltas(events) == {"bob": -10}
    assert bevues(events) == [("bob", "pas_de_chouette_velute")]


def test_the_bieres_bretonnes_without_a_tie_is_a_bevue() -> None:
    state, _ = turn(begin(3, 4, 5), "ana")
    state, _ = act(state, "ana", "grelotte_ca_picote", 100)
    state, _ = act(state, "bob", "grelotte_ca_picote", 500)
    state, events = act(state, "cid", "sans_fin", 600)
    assert bevues(events) == [("cid", "sans_egalite")]


def test_every_player_is_offered_the_shouts_while_a_window_is_open() -> None:
    state, _ = turn(begin(3, 4, 5), "ana")
    for player in ("ana", "bob", "cid"):
        offered = {a.kind for a in GAME.legal_actions(state, player)}
        assert {"pas_mou_le_caillou", "grelotte_ca_picote"} <= offered
    state, _ = act(state, "bob", "grelotte_ca_picote", 10)
    assert GAME.legal_actions(state, "bob") == []


def test_a_double_click_reaching_the_game_after_the_window_closed_early_is_refused() -> None:
    state, _ = turn(begin(2, 2, 4), "ana", at=0)
    for player in ("ana", "bob", "cid"):
        state, events = act(state, player, "pas_mou_le_caillou", 500)
    assert deltas(events) == {"ana": -32, "bob": -32, "cid": -32} and state.phase == "chouettes"
    # ana's second click, made in the same millisecond as her first, arrives after everyone shouted.
    refused(state, "ana", "pas_mou_le_caillou", "already_shouted", 500)
    assert WORDS.explain(IllegalAction("already_shouted"), "fr") == "Tu as déjà crié."
    # Made after the window closed, it is a shout with no Chouette-Velute: a Bévue.
    state, events = act(state, "ana", "pas_mou_le_caillou", 501)
    assert bevues(events) == [("ana", "pas_de_chouette_velute")]


def test_a_shout_at_the_deadline_stays_a_bevue_even_for_who_shouted_in_time() -> None:
    state, _ = turn(begin(3, 4, 5), "ana", at=0)
    state, _ = act(state, "bob", "grelotte_ca_picote", 100)
    refused(state, "bob", "grelotte_ca_picote", "already_shouted", 200)
    state, events = act(state, "bob", "grelotte_ca_picote", 5000)
    # The window closed at its deadline first (ana and cid silent, -10 each), then bob's late shout.
    assert deltas(events) == {"ana": -10, "cid": -10, "bob": -10}
    assert bevues(events) == [("bob", "pas_de_suite")]
