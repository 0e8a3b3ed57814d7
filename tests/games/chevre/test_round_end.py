"""End of a round (sortie, poisson), scoring with the 0-0 rule, memory, account, and the chèvre."""

from __future__ import annotations

import pytest

from games.chevre import GAME, ChevreOptions, ChevreState, position
from games.chevre.events import RoundOver
from games.core import Event, IllegalAction
from speech import words_of

from .play import act, kinds, rest

# Laying 0-6 on the right closes the chain: 0 at both ends, all seven tiles with a 0 laid.
BEFORE_POISSON = [(0, 1), (1, 2), (2, 0), (0, 0), (0, 3), (3, 4), (4, 0), (0, 5), (5, 6)]
LONG_GAME = ChevreOptions(limite=1000)

WORDS = words_of("chevre")


def round_end(events: list[Event]) -> RoundOver:
    return next(e for e in events if isinstance(e, RoundOver))


def test_poisson_when_nobody_can_play_the_heaviest_hand_takes_everything() -> None:
    hands = {
        "ana": ["6-6", "5-5", "4-6"],
        "bob": ["0-6", "1-1"],
        "cid": ["1-3", "1-4", "1-5", "1-6", "2-2"],
        "dan": ["2-3", "2-4", "2-5", "2-6", "3-3", "3-5", "3-6", "4-4", "4-5"],
    }
    state = position(
        hands, BEFORE_POISSON, [], turn="bob", remembered={"ana": 7, "dan": 4}, options=LONG_GAME
    )
    state, events = act(state, "bob", "poser", tuile="0-6", cote="droite")
    end = round_end(events)
    assert end.ending == "poisson" and end.player == "bob"
    assert end.points == {"ana": 32, "bob": 2, "cid": 26, "dan": 66}
    assert end.taken == {"ana": 0, "bob": 0, "cid": 0, "dan": 126}
    # dan's 126 open the account, with the 4 remembered; a poisson clears nobody's memory.
    assert state.scores == {"ana": 0, "bob": 0, "cid": 0, "dan": 130}
    assert state.remembered == {"ana": 7, "bob": 0, "cid": 0, "dan": 0}
    assert end.hands["dan"] == hands["dan"] and end.hands["bob"] == ["1-1"]
    text = WORDS.describe(events[1], {}, "fr")
    assert text.startswith("Poisson de bob : fin de la manche 2.")
    assert "dan : 2-3 2-4 2-5 2-6 3-3 3-5 3-6 4-4 4-5 (66 points), prend 126 points, ouvre son compte" in text
    # The pêcheur opens the next round with any tile.
    assert state.round_no == 3 and GAME.to_act(state) == ["bob"]
    opening = GAME.legal_actions(state, "bob")
    assert len(opening) == 7 and all("cote" not in a.args for a in opening)
    assert kinds(events) == ["pose", "manche_finie", "donne", "main", "main", "main", "main"]


def test_poisson_when_the_chain_closes_even_with_tiles_left_in_the_bazar() -> None:
    ana, bob = ["6-6", "5-5"], ["0-6", "1-1"]
    bazar = rest(ana, bob, chain=BEFORE_POISSON)
    state = position({"ana": ana, "bob": bob}, BEFORE_POISSON, bazar, turn="bob", remembered={"ana": 3})
    state, events = act(state, "bob", "poser", tuile="0-6", cote="droite")
    end = round_end(events)
    assert end.ending == "poisson" and end.taken == {"ana": 24, "bob": 0}
    assert state.scores == {"ana": 27, "bob": 0}
    assert state.round_no == 3 and len(state.bazar) == 14


def test_the_same_tile_on_the_other_end_does_not_close_the_chain() -> None:
    ana, bob = ["6-6", "5-5"], ["0-6", "1-1"]
    bazar = rest(ana, bob, chain=BEFORE_POISSON)
    state = position({"ana": ana, "bob": bob}, BEFORE_POISSON, bazar, turn="bob")
    state, events = act(state, "bob", "poser", tuile="0-6", cote="gauche")
    assert kinds(events) == ["pose"] and state.ends() == (6, 6) and GAME.to_act(state) == ["ana"]


def test_at_a_poisson_tied_heaviest_hands_each_take_the_whole_sum() -> None:
    ana, bob, cid = ["6-6"], ["0-6", "1-1"], ["4-4", "2-2"]
    bazar = rest(ana, bob, cid, chain=BEFORE_POISSON)
    state = position({"ana": ana, "bob": bob, "cid": cid}, BEFORE_POISSON, bazar, turn="bob")
    state, events = act(state, "bob", "poser", tuile="0-6", cote="droite")
    assert round_end(events).taken == {"ana": 26, "bob": 0, "cid": 26}
    assert state.scores == {"ana": 26, "bob": 0, "cid": 26}


def going_out(
    hands: dict[str, list[str]] | None = None,
    scores: dict[str, int] | None = None,
    remembered: dict[str, int] | None = None,
    options: ChevreOptions | None = None,
) -> ChevreState:
    """ana lays her last tile 3-4 on the right; the others hold what is asked."""
    chain = [(1, 2), (2, 3)]
    held = {"ana": ["3-4"], "bob": ["0-0"], "cid": ["6-6", "2-6"], "dan": ["0-1", "0-2"]}
    held.update(hands or {})
    bazar = rest(*held.values(), chain=chain)
    return position(
        held, chain, bazar, turn="ana", scores=scores, remembered=remembered, options=options
    )


