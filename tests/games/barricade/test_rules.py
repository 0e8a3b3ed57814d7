"""The fifteen rules, each from a set position with loaded dice."""

from __future__ import annotations

import pytest

from games.barricade import GAME
from games.barricade.events import OrderThrows
from games.core import Action, Event, IllegalAction
from speech import words_of

from .positions import BOARD, MINE, Where, at, destinations, play, point, position, throw, where

NO_BARRIERS: list[tuple[int, int]] = []
FOUR_IN: list[Where] = [MINE, MINE, MINE, MINE]

WORDS = words_of("barricade")


def texts(events: list[Event]) -> list[str]:
    return [WORDS.describe(e, {}, "fr") for e in events]


# Rule 1 ----------------------------------------------------------------------------------------
def test_rule_1_miners_start_in_their_tents_and_the_thirteen_barriers_on_the_board() -> None:
    state, _ = GAME.start(["ana", "bob", "cid"], seed=3)
    assert all(state.miners[p] == [-1] * 5 for p in state.players)
    assert state.barriers == sorted(BOARD.barriers)
    assert state.colours == {"ana": "rouge", "bob": "bleu", "cid": "vert"}
    assert [BOARD.tents[state.tents[p]].x for p in state.players] == [1, 9, 17]


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
    rounds = [[(x.player, x.value) for x in e.throws] for e in events if isinstance(e, OrderThrows)]
    assert rounds == [
        [("ana", 4), ("bob", 4), ("cid", 1), ("dan", 1)],
        [("ana", 2), ("bob", 6)],
        [("cid", 5), ("dan", 3)],
    ]


def test_rule_2_a_tie_that_repeats_is_thrown_again_until_settled() -> None:
    state, _ = GAME.start(["ana", "bob"], loaded=[2, 2, 5, 5, 1, 3])
    assert state.order == ["bob", "ana"]


# Rule 3 ----------------------------------------------------------------------------------------
def test_rule_3_counting_starts_on_the_start_line_point_in_front_of_the_tent() -> None:
    # ana's tent (two players) enters at A6, the point (5, 0), the middle of her lane's start line.
    state = throw(position({"ana": [], "bob": []}, NO_BARRIERS, dice=[1]), "ana")
    assert destinations(state) == {(5, 0)}
    state = throw(position({"ana": [], "bob": []}, NO_BARRIERS, dice=[2]), "ana")
    assert destinations(state) == {(4, 0), (6, 0)}
    state = throw(position({"ana": [], "bob": []}, NO_BARRIERS, dice=[4]), "ana")
    assert destinations(state) == {(4, 2), (6, 2)}


def test_rule_3_the_five_miners_in_a_tent_are_offered_once() -> None:
    state = throw(position({"ana": [], "bob": []}, NO_BARRIERS, dice=[1]), "ana")
    assert GAME.legal_actions(state, "ana") == [
        Action(kind="deplacer", args={"mineur": 1, "destination": at(5, 0)})
    ]
    # Any miner still in the tent may be named.
    state, events = play(state, "ana", "deplacer", mineur=4, destination=at(5, 0))
    assert where(state, "ana", 4) == (5, 0)
    assert texts(events)[0] == "Mineur 4 de ana sort de sa tente et va sur le point A6."


# Rule 4 ----------------------------------------------------------------------------------------
def test_rule_4_forward_or_sideways_but_one_sideways_direction_per_throw() -> None:
    # From the middle of row C: left then up the left path, or right then up the right one.
    state = throw(position({"ana": [(5, 2)], "bob": []}, NO_BARRIERS, dice=[4]), "ana")
    reach = destinations(state, miner=1)
    assert (5, 4) not in reach  # back to the middle of row E would turn back sideways
    assert reach == {(4, 5), (6, 5)}
    state = throw(position({"ana": [(4, 0)], "bob": []}, NO_BARRIERS, dice=[4]), "ana")
    # Up then right along row C, or right along the start line then up: one direction each time.
    assert destinations(state, miner=1) == {(4, 4), (6, 2)}


