"""Winning, leaving, refusals that change nothing, and the choices offered after a throw."""

from __future__ import annotations

import itertools
import random

import pytest

from games.core import SYSTEM, Action, IllegalAction
from games.ludicitude import GAME, Situation, bounds, choices
from games.ludicitude.events import Turn
from speech.ludicitude import choice_words

from .helpers import act, event, kinds, refusal, start, words


def test_reaching_the_target_wins_at_once() -> None:
    state = start([1, 1, 2, 2, 4, 6, 6, 1, 3, 6])
    state.scores["ana"] = 300
    state, _ = act(state, "ana", "tout_relancer")
    state, _ = act(state, "ana", "ecarter", lapins=2, doubles=1, clapier=2)
    state, _ = act(state, "ana", "relancer")
    state, _ = act(state, "ana", "ecarter", lapins=1, clapier=3)
    state, events = act(state, "ana", "arreter")
    assert kinds(events) == ["marque", "victoire"]
    assert state.over and state.winners == ["ana"] and GAME.scores(state)["ana"] == 339
    assert words(events[-1]) == "ana gagne avec 339 points !"
    assert GAME.legal_actions(state, "bob") == []
    with pytest.raises(IllegalAction) as info:
        act(state, "bob", "tout_relancer")
    assert info.value.code == "game_over"


def test_just_under_the_target_does_not_win() -> None:
    state = start([1, 2, 6, 6, 6, 6, 6], objectif=10)
    state.scores["ana"] = 7
    state, _ = act(state, "ana", "tout_relancer")
    state, _ = act(state, "ana", "ecarter", lapins=1, clapier=2)
    state, _ = act(state, "ana", "arreter")
    assert not state.over and GAME.scores(state)["ana"] == 9


def test_the_player_whose_turn_it_is_leaves_and_the_next_one_plays_with_the_dice_left() -> None:
    state = start([1, 1, 2, 2, 4, 6, 6], players=("ana", "bob", "cid"))
    state, _ = act(state, "ana", "tout_relancer")
    state, _ = act(state, "ana", "ecarter", lapins=2, doubles=1, clapier=2)
    state, events = act(state, "ana", "quitter")
    assert kinds(events) == ["depart", "tour"]
    assert state.players == ["bob", "cid"] and "ana" not in GAME.scores(state)
    assert GAME.legal_actions(state, "bob") == [Action(kind="tout_relancer"), Action(kind="reprendre")]
    assert event(events, Turn).value_left == 24 and state.dice_count() == 7


def test_someone_earlier_in_the_order_leaves_and_the_turn_stays_with_its_player() -> None:
    state = start([3, 3, 3, 4, 4, 5, 6], players=("ana", "bob", "cid"))
    state, _ = act(state, "ana", "tout_relancer")
    assert state.players[state.current] == "bob"
    state, _ = GAME.apply(state, SYSTEM, Action(kind="expulser", args={"joueur": "ana"}), 0)
    assert state.players[state.current] == "bob" and not state.over
    assert GAME.to_act(state) == ["bob"]


def test_the_last_player_at_the_table_wins() -> None:
    state = start([1, 6, 6, 6, 6, 6, 6])
    state, _ = act(state, "ana", "tout_relancer")
    state, events = act(state, "bob", "quitter")
    assert state.over and state.winners == ["ana"]
    assert kinds(events) == ["depart", "victoire"]


@pytest.mark.parametrize(
    ("player", "kind", "args", "code"),
    [
        ("bob", "tout_relancer", {}, "not_your_turn"),
        ("ana", "ecarter", {"lapins": 1}, "not_now"),
        ("ana", "arreter", {}, "not_now"),
        ("ana", "relancer", {}, "not_now"),
        ("ana", "voler", {}, "unknown_action"),
        ("zoe", "tout_relancer", {}, "not_a_player"),
    ],
)
def test_a_refused_action_at_the_start_changes_nothing(
    player: str, kind: str, args: dict[str, int], code: str
) -> None:
    state = start([1, 1, 2, 3, 4, 5, 6])
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, player, Action(kind=kind, args=args), 0)
    assert info.value.code == code and state.model_dump_json() == before
    assert not refusal(info.value).startswith("Action refusée")


