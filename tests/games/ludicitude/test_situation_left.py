"""The next player's choice: take over the rabbits and clapiers left, or throw all seven."""

from __future__ import annotations

from games.core import Action, Event
from games.ludicitude import GAME, LudicitudeState, Situation, value_left
from games.ludicitude.events import Lost, Scored, Thrown, Turn

from .helpers import act, event, every_die_aside, kinds, start, words

# ana: stack + double rabbit + clapier 2, then a rabbit; she stops with 2 dice on the table.
ANA_STOPS = [1, 1, 2, 2, 4, 6, 6, 1, 4, 6]


def after_ana_stops(extra: list[int]) -> tuple[LudicitudeState, list[Event]]:
    state = start(ANA_STOPS + extra)
    state, _ = act(state, "ana", "tout_relancer")
    state, _ = act(state, "ana", "ecarter", lapins=2, doubles=1, clapier=2)
    state, _ = act(state, "ana", "relancer")
    state, _ = act(state, "ana", "ecarter", lapins=1)
    state, events = act(state, "ana", "arreter")
    assert GAME.scores(state)["ana"] == 26
    return state, events


def test_the_next_player_is_offered_the_situation_with_its_value() -> None:
    state, events = after_ana_stops([])
    assert event(events, Turn) == Turn(
        player="bob",
        can_take_over=True,
        situation=Situation(singles=1, stacks=1, doubles=1, clapiers=[2]),
        value_left=26,
        dice_to_throw=2,
    )
    assert value_left(state) == 26
    assert GAME.legal_actions(state, "bob") == [Action(kind="tout_relancer"), Action(kind="reprendre")]
    assert GAME.view(state, "bob")["valeur_laissee"] == 26
    assert words(events[-1]) == (
        "À bob : reprendre la situation laissée (1 pile, 1 lapin, 1 double lapin, clapiers 2, vaut 26 "
        "points, 2 dés à lancer) ou lancer les 7 dés."
    )
    assert words(events[-1], "en") == (
        "bob: take over the situation left (1 pile, 1 lapin, 1 double lapin, clapiers 2, worth 26 "
        "points, 2 dice to throw) or throw the 7 dice."
    )


def test_taking_over_throws_only_the_dice_not_set_aside_and_builds_on_them() -> None:
    state, _ = after_ana_stops([1, 3])
    state, events = act(state, "bob", "reprendre")
    assert kinds(events) == ["reprise", "lancer"] and state.table == [1, 3]
    # ana's pile holds the 2: bob's 3 goes on it
    state, _ = act(state, "bob", "ecarter", lapins=1, clapier=3)
    state, events = act(state, "bob", "arreter")
    assert event(events, Scored).points == (10 + 1 + 2 + 1) * 3
    assert GAME.scores(state) == {"ana": 26, "bob": 42}


def test_taking_over_and_throwing_no_rabbit_loses_the_turn() -> None:
    state, _ = after_ana_stops([4, 6])
    state, events = act(state, "bob", "reprendre")
    assert kinds(events) == ["reprise", "lancer", "perdu", "tour"]
    assert event(events, Lost).points == 26
    assert GAME.scores(state) == {"ana": 26, "bob": 0}


def test_throwing_all_seven_starts_from_nothing() -> None:
    state, _ = after_ana_stops([1, 2, 3, 3, 4, 5, 6])
    state, events = act(state, "bob", "tout_relancer")
    assert kinds(events) == ["tout_relancer", "lancer"]
    assert len(state.table) == 7 and state.situation.empty() and value_left(state) == 0


def test_the_previous_players_carrots_come_back_to_be_thrown() -> None:
    state = start([1, 1, 2, 2, 6, 6, 6, 6, 6, 6, 1, 2, 4, 5, 5, 5, 5])
    state, _ = act(state, "ana", "tout_relancer")
    state, _ = act(state, "ana", "ecarter", lapins=2, doubles=1, clapier=2)
    state, _ = act(state, "ana", "relancer")
    state, _ = act(state, "ana", "relancer")
    state, _ = act(state, "ana", "ecarter", lapins=1, doubles=1)
    state, _ = act(state, "ana", "arreter")
    # left: 1 rabbit, 1 double rabbit, clapier 2; the remembered 12 went with ana's score
    assert value_left(state) == 6 and GAME.scores(state)["ana"] == (12 + 3) * 2
    state, events = act(state, "bob", "reprendre")
    assert len(event(events, Thrown).faces) == 4  # the 4 from ana's table and her 3 carrots


def test_a_situation_with_every_die_aside_is_taken_over_by_throwing_its_rabbits_again() -> None:
    state = every_die_aside([1, 1, 2, 6, 6])
    state, events = act(state, "ana", "arreter")
    assert event(events, Turn).dice_to_throw == 5 and value_left(state) == 42
    state, events = act(state, "bob", "reprendre")
    assert kinds(events) == ["reprise", "memorise", "lancer"]
    assert state.memorised == 14 and state.table == [1, 1, 2, 6, 6]
    state, _ = act(state, "bob", "ecarter", lapins=2, doubles=1)
    state, events = act(state, "bob", "arreter")
    assert event(events, Scored).points == (14 + 10 + 2) * 3