def test_rule_4_never_backwards() -> None:
    # From row G's corner: along the row, up the lane's last point and into the camp.
    state = throw(position({"ana": [(4, 6)], "bob": []}, NO_BARRIERS, dice=[3]), "ana")
    assert destinations(state, miner=1) == {(11, 9)}
    state = throw(position({"ana": [(6, 4)], "bob": []}, NO_BARRIERS, dice=[6]), "ana")
    # Up the right path, left along row G, up to the camp and on to a door; going left on row E
    # first leads up the left path, where turning right on row G would change direction.
    assert destinations(state, miner=1) == {(10, 10), (11, 10), (12, 10)}


# Rule 5 ----------------------------------------------------------------------------------------
def test_rule_5_a_six_moves_then_the_same_miner_throws_again() -> None:
    state = position({"ana": [(4, 0), (6, 2)], "bob": []}, NO_BARRIERS, dice=[6, 2])
    state, events = play(state, "ana", "lancer")
    state, events = play(state, "ana", "deplacer", mineur=1, destination=at(4, 6))
    assert texts(events)[-1] == "Six ! ana relance pour son mineur 1."
    assert GAME.legal_actions(state, "ana") == [Action(kind="lancer")]
    assert GAME.legal_actions(state, "bob") == []
    state, events = play(state, "ana", "lancer")
    assert texts(events)[0] == "ana lance le dé pour son mineur 1 : 2."
    assert {m.miner for m in GAME.moves(state)} == {0}
    assert destinations(state) == {(5, 7), (6, 6)}
    state, events = play(state, "ana", "deplacer", mineur=1, destination=at(5, 7))
    assert state.turn_player == "bob"
    with pytest.raises(IllegalAction):
        play(state, "ana", "lancer")


def test_rule_5_another_miner_may_not_use_the_second_throw() -> None:
    state = position({"ana": [(4, 0), (6, 2)], "bob": []}, NO_BARRIERS, dice=[6, 2])
    state = throw(state, "ana")
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(4, 6))
    state = throw(state, "ana")
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        play(state, "ana", "deplacer", mineur=2, destination=at(6, 4))
    assert info.value.code == "bad_move"
    assert state.model_dump_json() == before


def test_rule_5_a_six_that_ends_in_the_mine_ends_the_turn() -> None:
    state = position({"ana": [(4, 5)], "bob": []}, NO_BARRIERS, dice=[6])
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
    state = position({"ana": [(4, 6), (5, 6)], "bob": [(5, 7)]}, NO_BARRIERS, dice=[3])
    state = throw(state, "ana")
    assert (11, 9) in destinations(state, miner=1)


# Rule 7 ----------------------------------------------------------------------------------------
def test_rule_7_never_two_miners_on_one_point_so_not_on_ones_own() -> None:
    state = position({"ana": [(4, 4), (4, 6)], "bob": []}, NO_BARRIERS, dice=[2])
    state = throw(state, "ana")
    assert destinations(state, miner=1) == {(6, 4)}
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        play(state, "ana", "deplacer", mineur=1, destination=at(4, 6))
    assert WORDS.explain(info.value, "fr") == "Ce mineur ne peut pas aller là avec ce 2."
    assert state.model_dump_json() == before


# Rule 8 ----------------------------------------------------------------------------------------
def test_rule_8_landing_on_a_rival_sends_it_back_to_its_tent() -> None:
    # The lanes meet at the camp: from there on miners of every colour cross.
    state = position({"ana": [(5, 7)], "bob": [(11, 10), (12, 10)]}, NO_BARRIERS, dice=[2])
    state = throw(state, "ana")
    state, events = play(state, "ana", "deplacer", mineur=1, destination=at(11, 10))
    assert where(state, "ana", 1) == (11, 10)
    assert where(state, "bob", 1) == "tente"
    assert where(state, "bob", 2) == (12, 10)
    assert "Mineur 1 de bob est renvoyé dans sa tente par ana !" in texts(events)