@pytest.mark.parametrize(
    ("args", "code", "sentence"),
    [
        ({"lapins": 3}, "trop_de_lapins", "Tu veux écarter 3 lapins mais la table n'en montre que 2."),
        (
            {"lapins": 0},
            "pas_de_lapin",
            "Il faut écarter au moins un lapin (simple ou double) après chaque lancer.",
        ),
        ({"lapins": 1, "clapier": 6}, "bad_argument", "Argument invalide : clapier."),
        ({"lapins": -1}, "bad_argument", "Argument invalide : lapins."),
        ({"lapins": True}, "bad_argument", "Argument invalide : lapins."),
        ({"lapins": "2"}, "bad_argument", "Argument invalide : lapins."),
        ({"doubles": 1}, "missing_argument", "Il manque l'argument « lapins »."),
        (
            {"lapins": 0, "doubles": 2},
            "trop_de_doubles",
            "Tu veux écarter 2 doubles lapins mais il n'y en a que 1.",
        ),
        ({"lapins": 1, "clapier": 4}, "clapier_absent", "Aucun dé ne montre le clapier pour 4."),
    ],
)
def test_a_refused_set_aside_says_why_and_changes_nothing(
    args: dict[str, object], code: str, sentence: str
) -> None:
    state = start([1, 1, 2, 3, 5, 6, 6])
    state, _ = act(state, "ana", "tout_relancer")
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, "ana", Action(kind="ecarter", args=args), 0)  # type: ignore[arg-type]
    assert info.value.code == code and refusal(info.value) == sentence
    assert state.model_dump_json() == before


def test_the_choices_offered_are_exactly_the_set_asides_the_rules_accept() -> None:
    rng = random.Random(4)
    for _ in range(150):
        pile = [2, 3, 4, 5][: rng.randint(0, 4)]  # a pile as play builds it: 2, then 3, 4, 5
        faces = [rng.randint(1, 6) for _ in range(rng.randint(1, 7 - len(pile)))]
        if not any(f in (1, 2) for f in faces):
            continue
        state = start(faces + [6] * (7 - len(faces)))
        state, _ = act(state, "ana", "tout_relancer")
        # the throw showed ``faces``; the pile and some carrots lie aside from earlier throws
        state.table = sorted(faces)
        state.situation.clapiers = list(pile)
        state.carrots = 7 - len(faces) - len(pile)
        offered = GAME.legal_actions(state, "ana")
        assert len(offered) == len({str(a) for a in offered})
        accepted = []
        for lapins, doubles, clapier in itertools.product(range(8), range(8), (0, 2, 3, 4, 5)):
            action = Action(kind="ecarter", args={"lapins": lapins, "doubles": doubles, "clapier": clapier})
            try:
                GAME.apply(state, "ana", action, 0)
            except IllegalAction:
                continue
            accepted.append(action)
        assert sorted(map(str, offered)) == sorted(map(str, accepted))


def test_the_choices_are_few_enough_as_two_selects() -> None:
    # the worst throw offers 34 choices: too many for one select, so the table splits them
    worst = [1, 1, 1, 2, 2, 2, 2]
    assert len(choices(worst, Situation())) == 34
    limits = bounds(worst, Situation())
    assert (limits.lapins, limits.doubles, limits.clapiers) == (3, 4, [0, 2])
    largest_rabbits_select = 0
    for pile in ([], [2], [2, 3], [2, 3, 4], [2, 3, 4, 5]):
        for size in range(1, 8 - len(pile)):
            for faces in itertools.combinations_with_replacement(range(1, 7), size):
                limits = bounds(list(faces), Situation(clapiers=pile))
                largest_rabbits_select = max(
                    largest_rabbits_select, (limits.lapins + 1) * (limits.doubles + 1) - 1
                )
                assert len(limits.clapiers) <= 2  # none, or the next step of the pile
    assert largest_rabbits_select == 19


def test_a_choice_reads_as_the_dice_it_sets_aside() -> None:
    assert choice_words(3, 1, 2, "fr") == "1 pile de deux lapins, 1 lapin, 1 double lapin, le clapier pour 2"
    assert choice_words(0, 2, 0, "fr") == "2 doubles lapins"
    assert choice_words(3, 1, 2, "en") == "1 pile of two lapins, 1 lapin, 1 double lapin, the clapier for 2"
