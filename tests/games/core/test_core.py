"""The core contract, through a tiny game: purity, errors, windows, dice, JSON (the terminal table: tests/terminal)."""

from __future__ import annotations

import random

import pytest

from games.core import SYSTEM, Action, Dice, IllegalAction
from games.core.autoplay import play_out

from .toy import GAME, ToyState


def started(**options: int) -> ToyState:
    state, _ = GAME.start(["ana", "bob"], options, seed=7)
    return state


def test_a_throw_scores_and_passes_the_turn() -> None:
    state, _ = GAME.start(["ana", "bob"], {}, loaded=[4])
    state, events = GAME.apply(state, "ana", Action(kind="lancer"), 0)
    assert state.scores == {"ana": 4, "bob": 0}
    assert GAME.legal_actions(state, "bob") == [Action(kind="lancer")]
    assert events[0].data == {"player": "ana", "value": 4}


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    state = started()
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, "bob", Action(kind="lancer"), 0)
    assert info.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, "zoe", Action(kind="lancer"), 0)
    assert info.value.code == "not_a_player"
    assert state.model_dump_json() == before


def test_a_refusal_is_a_code_with_the_parameters_its_sentence_needs() -> None:
    # The words are speech's (tests/speech/test_game_words.py): the rules give the code and what it names.
    state = started()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, "ana", Action(kind="note", args={"points": 9}), 0)
    assert (info.value.code, info.value.params) == ("bad_points", {"points": 9})


def test_a_window_closes_only_when_time_is_passed_in_and_the_earliest_click_wins() -> None:
    state, _ = GAME.start(["ana", "bob", "cid"], {"window_ms": 1000}, loaded=[6])
    state, _ = GAME.apply(state, "ana", Action(kind="lancer"), 10_000)
    assert GAME.deadline(state) == 11_000
    # bob's click arrives first but carries a later timestamp than cid's
    state, _ = GAME.apply(state, "bob", Action(kind="six"), 10_600)
    state, _ = GAME.apply(state, "cid", Action(kind="six"), 10_400)
    state, events = GAME.apply(state, SYSTEM, Action(kind="tick"), 10_999)
    assert events == [] and state.phase == "shout"
    state, events = GAME.apply(state, SYSTEM, Action(kind="tick"), 11_000)
    assert [e.data for e in events] == [{"player": "cid"}]
    assert state.scores["cid"] == 1 and GAME.deadline(state) is None


def test_only_the_system_passes_time_or_removes_players() -> None:
    state = started()
    with pytest.raises(IllegalAction):
        GAME.apply(state, "ana", Action(kind="tick"), 0)
    with pytest.raises(IllegalAction):
        GAME.apply(state, "ana", Action(kind="expulser", args={"joueur": "bob"}), 0)
    state, events = GAME.apply(state, SYSTEM, Action(kind="expulser", args={"joueur": "bob"}), 0)
    assert state.over and state.winners == ["ana"]
    assert [e.kind for e in events] == ["left"]


def test_private_events_are_visible_to_their_player_only() -> None:
    state = started()
    _, events = GAME.apply(state, "bob", Action(kind="note", args={"points": 3}), 0)
    assert events[0].visible_to("bob") and not events[0].visible_to("ana") and not events[0].visible_to(None)


def test_seeded_dice_are_reproducible_and_loaded_dice_come_first() -> None:
    a, b = Dice(seed=42), Dice(seed=42)
    assert [a.roll() for _ in range(50)] == [b.roll() for _ in range(50)]
    c = Dice(seed=42)
    assert [c.roll() for _ in range(50)] != [Dice(seed=43).roll() for _ in range(50)]
    loaded = Dice(seed=1, loaded=[6, 6, 1])
    assert [loaded.roll() for _ in range(3)] == [6, 6, 1]
    counts = [0] * 6
    d = Dice(seed=3)
    for _ in range(6000):
        counts[d.roll() - 1] += 1
    assert all(850 < n < 1150 for n in counts)
    with pytest.raises(ValueError):
        Dice(loaded=[7]).roll()


def test_shuffle_is_a_permutation_and_reproducible() -> None:
    tiles = list(range(28))
    assert sorted(Dice(seed=5).shuffle(tiles)) == tiles
    assert Dice(seed=5).shuffle(tiles) == Dice(seed=5).shuffle(tiles)


def test_random_play_finishes_and_round_trips_through_json() -> None:
    for seed in range(30):
        state = started()
        final, log = play_out(GAME, state, random.Random(seed))
        assert final.over
        assert GAME.load(final.model_dump_json()) == final
        replay = started()
        for player, action, at, _ in log:
            replay, _ = GAME.apply(replay, player, action, at)
        assert replay == final


def test_words_outside_the_vocabulary_are_refused_and_change_nothing() -> None:
    state = started()
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, "ana", Action(kind="lancer", args={"fort": 1}), 0)
    assert (info.value.code, info.value.params) == ("bad_argument", {"name": "fort"})
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, "ana", Action(kind="tricher"), 0)
    assert info.value.code == "unknown_action"
    assert state.model_dump_json() == before