def test_rule_8_a_miner_leaving_its_tent_can_hit_a_rival_on_the_start_line() -> None:
    state = position({"ana": [], "bob": [(5, 0)]}, NO_BARRIERS, dice=[1])
    state = throw(state, "ana")
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(5, 0))
    assert where(state, "bob", 1) == "tente"


# Rule 9 ----------------------------------------------------------------------------------------
def test_rule_9_all_five_miners_may_be_out_at_once() -> None:
    state = position({"ana": [(4, 6), (6, 6), (4, 2), (6, 2)], "bob": []}, NO_BARRIERS, dice=[1])
    state = throw(state, "ana")
    state, _ = play(state, "ana", "deplacer", mineur=5, destination=at(5, 0))
    assert "tente" not in [where(state, "ana", m) for m in range(1, 6)]


# Rule 10 ---------------------------------------------------------------------------------------
def test_rule_10_a_barrier_cannot_be_passed_only_reached_exactly() -> None:
    # Row D's two barriers close both paths of the lane: a 4 would pass one or the other.
    state = position({"ana": [(4, 2)], "bob": []}, [(4, 3), (6, 3)], dice=[4])
    state = throw(state, "ana")
    assert destinations(state, miner=1) == set()
    state = position({"ana": [(4, 2)], "bob": []}, [(4, 3), (6, 3)], dice=[3])
    state = throw(state, "ana")
    assert destinations(state, miner=1) == {(6, 3)}


def test_rule_10_a_barrier_with_a_miner_on_it_still_cannot_be_passed() -> None:
    state = position({"ana": [(4, 2)], "bob": [(6, 3)]}, [(4, 3), (6, 3)], dice=[5])
    state = throw(state, "ana")
    assert destinations(state, miner=1) == set()


# Rule 11 ---------------------------------------------------------------------------------------
def test_rule_11_a_miner_stays_on_a_barrier_then_may_move_it_when_leaving() -> None:
    state = position({"ana": [(4, 2)], "bob": [(16, 1)]}, [(4, 3)], dice=[1, 1, 2])
    state = throw(state, "ana")
    state, events = play(state, "ana", "deplacer", mineur=1, destination=at(4, 3))
    assert "ana s'arrête sur la barrière du point D5." in texts(events)
    assert state.turn_player == "bob"
    state = throw(state, "bob")
    state, _ = play(state, "bob", "deplacer", mineur=1, destination=at(16, 2))
    state = throw(state, "ana")
    state, events = play(state, "ana", "deplacer", mineur=1, destination=at(4, 5))
    assert state.phase == "barriere" and state.turn_player == "ana"
    assert texts(events)[-1] == "ana quitte la barrière du point D5 : la déplacer ou la laisser ?"
    offered = GAME.legal_actions(state, "ana")
    assert offered[0] == Action(kind="laisser")
    spots = {a.args["point"] for a in offered[1:]}
    assert at(4, 3) not in spots  # where it is: that is « laisser »
    assert at(4, 5) not in spots and at(16, 2) not in spots  # miners
    assert not spots & BOARD.start_line and BOARD.mine not in spots
    # Into bob's lane: a barrier may go anywhere free, in front of a rival too.
    state, events = play(state, "ana", "barriere", point=at(16, 4))
    assert texts(events)[0] == "ana déplace la barrière de D5 vers E17."
    assert state.barriers == [at(16, 4)]
    assert state.turn_player == "bob"


def test_rule_11_the_barrier_may_be_left_where_it_is() -> None:
    state = position({"ana": [(4, 3)], "bob": []}, [(4, 3)], dice=[2])
    state = throw(state, "ana")
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(4, 5))
    state, events = play(state, "ana", "laisser")
    assert state.barriers == [at(4, 3)]
    assert texts(events)[0] == "ana laisse la barrière au point D5."


