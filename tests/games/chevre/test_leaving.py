"""A player leaving: their tiles go back into the bazar and the round goes on without them."""

from __future__ import annotations

from games.chevre import GAME, deal_dice, position
from games.chevre.tiles import ALL_TILES
from games.core import SYSTEM, Action
from speech import words_of

from .play import act, kinds, poser, rest
from .secrecy import all_tiles
from .test_deal import ANA, BOB, CID, DAN

CHAIN = [(2, 1), (1, 4)]

WORDS = words_of("chevre")


def test_the_leaver_s_tiles_go_into_the_bazar_and_the_next_seat_plays() -> None:
    ana, bob, cid = ["0-0", "2-5"], ["4-4", "3-3"], ["1-5"]
    dan = rest(ana, bob, cid, chain=CHAIN)
    state = position(
        {"ana": ana, "bob": bob, "cid": cid, "dan": dan}, CHAIN, [], turn="bob", scores={"bob": 30}
    )
    state, events = GAME.apply(state, "bob", Action(kind="quitter"), 0)
    assert state.players == ["ana", "cid", "dan"] and "bob" not in state.scores
    assert sorted(state.bazar) == ["3-3", "4-4"] and all_tiles(state) == ALL_TILES
    assert GAME.to_act(state) == ["cid"]
    assert WORDS.describe(events[0], {}, "fr") == "bob quitte la table ; ses dominos retournent au bazar (2)."
    # cid cannot lay the 1-5 (ends 2 and 4): the bazar now holds bob's tiles.
    assert GAME.legal_actions(state, "cid") == [Action(kind="piocher")]


def test_a_leaver_before_the_turn_keeps_the_turn_with_the_same_player() -> None:
    ana, bob, cid = ["0-0", "2-5"], ["4-4", "3-3"], ["1-5"]
    dan = rest(ana, bob, cid, chain=CHAIN)
    state = position({"ana": ana, "bob": bob, "cid": cid, "dan": dan}, CHAIN, [], turn="cid")
    state, _ = GAME.apply(state, SYSTEM, Action(kind="expulser", args={"joueur": "ana"}), 0)
    assert GAME.to_act(state) == ["cid"]


def test_when_the_first_opener_leaves_the_opening_order_applies_again() -> None:
    state, _ = GAME.start(["ana", "bob", "cid", "dan"], loaded=deal_dice([ANA, BOB, CID, DAN]))
    state, events = GAME.apply(state, SYSTEM, Action(kind="expulser", args={"joueur": "bob"}), 0)
    # 1-1 went into the bazar with bob's hand: dan's 2-2 opens, and only dan is told the tile.
    assert GAME.to_act(state) == ["dan"]
    assert GAME.legal_actions(state, "dan") == [poser("2-2")]
    assert kinds(events) == ["depart", "ouverture"] and events[1].to == ["dan"]
    assert WORDS.describe(events[1], {}, "fr") == "Tu ouvres avec le 2-2."


def test_with_one_player_left_the_game_stops_without_a_chevre() -> None:
    state, _ = GAME.start(["ana", "bob"], seed=5)
    state, events = act(state, "bob", "quitter")
    assert state.over and state.winners == ["ana"] and state.chevres == []
    assert WORDS.describe(events[-1], {}, "fr") == "Plus assez de joueurs : la partie s'arrête. Gagnant : ana."


def test_when_the_free_opener_of_a_later_round_leaves_the_next_seat_opens_freely() -> None:
    state = position({"ana": ANA, "bob": BOB, "cid": CID}, [], rest(ANA, BOB, CID), round_no=2)
    assert GAME.to_act(state) == ["ana"] and len(GAME.legal_actions(state, "ana")) == 7
    state, _ = act(state, "ana", "quitter")
    assert GAME.to_act(state) == ["bob"]
    assert sorted(a.args["tuile"] for a in GAME.legal_actions(state, "bob")) == sorted(BOB)
    assert len(state.bazar) == 14
