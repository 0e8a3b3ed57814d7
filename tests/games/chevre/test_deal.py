"""The deal: seven each, the bazar, misdeals, and who opens the first round with which tile."""

from __future__ import annotations

import pytest

from games.chevre import GAME, deal_dice
from games.chevre.deal import misdeal_reason
from games.chevre.events import Dealt, HandDealt, Redealt
from games.core import IllegalAction
from speech import words_of

from .play import act, poser

ANA = ["0-1", "0-2", "2-3", "3-4", "4-5", "5-6", "5-5"]
BOB = ["1-1", "1-2", "1-3", "1-4", "2-4", "3-5", "4-6"]
CID = ["0-0", "0-3", "0-4", "0-5", "2-5", "2-6", "3-6"]
DAN = ["1-5", "1-6", "2-2", "3-3", "4-4", "0-6", "6-6"]

WORDS = words_of("chevre")


def in_order(hand: list[str]) -> list[str]:
    """A hand as it is shown to its player: by first then second number."""
    return sorted(hand, key=lambda t: (int(t[0]), int(t[2])))


@pytest.mark.parametrize(("count", "bazar"), [(2, 14), (3, 7), (4, 0)])
def test_seven_tiles_each_and_the_rest_is_the_bazar(count: int, bazar: int) -> None:
    players = ["ana", "bob", "cid", "dan"][:count]
    state, events = GAME.start(players, seed=11)
    assert all(len(state.hands[p]) == 7 for p in players)
    assert len(state.bazar) == bazar
    dealt = [e for e in events if isinstance(e, HandDealt)]
    assert [e.to for e in dealt] == [[p] for p in players]
    assert [e.tiles for e in dealt] == [in_order(state.hands[p]) for p in players]


def test_a_fixed_deal_goes_through_the_real_shuffle() -> None:
    state, _ = GAME.start(["ana", "bob", "cid", "dan"], loaded=deal_dice([ANA, BOB, CID, DAN]))
    assert state.hands == {"ana": ANA, "bob": BOB, "cid": CID, "dan": DAN}


def test_the_holder_of_1_1_opens_with_it_even_when_others_hold_smaller_doubles() -> None:
    state, events = GAME.start(["ana", "bob", "cid", "dan"], loaded=deal_dice([ANA, BOB, CID, DAN]))
    assert GAME.to_act(state) == ["bob"]
    assert GAME.legal_actions(state, "bob") == [poser("1-1")]
    donne = next(e for e in events if isinstance(e, Dealt))
    assert donne.opener == "bob" and donne.free_opening is False
    assert WORDS.describe(donne, {}, "fr") == "Manche 1 : sept dominos chacun, pas de bazar. bob ouvre avec le domino d'ouverture."
    with pytest.raises(IllegalAction) as info:
        act(state, "bob", "poser", tuile="1-2")
    assert WORDS.explain(info.value, "fr") == "La première manche s'ouvre avec le 1-1."
    with pytest.raises(IllegalAction) as info:
        act(state, "dan", "poser", tuile="2-2")
    assert info.value.code == "not_your_turn"
    state, _ = act(state, "bob", "poser", tuile="1-1")
    assert state.chain == [(1, 1)] and GAME.to_act(state) == ["cid"]