def test_going_out_each_counts_their_hand_with_memory_and_account() -> None:
    state = going_out(
        scores={"dan": 40}, remembered={"ana": 9, "bob": 5, "cid": 7}, options=LONG_GAME
    )
    state, events = act(state, "ana", "poser", tuile="3-4")
    end = round_end(events)
    assert end.ending == "sortie" and end.player == "ana"
    # A lone 0-0 counts 10.
    assert end.points == {"ana": 0, "bob": 10, "cid": 20, "dan": 1 + 2}
    # bob: 10 is remembered on top of 5 (15 remembered, the account stays shut);
    # cid: 20 opens the account with the 7 remembered; dan's open account takes every point;
    # ana went out: her memory is cleared.
    assert state.scores == {"ana": 0, "bob": 0, "cid": 27, "dan": 43}
    assert state.remembered == {"ana": 0, "bob": 15, "cid": 0, "dan": 0}
    assert end.opened == ["cid"]
    text = WORDS.describe(events[1], {}, "fr")
    assert text.splitlines()[0] == "ana n'a plus de dominos : fin de la manche 2."
    assert "bob : 0-0 (10 points) → compte 0, mémoire 15." in text
    # The one who went out opens the next round with any tile of a fresh hand.
    assert state.round_no == 3 and GAME.to_act(state) == ["ana"]
    assert all(len(h) == 7 for h in state.hands.values()) and state.chain == []
    assert sorted(a.args["tuile"] for a in GAME.legal_actions(state, "ana")) == sorted(state.hands["ana"])


@pytest.mark.parametrize(
    ("bob", "points"),
    [(["0-0"], 10), (["0-0", "1-1"], 2), (["0-0", "0-3"], 3), (["5-6", "4-5"], 20)],
)
def test_a_lone_0_0_counts_ten_and_otherwise_tiles_count_their_pips(bob: list[str], points: int) -> None:
    state = going_out(hands={"bob": bob}, options=LONG_GAME)
    state, events = act(state, "ana", "poser", tuile="3-4")
    assert round_end(events).points["bob"] == points


def test_twelve_is_remembered_and_thirteen_opens_the_account() -> None:
    twelve = going_out(hands={"cid": ["6-6"]}, options=LONG_GAME)
    twelve, _ = act(twelve, "ana", "poser", tuile="3-4")
    assert twelve.scores["cid"] == 0 and twelve.remembered["cid"] == 12
    thirteen = going_out(hands={"cid": ["6-6", "0-1"], "dan": ["0-2", "0-3"]}, options=LONG_GAME, remembered={"cid": 12})
    thirteen, _ = act(thirteen, "ana", "poser", tuile="3-4")
    assert thirteen.scores["cid"] == 25 and thirteen.remembered["cid"] == 0


def test_reaching_101_makes_the_chevre_and_the_others_win() -> None:
    state = going_out(hands={"cid": ["0-6"]}, scores={"cid": 95}, remembered={"bob": 99})
    state, events = act(state, "ana", "poser", tuile="3-4")
    assert state.over and state.chevres == ["cid"] and state.winners == ["ana", "bob", "dan"]
    # Remembered points never make a chèvre: bob has 109 remembered, 0 in his account.
    assert state.remembered["bob"] == 109 and state.scores["bob"] == 0
    assert kinds(events) == ["pose", "manche_finie", "fin"]
    assert WORDS.describe(events[-1], {}, "fr") == "La chèvre : cid (101 points). Gagnants : ana, bob, dan."
    assert GAME.legal_actions(state, "bob") == [] and GAME.to_act(state) == []
    with pytest.raises(IllegalAction) as info:
        act(state, "bob", "poser", tuile="0-0")
    assert info.value.code == "game_over"
    assert "Chèvre : cid. Gagnants : ana, bob, dan." in WORDS.summary(state, {}, "fr")


def test_when_everyone_crosses_at_once_the_highest_account_is_the_chevre() -> None:
    ana, bob = ["6-6"], ["0-6", "3-3", "1-5"]
    bazar = rest(ana, bob, chain=BEFORE_POISSON)
    state = position(
        {"ana": ana, "bob": bob}, BEFORE_POISSON, bazar, turn="bob", scores={"ana": 90, "bob": 95}
    )
    state, events = act(state, "bob", "poser", tuile="0-6", cote="droite")
    assert round_end(events).taken == {"ana": 24, "bob": 24}
    assert state.scores == {"ana": 114, "bob": 119}
    assert state.chevres == ["bob"] and state.winners == ["ana"]


def test_going_out_on_the_tile_that_closes_the_chain_is_a_sortie() -> None:
    ana, bob = ["6-6", "5-5"], ["0-6"]
    bazar = rest(ana, bob, chain=BEFORE_POISSON)
    state = position({"ana": ana, "bob": bob}, BEFORE_POISSON, bazar, turn="bob", options=LONG_GAME)
    state, events = act(state, "bob", "poser", tuile="0-6", cote="droite")
    end = round_end(events)
    assert end.ending == "sortie" and end.taken == {"ana": 22, "bob": 0}
