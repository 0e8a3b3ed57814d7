"""Around the rules: refusals that change nothing, players leaving, JSON, the local runner."""

from __future__ import annotations

import io
import json

import pytest

from games.barricade import GAME, BarricadeState, barrier_spots_by_row, numbered_destinations
from games.core import SYSTEM, Action, IllegalAction
from speech import words_of
from terminal import main

from .positions import BOARD, at, play, position, throw

WORDS = words_of("barricade")


def refused(state: BarricadeState, player: str, action: Action) -> str:
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, player, action, 0)
    assert state.model_dump_json() == before
    return WORDS.explain(info.value, "fr")


def test_bad_actions_are_refused_in_french_and_change_nothing() -> None:
    state = position({"ana": [(4, 2)], "bob": []}, [(4, 3)], dice=[3])
    assert refused(state, "bob", Action(kind="lancer")) == "Ce n'est pas ton tour."
    move = Action(kind="deplacer", args={"mineur": 1, "destination": at(6, 3)})
    assert refused(state, "ana", move) == "Lance d'abord le dé."
    assert refused(state, "ana", Action(kind="laisser")) == "Tu n'as pas de barrière à déplacer."
    assert refused(state, "ana", Action(kind="danser")) == "Action inconnue ici."
    state = throw(state, "ana")
    assert refused(state, "ana", Action(kind="lancer")) == "Le dé est déjà lancé : déplace un mineur."
    bad_miner = Action(kind="deplacer", args={"mineur": 6, "destination": at(6, 3)})
    assert refused(state, "ana", bad_miner) == "Il n'y a pas de mineur n° 6 (de 1 à 5)."
    too_far = Action(kind="deplacer", args={"mineur": 1, "destination": at(6, 4)})
    assert refused(state, "ana", too_far) == "Ce mineur ne peut pas aller là avec ce 3."
    state, _ = GAME.apply(state, "ana", move, 0)
    assert (
        refused(state, "bob", Action(kind="barriere", args={"point": 100}))
        == "Tu n'as pas de barrière à déplacer."
    )


def test_numbered_destinations_follow_the_legal_moves() -> None:
    state = throw(position({"ana": [(4, 6)], "bob": []}, [], dice=[3]), "ana")
    numbered = numbered_destinations(state)
    assert [d.number for d in numbered] == list(range(1, len(numbered) + 1))
    assert [d.action for d in numbered] == GAME.legal_actions(state, "ana")
    assert {(d.miner, BOARD.label(d.point)) for d in numbered} == {(1, "I12"), (2, "B5"), (2, "B7")}
    assert numbered_destinations(position({"ana": [], "bob": []})) == []


def test_a_player_leaving_on_their_turn_takes_their_miners_off_and_the_next_plays() -> None:
    state = position({"ana": [(0, 2)], "bob": [(8, 2)], "cid": [(16, 2)]}, [], dice=[2], turn="bob")
    state = throw(state, "bob")
    state, events = GAME.apply(state, "bob", Action(kind="quitter"), 0)
    assert "bob" not in state.miners and state.players == ["ana", "cid"]
    assert state.turn_player == "cid" and state.phase == "lancer"
    assert WORDS.describe(events[0], {}, "fr") == "bob quitte la partie ; ses mineurs quittent le plateau."
    assert not state.over


def test_a_player_leaving_out_of_turn_does_not_change_whose_turn_it_is() -> None:
    state = position({"ana": [], "bob": [], "cid": []}, turn="cid")
    state, _ = GAME.apply(state, SYSTEM, Action(kind="expulser", args={"joueur": "ana"}), 0)
    assert state.turn_player == "cid" and state.order == ["bob", "cid"]


def test_a_pending_barrier_stays_where_it_is_when_its_player_leaves() -> None:
    state = position({"ana": [(0, 3)], "bob": [], "cid": []}, [(0, 3)], dice=[2])
    state = throw(state, "ana")
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(0, 5))
    state, _ = GAME.apply(state, "ana", Action(kind="quitter"), 0)
    assert state.barriers == [at(0, 3)] and state.turn_player == "bob" and state.phase == "lancer"


def test_the_last_player_at_the_table_wins() -> None:
    state = position({"ana": [(4, 2)], "bob": [(16, 2)]})
    state, events = GAME.apply(state, "ana", Action(kind="quitter"), 0)
    assert state.over and state.winners == ["bob"]
    assert WORDS.describe(events[-1], {}, "fr") == "bob reste seul à la table et gagne la partie."


def test_the_state_goes_to_json_and_back_mid_move() -> None:
    state = position({"ana": [(4, 3)], "bob": [(16, 2)]}, [(4, 3)], dice=[6])
    state = throw(state, "ana")
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(11, 9))
    assert GAME.load(state.model_dump_json()) == state
    assert GAME.load(json.loads(state.model_dump_json())).phase == "barriere"


