"""The fifteen rules, each from a set position with loaded dice."""

from __future__ import annotations

import pytest

from games.barricade import GAME
from games.core import Action, Event, IllegalAction

from .positions import BOARD, MINE, Where, at, destinations, play, point, position, throw, where

NO_BARRIERS: list[tuple[int, int]] = []
FOUR_IN: list[Where] = [MINE, MINE, MINE, MINE]


def texts(events: list[Event]) -> list[str]:
    return [GAME.describe(e) for e in events]


# Rule 1 ----------------------------------------------------------------------------------------
def test_rule_1_miners_start_in_their_tents_and_the_thirteen_barriers_on_the_board() -> None:
    state, _ = GAME.start(["ana", "bob", "cid"], seed=3)
    assert all(state.miners[p] == [-1] * 5 for p in state.players)
    assert state.barriers == sorted(BOARD.barriers)
    assert state.colours == {"ana": "rouge", "bob": "bleu", "cid": "vert"}
    assert [BOARD.tents[state.tents[p]].x for p in state.players] == [2, 10, 18]


# Rule 2 ----------------------------------------------------------------------------------------
def test_rule_2_the_highest_throw_starts_and_the_lowest_plays_last() -> None:
    state, events = GAME.start(["ana", "bob", "cid"], loaded=[3, 5, 2])
    assert state.order == ["bob", "ana", "cid"]
    assert texts(events)[0] == "Lancer pour l'ordre de jeu : ana 3, bob 5, cid 2."
    assert texts(events)[1] == "Ordre de jeu : bob (bleu), ana (rouge), cid (vert)."
    # The winner of the order throws again to open the game: the opening throw is not a move.
    assert GAME.legal_actions(state, "bob") == [Action(kind="lancer")]
    assert GAME.legal_actions(state, "ana") == []


def test_rule_2_tied_players_throw_again_between_themselves() -> None:
    # ana and bob tie on 4 for first place, cid and dan on 1 for last: each pair rethrows.
    state, events = GAME.start(["ana", "bob", "cid", "dan"], loaded=[4, 4, 1, 1, 2, 6, 5, 3])
    assert state.order == ["bob", "ana", "cid", "dan"]
    assert [len(e.data["lancers"]) for e in events if e.kind == "ordre_lancer"] == [4, 2, 2]


def test_rule_2_a_tie_that_repeats_is_thrown_again_until_settled() -> None:
    state, _ = GAME.start(["ana", "bob"], loaded=[2, 2, 5, 5, 1, 3])
    assert state.order == ["bob", "ana"]


# Rule 3 ----------------------------------------------------------------------------------------
def test_rule_3_counting_starts_on_the_start_line_point_in_front_of_the_tent() -> None:
    # ana's tent (two players) enters at A7, the point (6, 0).
    state = throw(position({"ana": [], "bob": []}, NO_BARRIERS, dice=[1]), "ana")
    assert destinations(state) == {(6, 0)}
    state = throw(position({"ana": [], "bob": []}, NO_BARRIERS, dice=[3]), "ana")
    assert destinations(state) == {(4, 0), (8, 0)}
    state = throw(position({"ana": [], "bob": []}, NO_BARRIERS, dice=[4]), "ana")
    assert destinations(state) == {(3, 0), (4, 1), (8, 1), (9, 0)}


def test_rule_3_the_five_miners_in_a_tent_are_offered_once() -> None:
    state = throw(position({"ana": [], "bob": []}, NO_BARRIERS, dice=[1]), "ana")
    assert GAME.legal_actions(state, "ana") == [
        Action(kind="deplacer", args={"mineur": 1, "destination": at(6, 0)})
    ]
    # Any miner still in the tent may be named.
    state, events = play(state, "ana", "deplacer", mineur=4, destination=at(6, 0))
    assert where(state, "ana", 4) == (6, 0)
    assert texts(events)[0] == "Mineur 4 de ana sort de sa tente et va sur le point A7."