@pytest.mark.parametrize(
    "spot", [(0, 0), (4, 5), (6, 3), MINE], ids=["ligne de départ", "mineur", "barrière", "mine"]
)
def test_rule_11_a_barrier_goes_only_on_a_free_point_off_the_start_line(spot: Where) -> None:
    state = position({"ana": [(4, 3)], "bob": []}, [(4, 3), (6, 3)], dice=[2])
    state = throw(state, "ana")
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(4, 5))
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        play(state, "ana", "barriere", point=point(spot))
    assert info.value.code == "bad_point"
    assert state.model_dump_json() == before


def test_rule_11_after_a_six_the_barrier_is_placed_before_the_second_throw() -> None:
    state = position({"ana": [(4, 3)], "bob": []}, [(4, 3)], dice=[6, 1])
    state = throw(state, "ana")
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(11, 9))
    with pytest.raises(IllegalAction) as info:
        play(state, "ana", "lancer")
    assert info.value.code == "barrier_pending"
    state, _ = play(state, "ana", "barriere", point=at(20, 5))
    state, events = play(state, "ana", "lancer")
    assert texts(events) == ["ana lance le dé pour son mineur 1 : 1."]
    assert destinations(state) == {(10, 10), (11, 10), (12, 10)}


# Rule 12 ---------------------------------------------------------------------------------------
def test_rule_12_a_rival_landing_on_the_barrier_takes_the_privilege() -> None:
    # ana waits on the camp's barrier; bob comes up his own lane and lands on it.
    state = position({"ana": [(11, 9)], "bob": [(17, 7)]}, [(11, 9)], dice=[1, 1, 1], turn="bob")
    state = throw(state, "bob")
    state, events = play(state, "bob", "deplacer", mineur=1, destination=at(11, 9))
    assert where(state, "ana", 1) == "tente"
    assert "Mineur 1 de ana est renvoyé dans sa tente par bob !" in texts(events)
    assert at(11, 9) in state.barriers
    # ana's turn: nothing to do about that barrier any more.
    state = throw(state, "ana")
    assert state.phase == "deplacer"
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(5, 0))
    # bob leaves it and decides.
    state = throw(state, "bob")
    state, _ = play(state, "bob", "deplacer", mineur=1, destination=at(11, 10))
    assert state.phase == "barriere" and state.turn_player == "bob"


# Rule 13 ---------------------------------------------------------------------------------------
def test_rule_13_when_every_miner_is_blocked_the_turn_is_lost() -> None:
    # ana's last miner stands between two barriers it cannot reach with a 3.
    state = position({"ana": [(5, 2), "mine", "mine", "mine", "mine"], "bob": []}, [(4, 2), (6, 2)], dice=[3])
    state, events = play(state, "ana", "lancer")
    assert texts(events)[1] == "ana ne peut rien jouer avec ce 3 : tour perdu."
    assert state.turn_player == "bob" and state.phase == "lancer"


def test_rule_13_a_blocked_six_gives_no_second_throw() -> None:
    state = position({"ana": [(5, 2), *FOUR_IN], "bob": []}, [(4, 2), (6, 2)], dice=[6])
    state, events = play(state, "ana", "lancer")
    assert [e.kind for e in events] == ["lancer", "bloque", "tour"]
    assert state.turn_player == "bob"


# Rule 14 ---------------------------------------------------------------------------------------
# The mine has three doors (J11, J12, J13), all reached from the camp (I12).
DOORS = {(10, 10), (11, 10), (12, 10)}
LANE_TOPS = {(1, 7), (5, 7), (9, 7), (13, 7), (17, 7), (21, 7)}


def test_rule_14_one_point_from_the_mine_a_one_goes_in_and_nothing_else() -> None:
    state = throw(position({"ana": [(11, 10), *FOUR_IN], "bob": []}, NO_BARRIERS, dice=[1]), "ana")
    assert destinations(state) == {(11, 11)}
    # At the door, a miner does not step aside: it waits for its 1 or bounces.
    state = throw(
        position({"ana": [(11, 10), (4, 6), MINE, MINE, MINE], "bob": []}, NO_BARRIERS, dice=[3]), "ana"
    )
    assert destinations(state) == {(11, 9)}


