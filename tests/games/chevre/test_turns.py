"""A turn: lay one tile on an end, draw only when nothing fits, pass only when the bazar is empty."""

from __future__ import annotations

import pytest

from games.chevre import GAME, ChevreState, position
from games.chevre.events import Drew, Laid, TileDrawn
from games.core import Action, IllegalAction
from speech import words_of

from .play import act, kinds, poser, rest

# Ends: 2 on the left (gauche), 4 on the right (droite).
CHAIN = [(2, 1), (1, 1), (1, 4)]

WORDS = words_of("chevre")


def two_players(ana: list[str], bob: list[str], front: list[str]) -> ChevreState:
    return position({"ana": ana, "bob": bob}, CHAIN, front + rest(ana, bob, front, chain=CHAIN), turn="ana")


def test_with_nothing_that_fits_one_draws_one_tile_at_a_time_until_one_fits() -> None:
    state = two_players(["0-0", "3-5"], ["2-2", "2-3"], ["0-5", "3-6", "2-6"])
    assert GAME.legal_actions(state, "ana") == [Action(kind="piocher")]
    for expected in ["0-5", "3-6"]:
        state, events = act(state, "ana", "piocher")
        drawn = events[0]
        assert isinstance(drawn, TileDrawn) and drawn.to == ["ana"] and drawn.tile == expected
        assert WORDS.describe(events[0], {}, "fr") == f"Tu pioches le {expected}."
        assert GAME.legal_actions(state, "ana") == [Action(kind="piocher")]
        assert GAME.to_act(state) == ["ana"]
    state, events = act(state, "ana", "piocher")
    assert WORDS.describe(events[1], {}, "fr") == "ana va au bazar (il y reste 18 dominos)."
    assert isinstance(events[1], Drew) and events[1].to is None and "tile" not in events[1].data
    # What was drawn stays in the hand; the 2-6 fits the left end and must now be laid.
    assert state.hands["ana"] == ["0-0", "3-5", "0-5", "3-6", "2-6"]
    assert GAME.legal_actions(state, "ana") == [poser("2-6", "gauche")]
    with pytest.raises(IllegalAction) as info:
        act(state, "ana", "piocher")
    assert WORDS.explain(info.value, "fr") == "Tu as un domino qui se pose : joue-le."
    with pytest.raises(IllegalAction):
        act(state, "ana", "passer")
    state, events = act(state, "ana", "poser", tuile="2-6", cote="gauche")
    assert state.chain[0] == (6, 2) and state.ends() == (6, 4)
    assert GAME.to_act(state) == ["bob"]
    assert WORDS.describe(events[0], {}, "fr") == "ana pose le 2-6 à gauche. Bouts : 6 et 4. Il lui reste 4 dominos."


def test_a_player_who_can_lay_a_tile_may_neither_draw_nor_pass() -> None:
    state = two_players(["0-0", "3-4"], ["2-2", "2-3"], [])
    assert GAME.legal_actions(state, "ana") == [poser("3-4", "droite")]
    for kind in ("piocher", "passer"):
        with pytest.raises(IllegalAction) as info:
            act(state, "ana", kind)
        assert info.value.code == "must_play"


def test_one_passes_only_when_nothing_fits_and_the_bazar_is_empty() -> None:
    ana, bob, cid = ["0-0", "3-5"], ["2-2"], ["4-4"]
    dan = rest(ana, bob, cid, chain=CHAIN)
    state = position({"ana": ana, "bob": bob, "cid": cid, "dan": dan}, CHAIN, [], turn="ana")
    assert GAME.legal_actions(state, "ana") == [Action(kind="passer")]
    with pytest.raises(IllegalAction) as info:
        act(state, "ana", "piocher")
    assert WORDS.explain(info.value, "fr") == "Le bazar est vide."
    state, events = act(state, "ana", "passer")
    assert kinds(events) == ["passe"] and WORDS.describe(events[0], {}, "fr") == "ana passe."
    assert GAME.to_act(state) == ["bob"] and state.hands["ana"] == ana
    # With tiles left in the bazar, passing is refused: draw first.
    state = two_players(["0-0", "3-5"], ["2-2", "2-3"], [])
    with pytest.raises(IllegalAction) as info:
        act(state, "ana", "passer")
    assert WORDS.explain(info.value, "fr") == "Tu ne peux pas passer : va d'abord au bazar."


def test_a_tile_fitting_both_ends_asks_which_one_and_turns_the_right_way() -> None:
    state = two_players(["2-4", "0-0"], ["5-5"], [])
    assert GAME.legal_actions(state, "ana") == [poser("2-4", "gauche"), poser("2-4", "droite")]
    with pytest.raises(IllegalAction) as info:
        act(state, "ana", "poser", tuile="2-4")
    assert WORDS.explain(info.value, "fr") == "Le 2-4 va aux deux bouts : précise gauche ou droite."
    left, _ = act(state, "ana", "poser", tuile="4-2", cote="gauche")
    assert left.chain == [(4, 2), *CHAIN]
    right, _ = act(state, "ana", "poser", tuile="2-4", cote="droite")
    assert right.chain == [*CHAIN, (4, 2)]


def test_the_end_may_be_left_out_when_only_one_takes_the_tile() -> None:
    state = two_players(["4-6", "0-0"], ["5-5"], [])
    state, events = act(state, "ana", "poser", tuile="6:4")
    laid = events[0]
    assert state.chain[-1] == (4, 6) and isinstance(laid, Laid) and laid.side == "droite"


def test_bad_actions_raise_a_french_refusal_and_change_nothing() -> None:
    state = two_players(["2-6", "0-0", "3-5"], ["5-5", "1-6"], [])
    before = state.model_dump_json()
    attempts = [
        ("bob", Action(kind="poser", args={"tuile": "5-5"}), "Ce n'est pas ton tour."),
        ("ana", poser("7-8"), "« 7-8 » n'est pas un domino (écris-le comme 3-5)."),
        ("ana", poser("1-6", "gauche"), "Tu n'as pas le 1-6."),
        ("ana", poser("0-0"), "Le 0-0 ne se pose à aucun bout."),
        ("ana", poser("2-6", "droite"), "Le 2-6 ne se pose pas à droite."),
        ("ana", poser("2-6", "milieu"), "Argument invalide : cote."),
        ("ana", Action(kind="piocher"), "Tu as un domino qui se pose : joue-le."),
        ("ana", Action(kind="lancer"), "Action inconnue ici."),
        ("zoe", poser("2-6", "gauche"), "Tu n'es pas à cette table."),
    ]
    for player, action, sentence in attempts:
        with pytest.raises(IllegalAction) as info:
            GAME.apply(state, player, action, 0)
        assert WORDS.explain(info.value, "fr") == sentence
    assert state.model_dump_json() == before


def test_turns_go_round_in_seat_order() -> None:
    ana, bob, cid = ["2-6", "0-0"], ["6-6", "0-1"], ["3-6", "0-2"]
    state = position(
        {"ana": ana, "bob": bob, "cid": cid}, CHAIN, rest(ana, bob, cid, chain=CHAIN), turn="ana"
    )
    turn_numbers = [state.turn_no]
    for player, tile in [("ana", "2-6"), ("bob", "6-6"), ("cid", "3-6")]:
        assert GAME.to_act(state) == [player]
        state, _ = act(state, player, "poser", tuile=tile, cote="gauche")
        turn_numbers.append(state.turn_no)
    assert GAME.to_act(state) == ["ana"]
    assert state.chain[:3] == [(3, 6), (6, 6), (6, 2)]
    assert turn_numbers == sorted(set(turn_numbers))
