"""Random legal play: seven dice always accounted for, scores that follow the events, replays."""

from __future__ import annotations

import random

from games.core import SYSTEM, Action, BaseState, Event
from games.ludicitude import GAME, LudicitudeState, turn_points
from games.ludicitude.events import Scored, SetAside
from tests.games.randomplay import RANDOM_GAMES, play_random_game, replay

from .helpers import start, words

SEEN_EVENTS: set[str] = set()


def check(before: BaseState, after: BaseState, events: list[Event]) -> None:
    assert isinstance(before, LudicitudeState) and isinstance(after, LudicitudeState)
    assert after.dice_count() == 7
    assert all(1 <= face <= 6 for face in after.table)
    situation = after.situation
    assert min(situation.singles, situation.stacks, situation.doubles, after.carrots) >= 0
    # the pile rises one step at a time from 2: 2, 2-3, 2-3-4, 2-3-4-5
    assert situation.clapiers == [2, 3, 4, 5][: len(situation.clapiers)]
    for player in after.players:
        scored = sum(e.points for e in events if isinstance(e, Scored) and e.player == player)
        assert after.scores[player] - before.scores[player] == scored
    for e in events:
        SEEN_EVENTS.add(e.kind)
        text = words(e)
        assert text != e.kind and "{" not in text
        if isinstance(e, SetAside):
            assert e.points == turn_points(after)
    if any(e.kind in ("lancer", "tour") for e in events):
        assert after.turn_no > before.turn_no
    if after.over:
        assert len(after.winners) == 1
        assert after.scores[after.winners[0]] >= after.options.objectif or len(after.players) == 1
        return
    player = after.players[after.current]
    offered = GAME.legal_actions(after, player)
    assert offered and len(offered) <= 34
    if after.phase == "ecarter":
        assert any(face in (1, 2) for face in after.table)
        assert {a.args["clapier"] for a in offered} <= {0, situation.next_clapier()}
    if after.phase == "debut":
        assert after.carrots == 0 and after.memorised == 0
        assert (len(offered) == 2) == (not situation.empty())


def test_random_games_keep_every_die_and_replay_to_the_same_end() -> None:
    for seed in range(RANDOM_GAMES):
        players = ("ana", "bob", "cid", "dan")[: 2 + seed % 3]
        # a lower target for most games keeps the run short; the rules do not depend on it
        begin = start([], players=players, objectif=333 if seed % 4 == 0 else 120)
        begin.dice.seed = seed
        end, moves = play_random_game(GAME, begin, seed, check)
        assert end.over and moves
        assert replay(GAME, begin, moves) == end
    expected = {"tour", "reprise", "tout_relancer", "lancer", "ecart", "memorise", "carottes"}
    assert expected | {"marque", "perdu", "victoire"} <= SEEN_EVENTS


def test_players_leaving_at_random_never_break_the_game() -> None:
    for seed in range(max(RANDOM_GAMES // 10, 20)):
        rng = random.Random(seed)
        state: LudicitudeState = start([], players=("ana", "bob", "cid", "dan"), objectif=80)
        state.dice.seed = seed
        for _ in range(5000):
            if state.over:
                break
            if rng.random() < 0.01:
                leaver = rng.choice(state.players)
                action = Action(kind="expulser", args={"joueur": leaver})
                after, events = GAME.apply(state, SYSTEM, action, 0)
            else:
                player = state.players[state.current]
                action = rng.choice(GAME.legal_actions(state, player))
                after, events = GAME.apply(state, player, action, 0)
            check(state, after, events)
            state = after
        assert state.over and len(state.winners) == 1