# Rule 4 ----------------------------------------------------------------------------------------
def test_rule_4_forward_or_sideways_but_one_sideways_direction_per_throw() -> None:
    state = throw(position({"ana": [(10, 0)], "bob": []}, NO_BARRIERS, dice=[5]), "ana")
    reach = destinations(state, miner=1)
    assert (13, 2) in reach  # right, up the connector, right again
    assert (7, 2) in reach  # left, up, left again
    assert (11, 2) not in reach and (9, 2) not in reach  # would turn back sideways
    assert reach == {(15, 0), (13, 2), (5, 0), (7, 2)}


def test_rule_4_never_backwards() -> None:
    state = throw(position({"ana": [(0, 12)], "bob": []}, NO_BARRIERS, dice=[3]), "ana")
    assert destinations(state, miner=1) == {(3, 12)}
    state = throw(position({"ana": [(2, 10)], "bob": []}, NO_BARRIERS, dice=[6]), "ana")
    # Left to the corner and up: turning right on the top row would change direction.
    assert destinations(state, miner=1) == {(8, 10)}


# Rule 5 ----------------------------------------------------------------------------------------
def test_rule_5_a_six_moves_then_the_same_miner_throws_again() -> None:
    state = position({"ana": [(0, 2), (20, 2)], "bob": []}, NO_BARRIERS, dice=[6, 2])
    state, events = play(state, "ana", "lancer")
    state, events = play(state, "ana", "deplacer", mineur=1, destination=at(6, 2))
    assert texts(events)[-1] == "Six ! ana relance pour son mineur 1."
    assert GAME.legal_actions(state, "ana") == [Action(kind="lancer")]
    assert GAME.legal_actions(state, "bob") == []
    state, events = play(state, "ana", "lancer")
    assert texts(events)[0] == "ana lance le dé pour son mineur 1 : 2."
    assert {m.miner for m in GAME.moves(state)} == {0}
    assert destinations(state) == {(4, 2), (6, 4), (8, 2)}
    state, events = play(state, "ana", "deplacer", mineur=1, destination=at(6, 4))
    assert state.turn_player == "bob"
    with pytest.raises(IllegalAction):
        play(state, "ana", "lancer")


def test_rule_5_another_miner_may_not_use_the_second_throw() -> None:
    state = position({"ana": [(0, 2), (20, 2)], "bob": []}, NO_BARRIERS, dice=[6, 2])
    state = throw(state, "ana")
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(6, 2))
    state = throw(state, "ana")
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        play(state, "ana", "deplacer", mineur=2, destination=at(22, 2))
    assert info.value.code == "bad_move"
    assert state.model_dump_json() == before


def test_rule_5_a_six_that_ends_in_the_mine_ends_the_turn() -> None:
    state = position({"ana": [(7, 12)], "bob": []}, NO_BARRIERS, dice=[6])
    state = throw(state, "ana")
    state, events = play(state, "ana", "deplacer", mineur=1, destination=BOARD.mine)
    assert where(state, "ana", 1) == MINE
    assert state.turn_player == "bob"
    assert texts(events)[:2] == [
        "Mineur 1 de ana entre dans la mine d'or.",
        "ana a 1 mineur sur 5 à la mine d'or.",
    ]


# Rule 6 ----------------------------------------------------------------------------------------
def test_rule_6_a_miner_passes_over_miners_of_any_colour() -> None:
    state = position({"ana": [(2, 12), (3, 12)], "bob": [(4, 12)]}, NO_BARRIERS, dice=[3])
    state = throw(state, "ana")
    assert (5, 12) in destinations(state, miner=1)


# Rule 7 ----------------------------------------------------------------------------------------
def test_rule_7_never_two_miners_on_one_point_so_not_on_ones_own() -> None:
    state = position({"ana": [(2, 12), (4, 12)], "bob": []}, NO_BARRIERS, dice=[2])
    state = throw(state, "ana")
    assert (4, 12) not in destinations(state, miner=1)
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        play(state, "ana", "deplacer", mineur=1, destination=at(4, 12))
    assert GAME.explain(info.value) == "Ce mineur ne peut pas aller là avec ce 2."
    assert state.model_dump_json() == before


