"""Who starts, the two-step throw, what each combination pays, Bévues, both score variants, the end."""

from __future__ import annotations

from games.culdechouette import GAME
from games.culdechouette.events import ChouettesThrown, OrderThrow

from .helpers import BOTH, WORDS, act, begin, bevues, deltas, kinds, load, refused, rig, said, turn


def test_the_lowest_die_starts_and_tied_lowest_throw_again() -> None:
    state, events = GAME.start(["ana", "bob", "cid"], {}, loaded=[4, 2, 2, 5, 1])
    order = [(e.player, e.value) for e in events if isinstance(e, OrderThrow)]
    assert order == [("ana", 4), ("bob", 2), ("cid", 2), ("bob", 5), ("cid", 1)]
    assert state.players[state.current] == "cid"
    assert WORDS.describe(events[-1], {}, "fr") == "À cid de lancer les chouettes."


@BOTH
def test_a_throw_is_the_chouettes_then_the_cul(negatives: bool) -> None:
    state = begin(1, 4, 5, negatives=negatives)
    state, events = act(state, "ana", "lancer")
    assert isinstance(events[0], ChouettesThrown)
    assert events[0].dice == [1, 4] and state.phase == "cul"
    assert GAME.legal_actions(state, "ana")[0].kind == "lancer"
    state, events = act(state, "ana", "lancer")
    assert "ana lance le cul : 5 → 1-4-5 : Velute de 5 !" in said(events)
    assert deltas(events) == {"ana": 50}
    assert "ana fait une Velute de 5 : +50 (total 50)" in said(events)
    assert state.players[state.current] == "bob" and state.phase == "chouettes"


@BOTH
def test_a_chouette_kept_scores_its_square(negatives: bool) -> None:
    state = begin(1, 4, 4, negatives=negatives)
    state, _ = turn(state, "ana")
    assert state.phase == "sirop"
    turn_no = state.turn_no
    state, events = act(state, "ana", "garder")
    assert "ana fait une Chouette de 4 : +16 (total 16)" in said(events)
    assert state.turn_no > turn_no and state.players[state.current] == "bob"


@BOTH
def test_two_two_two_is_a_cul_de_chouette_of_60(negatives: bool) -> None:
    _state, events = turn(begin(2, 2, 2, negatives=negatives), "ana")
    assert deltas(events) == {"ana": 60}


def test_one_two_three_scores_the_velute_and_opens_the_suite_shout() -> None:
    state, events = turn(begin(2, 1, 3), "ana")
    assert deltas(events) == {"ana": 18}
    assert state.phase == "cris" and state.shouts is not None and state.shouts.kind == "grelotte"
    assert "ana lance le cul : 3 → 2-1-3 : Velute de 3 et Suite !" in said(events)


def test_a_neant_gives_a_grelottine_that_does_not_add_up() -> None:
    state, events = turn(begin(1, 2, 6, 1, 3, 6, 2, 3, 6, 2, 4, 5), "ana")
    assert state.grelottines == ["ana"] and "Néant : ana gagne une Grelottine." in said(events)
    state, _ = turn(state, "bob")
    state, _ = turn(state, "cid")
    state, _ = turn(state, "ana")
    assert state.grelottines == ["ana", "bob", "cid"]


def test_without_negatives_a_neant_below_30_gives_no_grelottine() -> None:
    state, _ = turn(begin(1, 2, 6, negatives=False), "ana")
    assert state.grelottines == []
    state = load(rig(state, scores={"ana": 0, "bob": 30, "cid": 0}), 1, 2, 6)
    state, _events = turn(state, "bob")
    assert state.grelottines == ["bob"]


@BOTH
def test_a_throw_out_of_turn_is_a_bevue_at_a_strict_table(negatives: bool) -> None:
    state = rig(begin(1, 2, negatives=negatives), scores={"ana": 40, "bob": 40, "cid": 40})
    state, events = act(state, "bob", "lancer")
    assert bevues(events) == [("bob", "hors_tour")] and deltas(events) == {"bob": -10}
    assert state.phase == "chouettes" and state.players[state.current] == "ana"
    state, _ = act(state, "ana", "lancer")
    state, events = act(state, "cid", "lancer")
    assert deltas(events) == {"cid": -10} and state.phase == "cul"


def test_a_bevue_at_zero_without_negatives_pays_the_others() -> None:
    state, events = act(begin(1, 2, negatives=False), "bob", "lancer")
    assert bevues(events) == [("bob", "hors_tour")]
    assert state.scores == {"ana": 10, "bob": 0, "cid": 10}


def test_a_throw_out_of_turn_is_only_refused_at_a_relaxed_table() -> None:
    state = begin(1, 2, strict=False)
    refused(state, "bob", "lancer", "not_your_turn")


def test_bevues_add_up_within_one_sequence() -> None:
    state, _ = turn(begin(2, 1, 3), "ana")
    state, first = act(state, "bob", "pas_mou_le_caillou", 10)
    state, second = act(state, "bob", "lancer", 20)
    assert deltas(first + second) == {"bob": -20}
    assert state.scores["bob"] == -20


