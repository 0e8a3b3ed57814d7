"""Hands are hidden: the channel sees counts, each player sees their own hand and nothing more."""

from __future__ import annotations

from games.chevre import GAME, deal_dice, position
from games.chevre.events import Drew, TileDrawn
from speech import words_of

from .play import act, rest, tiles_named
from .test_deal import ANA, BOB, CID, DAN, in_order

PUBLIC_KEYS = {
    "game", "players", "round", "turn", "turn_no", "version", "over", "winners", "chevres", "limit",
    "chain", "ends", "bazar", "hand_sizes", "scores", "remembered", "forced_opening", "turn_moves",
}

WORDS = words_of("chevre")


def test_the_channel_sees_the_chain_counts_and_scores_but_no_hand() -> None:
    state, _ = GAME.start(["ana", "bob", "cid", "dan"], loaded=deal_dice([ANA, BOB, CID, DAN]))
    state, _ = act(state, "bob", "poser", tuile="1-1")
    public = GAME.view(state, None)
    assert set(public) == PUBLIC_KEYS
    assert public["chain"] == [[1, 1]] and public["ends"] == [1, 1]
    assert public["hand_sizes"] == {"ana": 7, "bob": 6, "cid": 7, "dan": 7}
    assert public["bazar"] == 0 and public["turn"] == "cid"
    assert tiles_named(public) == set()
    assert "1-1" not in WORDS.summary(state, {}, "fr") and "[1|1]" in WORDS.summary(state, {}, "fr")


def test_a_player_sees_their_own_hand_only() -> None:
    state, _ = GAME.start(["ana", "bob", "cid", "dan"], loaded=deal_dice([ANA, BOB, CID, DAN]))
    for player, hand in [("ana", ANA), ("cid", CID)]:
        seen = GAME.view(state, player)
        assert set(seen) == PUBLIC_KEYS | {"hand"}
        assert seen["hand"] == in_order(hand)
        assert tiles_named(seen) == set(hand)
    # The opener alone is told which tile opens.
    assert GAME.view(state, "bob")["opening"] == "1-1"
    assert "opening" not in GAME.view(state, "ana")
    # Someone not seated sees what the channel sees.
    assert GAME.view(state, "zoe") == GAME.view(state, None)


def test_a_draw_is_told_privately_to_the_drawer_and_publicly_as_a_count() -> None:
    chain = [(2, 1), (1, 4)]
    ana, bob = ["0-0"], ["5-5"]
    bazar = rest(ana, bob, chain=chain)
    state = position({"ana": ana, "bob": bob}, chain, bazar, turn="ana")
    state, events = act(state, "ana", "piocher")
    private, public = events
    assert private == TileDrawn(player="ana", tile="0-1", to=["ana"])
    assert public == Drew(player="ana", bazar=23, hand_size=2) and public.to is None
    assert not private.visible_to("bob") and not private.visible_to(None)