# Rule 8 ----------------------------------------------------------------------------------------
def test_rule_8_landing_on_a_rival_sends_it_back_to_its_tent() -> None:
    state = position({"ana": [(2, 12)], "bob": [(5, 12), (9, 12)]}, NO_BARRIERS, dice=[3])
    state = throw(state, "ana")
    state, events = play(state, "ana", "deplacer", mineur=1, destination=at(5, 12))
    assert where(state, "ana", 1) == (5, 12)
    assert where(state, "bob", 1) == "tente"
    assert where(state, "bob", 2) == (9, 12)
    assert "Mineur 1 de bob est renvoyé dans sa tente par ana !" in texts(events)


def test_rule_8_a_miner_leaving_its_tent_can_hit_a_rival_on_the_start_line() -> None:
    state = position({"ana": [], "bob": [(6, 0)]}, NO_BARRIERS, dice=[1])
    state = throw(state, "ana")
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(6, 0))
    assert where(state, "bob", 1) == "tente"


# Rule 9 ----------------------------------------------------------------------------------------
def test_rule_9_all_five_miners_may_be_out_at_once() -> None:
    state = position({"ana": [(0, 12), (1, 12), (2, 2), (3, 2)], "bob": []}, NO_BARRIERS, dice=[1])
    state = throw(state, "ana")
    state, _ = play(state, "ana", "deplacer", mineur=5, destination=at(6, 0))
    assert "tente" not in [where(state, "ana", m) for m in range(1, 6)]


# Rule 10 ---------------------------------------------------------------------------------------
def test_rule_10_a_barrier_cannot_be_passed_only_reached_exactly() -> None:
    # Four to the right would pass the barrier; to the left the row ends after two points.
    state = position({"ana": [(2, 12)], "bob": []}, [(5, 12)], dice=[4])
    state = throw(state, "ana")
    assert destinations(state, miner=1) == set()
    state = position({"ana": [(2, 12)], "bob": []}, [(5, 12)], dice=[3])
    state = throw(state, "ana")
    assert (5, 12) in destinations(state, miner=1)


def test_rule_10_a_barrier_with_a_miner_on_it_still_cannot_be_passed() -> None:
    state = position({"ana": [(2, 12)], "bob": [(5, 12)]}, [(5, 12)], dice=[5])
    state = throw(state, "ana")
    assert destinations(state, miner=1) == set()


# Rule 11 ---------------------------------------------------------------------------------------
def test_rule_11_a_miner_stays_on_a_barrier_then_may_move_it_when_leaving() -> None:
    state = position({"ana": [(2, 12)], "bob": [(20, 2)]}, [(5, 12)], dice=[3, 1, 2])
    state = throw(state, "ana")
    state, events = play(state, "ana", "deplacer", mineur=1, destination=at(5, 12))
    assert "ana s'arrête sur la barrière du point M6." in texts(events)
    assert state.turn_player == "bob"
    state = throw(state, "bob")
    state, _ = play(state, "bob", "deplacer", mineur=1, destination=at(21, 2))
    state = throw(state, "ana")
    state, events = play(state, "ana", "deplacer", mineur=1, destination=at(7, 12))
    assert state.phase == "barriere" and state.turn_player == "ana"
    assert texts(events)[-1] == "ana quitte la barrière du point M6 : la déplacer ou la laisser ?"
    offered = GAME.legal_actions(state, "ana")
    assert offered[0] == Action(kind="laisser")
    spots = {a.args["point"] for a in offered[1:]}
    assert at(5, 12) not in spots  # where it is: that is « laisser »
    assert at(7, 12) not in spots and at(21, 2) not in spots  # miners
    assert not spots & BOARD.start_line and BOARD.mine not in spots
    state, events = play(state, "ana", "barriere", point=at(21, 4))
    assert texts(events)[0] == "ana déplace la barrière de M6 vers E22."
    assert state.barriers == [at(21, 4)]
    assert state.turn_player == "bob"


