"""What must always add up in each game, whatever was clicked: pieces, tiles, dice and scores.

A ``Ledger`` follows one game: ``check(state, events)`` after every accepted move raises
AssertionError with the reason when something was created, lost or miscounted.
"""

from __future__ import annotations

from collections import Counter

from games.barricade.board import load_board
from games.barricade.state import BARRIERS, MINERS, TENT, BarricadeState
from games.chevre.state import ChevreState
from games.chevre.tiles import ALL_TILES, make
from games.core import BaseState, Event, PlayerId
from games.culdechouette.events import Bevue
from games.culdechouette.state import CulState
from games.ludicitude.state import LudicitudeState


class Ledger:
    """Dice generator: only ever moves forward, and no loaded value appears from nowhere."""

    def __init__(self, start: BaseState) -> None:
        self.counter = start.dice.counter

    def check(self, state: BaseState, events: list[Event]) -> None:
        assert state.dice.counter >= self.counter, "the dice generator went backwards"
        assert state.dice.loaded == [], "loaded dice appeared"
        self.counter = state.dice.counter
        if state.over:
            assert set(state.winners) <= set(state.players) | set(getattr(state, "scores", {})), state.winners


class ScoreLedger(Ledger):
    """Every change of a score is announced by an event carrying it; the scores are their sum."""

    event: str
    delta: str
    total: str

    def __init__(self, start: BaseState) -> None:
        super().__init__(start)
        self.totals: dict[PlayerId, int] = dict(getattr(start, "scores", {}))

    def check(self, state: BaseState, events: list[Event]) -> None:
        super().check(state, events)
        for event in events:
            if event.kind == self.event:
                player = event.data["player"]
                self.totals[player] = self.totals.get(player, 0) + event.data[self.delta]
                assert self.totals[player] == event.data[self.total], (event, self.totals)
        scores: dict[PlayerId, int] = getattr(state, "scores", {})
        assert scores == {p: self.totals.get(p, 0) for p in scores}, (scores, self.totals)


class CulLedger(ScoreLedger):
    event, delta, total = "score", "delta", "total"

    def check(self, state: BaseState, events: list[Event]) -> None:
        super().check(state, events)
        assert isinstance(state, CulState)
        assert all(1 <= face <= 6 for face in state.throw), state.throw
        assert len(state.throw) <= 3
        if not state.options.negatives:
            assert min(state.scores.values(), default=0) >= 0, state.scores
        if not state.options.strict:
            # At a lenient table an out-of-turn click is refused, never a Bévue (DECISIONS.md).
            assert not [e for e in events if isinstance(e, Bevue) and e.cause == "hors_tour"], events
        assert set(state.players) <= set(state.scores), (state.scores, state.players)


class CabaneLedger(ScoreLedger):
    event, delta, total = "point", "points", "score"


class LudicitudeLedger(ScoreLedger):
    event, delta, total = "marque", "points", "total"

    def check(self, state: BaseState, events: list[Event]) -> None:
        super().check(state, events)
        assert isinstance(state, LudicitudeState)
        assert state.dice_count() == 7, f"{state.dice_count()} dice on the table"
        assert all(1 <= face <= 6 for face in state.table), state.table
        assert min(state.scores.values()) >= 0


class ChevreLedger(Ledger):
    """The 28 dominoes, each once, between the hands, the bazar and the chain; accounts only grow."""

    def __init__(self, start: BaseState) -> None:
        super().__init__(start)
        assert isinstance(start, ChevreState)
        self.scores = dict(start.scores)

    def check(self, state: BaseState, events: list[Event]) -> None:
        super().check(state, events)
        assert isinstance(state, ChevreState)
        tiles = [t for hand in state.hands.values() for t in hand] + state.bazar
        tiles += [make(a, b) for a, b in state.chain]
        duplicates = [t for t, n in Counter(tiles).items() if n > 1]
        assert not duplicates, f"dominoes twice: {duplicates}"
        assert sorted(tiles) == sorted(ALL_TILES), f"dominoes lost: {set(ALL_TILES) - set(tiles)}"
        assert set(state.hands) == set(state.players)
        for a, b in zip(state.chain, state.chain[1:], strict=False):
            assert a[1] == b[0], f"the chain does not join: {state.chain}"
        for player, score in state.scores.items():
            assert score >= self.scores.get(player, 0), f"{player}'s account went down"
        assert min(state.remembered.values(), default=0) >= 0
        self.scores = dict(state.scores)


class BarricadeLedger(Ledger):
    """Five miners a player, thirteen barriers, never two miners on one point (the mine excepted)."""

    def check(self, state: BaseState, events: list[Event]) -> None:
        super().check(state, events)
        assert isinstance(state, BarricadeState)
        mine = load_board().mine
        assert set(state.miners) == set(state.players)
        assert all(len(miners) == MINERS for miners in state.miners.values()), state.miners
        on_board = [p for miners in state.miners.values() for p in miners if p not in (TENT, mine)]
        assert len(on_board) == len(set(on_board)), f"two miners on one point: {state.miners}"
        assert len(state.barriers) == BARRIERS, f"{len(state.barriers)} barriers"
        assert len(set(state.barriers)) == BARRIERS, f"two barriers on one point: {state.barriers}"
        # A miner may stand on a barrier (rule 11), but no barrier sits on the mine or the start line.
        assert mine not in state.barriers
        assert not set(state.barriers) & load_board().start_line


LEDGERS: dict[str, type[Ledger]] = {
    "culdechouette": CulLedger,
    "cabane": CabaneLedger,
    "ludicitude": LudicitudeLedger,
    "chevre": ChevreLedger,
    "barricade": BarricadeLedger,
}


def ledger_for(name: str, start: BaseState) -> Ledger:
    return LEDGERS[name](start)