def test_rule_14_any_other_throw_touches_the_mine_and_bounces_back_by_the_excess() -> None:
    state = throw(position({"ana": [(11, 10), *FOUR_IN], "bob": []}, NO_BARRIERS, dice=[3]), "ana")
    assert destinations(state) == {(11, 9)}
    assert all(m.bounce for m in GAME.moves(state))
    state, events = play(state, "ana", "deplacer", mineur=1, destination=at(11, 9))
    assert texts(events)[0] == "Mineur 1 de ana touche la mine d'or et rebondit jusqu'à le point I12."
    assert where(state, "ana", 1) == (11, 9)
    # Three back: through a door and the camp to the top of any lane.
    state = throw(position({"ana": [(11, 10), *FOUR_IN], "bob": []}, NO_BARRIERS, dice=[4]), "ana")
    assert destinations(state) == LANE_TOPS


def test_rule_14_a_two_bounces_back_onto_a_door() -> None:
    state = throw(position({"ana": [(11, 10), *FOUR_IN], "bob": []}, NO_BARRIERS, dice=[2]), "ana")
    assert destinations(state) == DOORS


def test_rule_14_a_bounce_that_meets_a_barrier_loses_the_turn() -> None:
    # Every way back passes the camp: its barrier may be landed on, never passed.
    state = position({"ana": [(11, 10), *FOUR_IN], "bob": []}, [(11, 9)], dice=[4])
    state, events = play(state, "ana", "lancer")
    assert [e.kind for e in events] == ["lancer", "bloque", "tour"]
    state = throw(position({"ana": [(11, 10), *FOUR_IN], "bob": []}, [(11, 9)], dice=[3]), "ana")
    assert destinations(state) == {(11, 9)}


def test_rule_14_a_bounce_onto_ones_own_miner_loses_the_turn() -> None:
    # Miner 2 waits on the camp and cannot use a 3 itself; the bounce of miner 1 would end on it.
    state = position({"ana": [(11, 10), (11, 9), "mine", "mine", "mine"], "bob": []}, NO_BARRIERS, dice=[3])
    state, events = play(state, "ana", "lancer")
    assert [e.kind for e in events] == ["lancer", "bloque", "tour"]


def test_rule_14_a_bounce_onto_a_rival_sends_it_home() -> None:
    state = throw(position({"ana": [(11, 10), *FOUR_IN], "bob": [(11, 9)]}, NO_BARRIERS, dice=[3]), "ana")
    assert destinations(state) == {(11, 9)}
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(11, 9))
    assert where(state, "ana", 1) == (11, 9)
    assert where(state, "bob", 1) == "tente"


def test_rule_14_no_bounce_while_another_miner_can_use_the_throw() -> None:
    state = throw(
        position({"ana": [(11, 10), (4, 6), *FOUR_IN[:3]], "bob": []}, NO_BARRIERS, dice=[4]), "ana"
    )
    # Miner 2 reaches the two free doors; miner 1 stays at its own.
    assert destinations(state) == {(10, 10), (12, 10)}


# Rule 15 ---------------------------------------------------------------------------------------
def test_rule_15_the_fifth_miner_in_the_mine_wins() -> None:
    state = throw(position({"ana": [(11, 10), *FOUR_IN], "bob": [(16, 1)]}, dice=[1]), "ana")
    state, events = play(state, "ana", "deplacer", mineur=1, destination=BOARD.mine)
    assert state.over and state.winners == ["ana"]
    assert texts(events)[-1] == "ana a amené ses cinq mineurs à la mine d'or et gagne la partie !"
    assert GAME.scores(state) == {"ana": 5, "bob": 0}
    with pytest.raises(IllegalAction) as info:
        play(state, "bob", "lancer")
    assert info.value.code == "game_over"