def test_rule_11_the_barrier_may_be_left_where_it_is() -> None:
    state = position({"ana": [(5, 12)], "bob": []}, [(5, 12)], dice=[2])
    state = throw(state, "ana")
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(7, 12))
    state, events = play(state, "ana", "laisser")
    assert state.barriers == [at(5, 12)]
    assert texts(events)[0] == "ana laisse la barrière au point M6."


@pytest.mark.parametrize(
    "spot", [(3, 0), (7, 12), (9, 12), MINE], ids=["ligne de départ", "mineur", "barrière", "mine"]
)
def test_rule_11_a_barrier_goes_only_on_a_free_point_off_the_start_line(spot: Where) -> None:
    state = position({"ana": [(5, 12)], "bob": []}, [(5, 12), (9, 12)], dice=[2])
    state = throw(state, "ana")
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(7, 12))
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        play(state, "ana", "barriere", point=point(spot))
    assert info.value.code == "bad_point"
    assert state.model_dump_json() == before


def test_rule_11_after_a_six_the_barrier_is_placed_before_the_second_throw() -> None:
    state = position({"ana": [(5, 12)], "bob": []}, [(5, 12)], dice=[6, 1])
    state = throw(state, "ana")
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(11, 12))
    with pytest.raises(IllegalAction) as info:
        play(state, "ana", "lancer")
    assert info.value.code == "barrier_pending"
    state, _ = play(state, "ana", "barriere", point=at(0, 11))
    state, events = play(state, "ana", "lancer")
    assert texts(events) == ["ana lance le dé pour son mineur 1 : 1."]
    assert destinations(state) == {(10, 12), (12, 12)}


# Rule 12 ---------------------------------------------------------------------------------------
def test_rule_12_a_rival_landing_on_the_barrier_takes_the_privilege() -> None:
    state = position({"ana": [(5, 12)], "bob": [(2, 12)]}, [(5, 12)], dice=[3, 1, 1], turn="bob")
    state = throw(state, "bob")
    state, events = play(state, "bob", "deplacer", mineur=1, destination=at(5, 12))
    assert where(state, "ana", 1) == "tente"
    assert "Mineur 1 de ana est renvoyé dans sa tente par bob !" in texts(events)
    assert at(5, 12) in state.barriers
    # ana's turn: nothing to do about that barrier any more.
    state = throw(state, "ana")
    assert state.phase == "deplacer"
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(6, 0))
    # bob leaves it and decides.
    state = throw(state, "bob")
    state, _ = play(state, "bob", "deplacer", mineur=1, destination=at(6, 12))
    assert state.phase == "barriere" and state.turn_player == "bob"


# Rule 13 ---------------------------------------------------------------------------------------
def test_rule_13_when_every_miner_is_blocked_the_turn_is_lost() -> None:
    # ana's last miner stands between two barriers it cannot reach with a 3.
    state = position(
        {"ana": [(12, 6), "mine", "mine", "mine", "mine"], "bob": []}, [(11, 6), (13, 6)], dice=[3]
    )
    state, events = play(state, "ana", "lancer")
    assert texts(events)[1] == "ana ne peut rien jouer avec ce 3 : tour perdu."
    assert state.turn_player == "bob" and state.phase == "lancer"


def test_rule_13_a_blocked_six_gives_no_second_throw() -> None:
    state = position({"ana": [(12, 6), *FOUR_IN], "bob": []}, [(11, 6), (13, 6)], dice=[6])
    state, events = play(state, "ana", "lancer")
    assert [e.kind for e in events] == ["lancer", "bloque", "tour"]
    assert state.turn_player == "bob"