def test_the_summary_says_who_plays_and_how_far_each_is() -> None:
    state = position({"ana": [(4, 2), "mine"], "bob": []})
    assert WORDS.summary(state, {"ana": "Arthur"}, "fr").splitlines() == [
        "Arthur (rouge) : 1 à la mine, 3 sous la tente, 1 en route",
        "bob (bleu) : 0 à la mine, 5 sous la tente, 0 en route",
        "À Arthur de lancer le dé.",
    ]


def run_cli(args: list[str], script: str) -> list[dict[str, object]]:
    out = io.StringIO()
    assert main(["play", "barricade", *args], stdin=io.StringIO(script), stdout=out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_local_runner_plays_a_scripted_game_in_json() -> None:
    # Order throws: ana 5, bob 2. Then ana throws 3 from her tent (A6), bob a 1 from his (A18).
    # Points are given by number or by their name on the picture.
    script = "\n".join(
        [
            "bob lancer",
            "ana lancer",
            f"ana deplacer 1 {at(4, 1)}",
            "bob lancer",
            "bob deplacer mineur=2 destination=A18",
        ]
    )
    records = run_cli(["--players", "ana,bob", "--json", "--dice", "5,2,3,1"], script)
    events = [r.get("event") or r.get("error") for r in records]
    assert events[:3] == ["ordre_lancer", "ordre", "tour"]
    assert events[3] == "not_your_turn"
    assert events[4:] == ["lancer", "deplacement", "tour", "lancer", "deplacement", "tour", None]
    # The fields scripts read, by their English names (docs/rules/barricade.md lists the renames).
    assert {k: v for k, v in records[0].items() if k != "t"} == {
        "event": "ordre_lancer",
        "throws": [{"player": "ana", "value": 5}, {"player": "bob", "value": 2}],
    }
    assert {k: v for k, v in records[8].items() if k != "t"} == {
        "event": "deplacement",
        "player": "bob",
        "miner": 2,
        "origin": -1,
        "destination": at(17, 0),
        "path": [at(17, 0)],
        "bounce": False,
    }
    final = records[-1]["state"]
    assert isinstance(final, dict)
    assert final["miners"]["ana"][0] == at(4, 1) and final["miners"]["bob"][1] == at(17, 0)


def test_the_local_runner_plays_a_random_game_to_its_end() -> None:
    records = run_cli(["--players", "ana,bob", "--json", "--auto", "--seed", "11"], "")
    final = records[-1]
    assert final["final"] is True and final["over"] is True
    winners = final["winners"]
    assert isinstance(winners, list) and len(winners) == 1
    assert sum(1 for r in records if r.get("event") == "victoire") == 1


def test_the_local_runner_speaks_french() -> None:
    out = io.StringIO()
    main(
        ["play", "barricade", "--players", "ana,bob", "--dice", "5,2,1"],
        stdin=io.StringIO("ana lancer\n"),
        stdout=out,
    )
    text = out.getvalue()
    assert "Ordre de jeu : ana (rouge), bob (bleu)." in text
    assert "ana lance le dé : 1." in text
    assert "ana a fait 1 : choisir un mineur et sa destination." in text


def test_barrier_spots_come_by_row_each_small_enough_for_one_menu() -> None:
    state = position({"ana": [(4, 3)], "bob": [(16, 2)]}, [(4, 3)], dice=[2])
    assert barrier_spots_by_row(state) == {}
    state = throw(state, "ana")
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(4, 5))
    rows = barrier_spots_by_row(state)
    assert "A" not in rows and all(len(spots) <= 25 for spots in rows.values())
    assert at(16, 2) not in rows["C"] and at(4, 5) not in rows["F"] and at(4, 3) not in rows["D"]
    offered = {a.args["point"] for a in GAME.legal_actions(state, "ana") if a.kind == "barriere"}
    assert {p for spots in rows.values() for p in spots} == offered


def test_a_throw_leaving_one_move_names_it_for_the_table_to_play() -> None:
    # At the door with a 1 and nothing else to move: into the mine is the only move.
    state = throw(position({"ana": [(11, 10), "mine", "mine", "mine", "mine"], "bob": []}, [], dice=[1]), "ana")
    assert GAME.forced_action(state) == ("ana", Action(kind="deplacer", args={"mineur": 1, "destination": BOARD.mine}))
    # apply never plays it by itself: the table waits for the move until someone applies it.
    assert state.phase == "deplacer" and state.miners["ana"][0] == at(11, 10)


def test_no_move_is_forced_while_there_is_a_choice_or_a_throw_to_make() -> None:
    waiting = position({"ana": [(11, 10), "mine", "mine", "mine", "mine"], "bob": []}, [], dice=[2])
    assert GAME.forced_action(waiting) is None  # the throw is the player's own
    two_ways = throw(position({"ana": [], "bob": []}, [], dice=[2]), "ana")
    assert len(GAME.legal_actions(two_ways, "ana")) == 2 and GAME.forced_action(two_ways) is None
    state = throw(position({"ana": [(4, 3)], "bob": []}, [(4, 3)], dice=[6]), "ana")
    state, _ = play(state, "ana", "deplacer", mineur=1, destination=at(11, 9))
    assert state.phase == "barriere" and GAME.forced_action(state) is None
