"""The pile of clapiers rises one step at a time: a 2 (a double lapin taken as clapier) starts it,
then a 3, a 4, a 5 — one per throw, never a gap (DECISIONS.md, « en respectant l'ordre croissant :
2 3 4 5 »). What cannot go on the pile is never offered, and is refused with its reason."""

from __future__ import annotations

import pytest

from games.core import Action, IllegalAction
from games.ludicitude import GAME, LudicitudeState, turn_points

from .helpers import act, start
from .helpers import refusal as sentence_of


def clapiers_offered(state: LudicitudeState) -> set[int]:
    return {int(str(a.args["clapier"])) for a in GAME.legal_actions(state, "ana") if a.kind == "ecarter"}


def refusal(state: LudicitudeState, **args: int) -> tuple[str, str]:
    """The refused set-aside's code and sentence; the state is left as it was."""
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, "ana", Action(kind="ecarter", args=dict(args)), 0)
    assert state.model_dump_json() == before
    return info.value.code, sentence_of(info.value)


def test_a_3_cannot_start_the_pile_and_is_never_offered() -> None:
    state = start([1, 3, 4, 5, 6, 6, 6])
    state, _ = act(state, "ana", "tout_relancer")
    assert clapiers_offered(state) == {0}
    for clapier in (3, 4, 5):
        code, sentence = refusal(state, lapins=1, clapier=clapier)
        assert code == "clapier_premier"
        assert sentence == (
            "La pile de clapiers commence par un clapier pour 2 (un double lapin pris comme clapier), "
            f"pas par le clapier pour {clapier}."
        )
    # the rabbit alone is worth 1: no multiplier without a clapier
    state, _ = act(state, "ana", "ecarter", lapins=1)
    assert state.situation.clapiers == [] and turn_points(state) == 1


def test_a_2_then_a_3_build_the_pile_and_multiply_by_3() -> None:
    state = start([1, 2, 3, 6, 6, 6, 6, 1, 3, 6, 6, 6])
    state, _ = act(state, "ana", "tout_relancer")
    # the 3 shows already, but only the 2 may start the pile
    assert clapiers_offered(state) == {0, 2}
    state, _ = act(state, "ana", "ecarter", lapins=1, clapier=2)
    state, _ = act(state, "ana", "relancer")
    assert clapiers_offered(state) == {0, 3}
    state, _ = act(state, "ana", "ecarter", lapins=1, clapier=3)
    assert state.situation.clapiers == [2, 3] and turn_points(state) == (1 + 1) * 3


def test_skipping_from_2_to_4_is_refused_and_not_offered() -> None:
    state = start([1, 2, 6, 6, 6, 6, 6, 1, 4, 5, 6, 6])
    state, _ = act(state, "ana", "tout_relancer")
    state, _ = act(state, "ana", "ecarter", lapins=1, clapier=2)
    state, _ = act(state, "ana", "relancer")
    assert sorted(state.table) == [1, 4, 5, 6, 6]
    assert clapiers_offered(state) == {0}
    code, sentence = refusal(state, lapins=1, clapier=4)
    assert code == "clapier_saute"
    assert sentence == (
        "Les clapiers s'empilent 2, 3, 4, 5 sans sauter : sur le clapier pour 2 ne va que le "
        "clapier pour 3, pas le clapier pour 4."
    )
    assert refusal(state, lapins=1, clapier=5)[0] == "clapier_saute"


def test_the_full_pile_2_3_4_5_multiplies_by_5_and_takes_no_more() -> None:
    throws = [
        [1, 1, 1, 1, 1, 2, 6],  # two stacks, a rabbit and the 2
        [1],  # the last die: a rabbit, every die is aside
        [1, 3, 6, 6, 6, 6],  # the six rabbit dice thrown again (22 remembered): a rabbit and the 3
        [1, 4, 6, 6],  # a rabbit and the 4
        [1, 5],  # a rabbit and the 5
        [1, 5, 6],  # the three rabbit dice again (3 more remembered)
    ]
    state = start([face for throw in throws for face in throw])
    state, _ = act(state, "ana", "tout_relancer")
    state, _ = act(state, "ana", "ecarter", lapins=5, clapier=2)
    state, _ = act(state, "ana", "relancer")
    state, _ = act(state, "ana", "ecarter", lapins=1)
    for clapier in (3, 4, 5):
        state, _ = act(state, "ana", "relancer")
        assert clapiers_offered(state) == {0, clapier}
        state, _ = act(state, "ana", "ecarter", lapins=1, clapier=clapier)
    assert state.situation.clapiers == [2, 3, 4, 5] and turn_points(state) == (22 + 3) * 5
    state, _ = act(state, "ana", "relancer")
    assert state.memorised == 25 and sorted(state.table) == [1, 5, 6]
    assert clapiers_offered(state) == {0}
    assert refusal(state, lapins=1, clapier=5) == (
        "clapiers_complets",
        "La pile de clapiers est complète (2, 3, 4, 5) : plus de clapier à écarter.",
    )
    state, _ = act(state, "ana", "ecarter", lapins=1)
    state, _ = act(state, "ana", "arreter")
    assert GAME.scores(state)["ana"] == (25 + 1) * 5


def test_the_next_player_taking_over_continues_the_pile_where_it_stopped() -> None:
    state = start([1, 2, 6, 6, 6, 6, 6, 1, 3, 4, 6, 6])
    state, _ = act(state, "ana", "tout_relancer")
    state, _ = act(state, "ana", "ecarter", lapins=1, clapier=2)
    state, _ = act(state, "ana", "arreter")
    state, _ = act(state, "bob", "reprendre")
    offered = {a.args["clapier"] for a in GAME.legal_actions(state, "bob")}
    assert offered == {0, 3}  # the 4 shows too, but ana's pile stopped at 2
    state, _ = act(state, "bob", "ecarter", lapins=1, clapier=3)
    assert state.situation.clapiers == [2, 3]