@pytest.mark.parametrize(
    ("hands", "opener", "tile"),
    [
        # 1-1 and 2-2 lie in the bazar: bob's 3-3 opens, though cid holds 0-0 and 4-4.
        (
            [
                ["0-5", "0-6", "1-5", "2-5", "3-5", "5-5", "6-6"],
                ["3-3", "0-3", "0-4", "1-4", "2-4", "3-4", "4-5"],
                ["0-0", "4-4", "0-1", "0-2", "1-2", "1-3", "2-3"],
            ],
            "bob",
            "3-3",
        ),
        # Only the 0-0 among the doubles was dealt: it opens.
        (
            [
                ["0-1", "1-2", "1-3", "1-4", "2-3", "2-4", "3-5"],
                ["0-2", "0-3", "1-5", "1-6", "2-5", "2-6", "3-4"],
                ["0-0", "0-4", "0-5", "0-6", "3-6", "4-5", "4-6"],
            ],
            "cid",
            "0-0",
        ),
        # No double dealt, nor 0-1 or 0-2: the smallest total is 3, and 0-3 comes before 1-2.
        (
            [
                ["1-2", "1-3", "1-4", "1-5", "2-3", "2-4", "2-5"],
                ["0-3", "0-4", "0-5", "0-6", "1-6", "2-6", "3-4"],
            ],
            "bob",
            "0-3",
        ),
    ],
)
def test_the_opening_order_of_the_first_round(hands: list[list[str]], opener: str, tile: str) -> None:
    players = ["ana", "bob", "cid"][: len(hands)]
    state, events = GAME.start(players, loaded=deal_dice(hands))
    assert state.hands == dict(zip(players, hands, strict=True))
    assert GAME.to_act(state) == [opener]
    assert GAME.legal_actions(state, opener) == [poser(tile)]
    private = next(e for e in events if isinstance(e, HandDealt) and e.to == [opener])
    assert isinstance(private, HandDealt) and private.opening == tile
    assert WORDS.describe(private, {}, "fr").endswith(f"Tu ouvres avec le {tile}.")


def test_five_doubles_in_a_hand_mean_a_new_deal() -> None:
    bad_ana = ["0-1", "0-2", "2-3", "3-4", "4-5", "5-6", "0-6"]
    bad_dan = ["1-5", "1-6", "2-2", "3-3", "4-4", "5-5", "6-6"]
    loaded = deal_dice([bad_ana, BOB, CID, bad_dan]) + deal_dice([ANA, BOB, CID, DAN])
    state, events = GAME.start(["ana", "bob", "cid", "dan"], loaded=loaded)
    assert state.hands == {"ana": ANA, "bob": BOB, "cid": CID, "dan": DAN}
    redeal = [e for e in events if e.kind == "redonne"]
    assert redeal == [Redealt(player="dan", reason="doubles")]
    assert WORDS.describe(redeal[0], {}, "fr") == "La main de dan a cinq doubles ou plus : on redonne."
    # The cancelled hands are never shown.
    assert all(e.tiles == in_order(state.hands[e.player]) for e in events if isinstance(e, HandDealt))


def test_six_tiles_of_one_number_mean_a_new_deal() -> None:
    sixes = ["0-6", "1-6", "2-6", "3-6", "4-6", "5-6", "0-1"]
    other = ["0-0", "0-2", "0-3", "0-4", "0-5", "1-2", "1-3"]
    good_ana = ["0-1", "1-2", "1-3", "1-4", "2-3", "2-4", "3-5"]
    good_bob = ["0-2", "0-3", "1-5", "1-6", "2-5", "2-6", "3-4"]
    loaded = deal_dice([other, sixes]) + deal_dice([good_ana, good_bob])
    state, events = GAME.start(["ana", "bob"], loaded=loaded)
    assert [e for e in events if e.kind == "redonne"] == [Redealt(player="bob", reason="valeur")]
    assert state.hands == {"ana": good_ana, "bob": good_bob}
    # Five tiles carrying a 6 plus the 6-6 make six tiles with a 6 as well; five alone do not.
    assert misdeal_reason(["0-6", "1-6", "2-6", "3-6", "4-6", "6-6", "0-0"]) == "valeur"
    assert misdeal_reason(["0-6", "1-6", "2-6", "3-6", "4-6", "0-0", "1-1"]) is None


def test_the_game_announces_its_players_and_limit() -> None:
    state, events = GAME.start(["ana", "bob"], {"limite": "50"}, seed=1)
    assert state.options.limite == 50
    assert WORDS.describe(events[0], {}, "fr") == "Partie de Chèvre : ana, bob. Qui atteint 50 points au compte est la chèvre."