# Rule 14 ---------------------------------------------------------------------------------------
def test_rule_14_one_point_from_the_mine_a_one_goes_in_and_nothing_else() -> None:
    state = throw(position({"ana": [(12, 12), *FOUR_IN], "bob": []}, NO_BARRIERS, dice=[1]), "ana")
    assert destinations(state) == {(12, 13)}
    # At the door, a miner does not step aside: it waits for its 1 or bounces.
    state = throw(
        position({"ana": [(12, 12), (0, 12), MINE, MINE, MINE], "bob": []}, NO_BARRIERS, dice=[3]), "ana"
    )
    assert destinations(state) == {(3, 12)}


def test_rule_14_any_other_throw_touches_the_mine_and_bounces_back_by_the_excess() -> None:
    state = throw(position({"ana": [(12, 12), *FOUR_IN], "bob": []}, NO_BARRIERS, dice=[4]), "ana")
    assert destinations(state) == {(10, 12), (14, 12)}
    assert all(m.bounce for m in GAME.moves(state))
    state, events = play(state, "ana", "deplacer", mineur=1, destination=at(10, 12))
    assert texts(events)[0] == "Mineur 1 de ana touche la mine d'or et rebondit jusqu'à le point M11."
    assert where(state, "ana", 1) == (10, 12)


def test_rule_14_a_two_bounces_back_onto_the_same_point() -> None:
    state = throw(position({"ana": [(12, 12), *FOUR_IN], "bob": []}, NO_BARRIERS, dice=[2]), "ana")
    assert destinations(state) == {(12, 12)}


def test_rule_14_a_bounce_that_meets_a_barrier_loses_the_turn() -> None:
    # The middle barrier of the last row is still under the miner: the way back is barred.
    state = position({"ana": [(12, 12), *FOUR_IN], "bob": []}, [(12, 12)], dice=[3])
    state, events = play(state, "ana", "lancer")
    assert [e.kind for e in events] == ["lancer", "bloque", "tour"]
    state = position({"ana": [(12, 12), *FOUR_IN], "bob": []}, [(11, 12)], dice=[4])
    state = throw(state, "ana")
    assert destinations(state) == {(14, 12)}


def test_rule_14_a_bounce_onto_ones_own_miner_loses_the_turn() -> None:
    # Miner 2 is boxed in by barriers; bouncing left ends on it, bouncing right meets a barrier.
    state = position(
        {"ana": [(12, 12), (10, 12), "mine", "mine", "mine"], "bob": []}, [(9, 12), (13, 12)], dice=[4]
    )
    state, events = play(state, "ana", "lancer")
    assert [e.kind for e in events] == ["lancer", "bloque", "tour"]


def test_rule_14_a_bounce_onto_a_rival_sends_it_home() -> None:
    state = throw(position({"ana": [(12, 12), *FOUR_IN], "bob": [(14, 12)]}, NO_BARRIERS, dice=[4]), "ana")
    assert destinations(state) == {(10, 12), (14, 12)}
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(14, 12))
    assert where(state, "ana", 1) == (14, 12)
    assert where(state, "bob", 1) == "tente"


def test_rule_14_no_bounce_while_another_miner_can_use_the_throw() -> None:
    state = throw(
        position({"ana": [(12, 12), (0, 12), *FOUR_IN[:3]], "bob": []}, NO_BARRIERS, dice=[4]), "ana"
    )
    assert destinations(state) == {(4, 12)}


# Rule 15 ---------------------------------------------------------------------------------------
def test_rule_15_the_fifth_miner_in_the_mine_wins() -> None:
    state = throw(position({"ana": [(12, 12), *FOUR_IN], "bob": [(2, 3)]}, dice=[1]), "ana")
    state, events = play(state, "ana", "deplacer", mineur=1, destination=BOARD.mine)
    assert state.over and state.winners == ["ana"]
    assert texts(events)[-1] == "ana a amené ses cinq mineurs à la mine d'or et gagne la partie !"
    assert GAME.scores(state) == {"ana": 5, "bob": 0}
    with pytest.raises(IllegalAction) as info:
        play(state, "bob", "lancer")
    assert info.value.code == "game_over"