def test_without_negatives_a_score_stops_at_zero() -> None:
    state = rig(begin(2, 1, negatives=False), scores={"ana": 0, "bob": 4, "cid": 50})
    state, events = act(state, "bob", "lancer")
    assert deltas(events) == {"bob": -4} and state.scores["bob"] == 0


def test_without_negatives_a_player_at_zero_who_loses_makes_the_others_gain() -> None:
    state = rig(begin(2, 1, negatives=False), scores={"ana": 0, "bob": 0, "cid": 50})
    state, events = act(state, "bob", "lancer")
    assert state.scores == {"ana": 10, "bob": 0, "cid": 60}
    assert "ana profite de ce que bob est à zéro : +10 (total 10)" in said(events)


def test_with_negatives_a_bevue_goes_below_zero() -> None:
    state, _ = act(begin(1, 2), "bob", "lancer")
    assert state.scores["bob"] == -10


def test_at_minus_343_a_player_is_out_of_the_game() -> None:
    state = rig(begin(1, 2), scores={"ana": 0, "bob": -335, "cid": 12})
    state, events = act(state, "bob", "lancer")
    assert "elimine" in kinds(events) and "bob atteint -343 points et sort du jeu." in said(events)
    assert state.players == ["ana", "cid"] and state.eliminated == ["bob"] and not state.over
    refused(state, "bob", "lancer", "not_a_player")


def test_when_only_one_player_remains_they_win() -> None:
    state = rig(begin(1, 2, players=["ana", "bob"]), scores={"ana": -340, "bob": 3})
    state, _events = act(state, "ana", "pas_mou_le_caillou")
    assert state.over and state.winners == ["bob"]


@BOTH
def test_343_wins_and_ends_the_game(negatives: bool) -> None:
    state = rig(begin(6, 6, 6, negatives=negatives), scores={"ana": 250, "bob": 300, "cid": 10})
    state, events = turn(state, "ana")
    assert state.over and state.winners == ["ana"] and state.scores["ana"] == 350
    assert said(events)[-1] == "Partie terminée ! Gagnant : ana."
    refused(state, "bob", "lancer", "game_over")


def test_the_winning_throw_passes_the_dice_to_nobody() -> None:
    # The cul-de-chouette ends the game: no « À bob de lancer » (nor a new round) is told before the end.
    state = rig(begin(6, 6, 6, players=["ana", "bob"]), scores={"ana": 250, "bob": 300})
    state, events = turn(state, "ana")
    assert state.over and kinds(events)[-2:] == ["score", "fin"]
    assert not any(line.startswith("À bob") for line in said(events))


def test_a_player_leaving_mid_throw_passes_the_turn_and_the_game_goes_on() -> None:
    state, _ = act(begin(1, 2, 3, 3, 3), "ana", "lancer")
    state, events = act(state, "ana", "quitter")
    assert state.players == ["bob", "cid"] and state.players[state.current] == "bob"
    assert state.phase == "chouettes" and "annule" in kinds(events)
    state, events = turn(state, "bob")
    assert deltas(events) == {"bob": 70}


def test_the_last_but_one_leaving_makes_the_other_win() -> None:
    state = begin(players=["ana", "bob"])
    state, _events = act(state, "bob", "quitter")
    assert state.over and state.winners == ["ana"]


def test_a_player_leaving_during_a_shout_window_is_not_counted_as_silent() -> None:
    state, _ = turn(begin(2, 3, 4), "ana")
    state, _ = act(state, "ana", "grelotte_ca_picote", 100)
    state, _ = act(state, "bob", "grelotte_ca_picote", 500)
    state, events = act(state, "cid", "quitter", 600)
    assert deltas(events) == {"bob": -10}
    assert state.players[state.current] == "bob" and state.phase == "chouettes"


def test_unknown_and_ill_formed_actions_are_refused_and_change_nothing() -> None:
    state = begin(1, 2)
    refused(state, "ana", "danser", "unknown_action")
    refused(state, "zoe", "lancer", "not_a_player")
    refused(state, "ana", "garder", "not_now")
    refused(state, "ana", "relancer", "not_now", garder=[1])


def test_the_table_waits_for_the_thrower_or_for_who_may_still_shout() -> None:
    state = rig(begin(3, 4, 5), civets=["cid"], grelottines=["bob"])
    assert GAME.to_act(state) == ["ana"]
    state, _ = turn(state, "ana")
    assert GAME.to_act(state) == ["ana", "bob", "cid"]
    state, _ = act(state, "bob", "grelotte_ca_picote", 10)
    assert GAME.to_act(state) == ["ana", "cid"]


def test_the_last_seat_leaving_on_its_turn_closes_the_round() -> None:
    state, _ = turn(begin(1, 2, 4, 2, 3, 5), "ana")
    state, _ = turn(state, "bob")
    assert state.players[state.current] == "cid" and state.rounds == 0
    state, events = act(state, "cid", "quitter")
    assert state.rounds == 1 and state.sloubi_open and "manche" in kinds(events)
    assert state.players[state.current] == "ana"
