"""The property every step of a Chèvre game must keep: no tile of a hand reaches another player.

Also checked at each step: the 28 tiles are all somewhere, and the table never waits on a round
that nobody can play.
"""

from __future__ import annotations

from games.chevre import GAME, ChevreState
from games.chevre.chain import playable
from games.chevre.events import Laid, RoundOver
from games.chevre.tiles import ALL_TILES, make
from games.core import BaseState, Event

from .play import tiles_named

DEAL_KINDS = {"redonne", "donne"}


def all_tiles(state: ChevreState) -> list[str]:
    held = [t for hand in state.hands.values() for t in hand]
    return sorted(held + [make(a, b) for a, b in state.chain] + state.bazar)


def assert_no_leak(events: list[Event], hands: dict[str, list[str]]) -> None:
    for event in events:
        named = tiles_named(event.data)
        for player, hand in hands.items():
            if event.to is not None and player in event.to:
                continue
            assert not named & set(hand), f"{event.kind} shows {player}'s tiles to others: {event}"


def check_step(before_state: BaseState, after_state: BaseState, events: list[Event]) -> None:
    assert isinstance(before_state, ChevreState) and isinstance(after_state, ChevreState)
    before, after = before_state, after_state
    assert all_tiles(after) == ALL_TILES
    laid = next((e.tile for e in events if isinstance(e, Laid)), None)
    deal_at = next((i for i, e in enumerate(events) if e.kind in DEAL_KINDS), len(events))
    old_hands = after.hands if deal_at == len(events) else {
        p: [t for t in hand if t != laid] for p, hand in before.hands.items()
    }
    for event in events[:deal_at]:
        if isinstance(event, RoundOver):
            # Hands are shown at the end of a round, by the rules: exactly those of the round ending.
            assert event.hands == {p: old_hands[p] for p in after.players}
        else:
            assert_no_leak([event], old_hands)
    assert_no_leak(events[deal_at:], after.hands)
    for viewer in [None, *after.players]:
        view = GAME.view(after, viewer)
        own = set(after.hands[viewer]) if viewer is not None else set()
        assert tiles_named(view) == own
        assert view["hand_sizes"] == {p: len(h) for p, h in after.hands.items()}
    if after.over:
        return
    assert GAME.to_act(after) == [after.turn_player()]
    if after.chain and not after.bazar:
        assert any(playable(after, hand) for hand in after.hands.values()), "nobody can play"
