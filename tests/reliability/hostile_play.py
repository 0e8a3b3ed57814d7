"""Random play mixing legal moves and hostile attempts, checking after every attempt that:

- a refused attempt raised ``IllegalAction`` (nothing else), left the state untouched, and has a
  French sentence for the player (not the « Action refusée (code) » fallback);
- a game word with an argument name outside its vocabulary, from a seated player, is refused as
  ``bad_argument``; the core's own words (quitter, expulser, tick) do what they do without it;
- an accepted move keeps the game's ledger (pieces, tiles, dice, scores), bumps ``version`` by
  one, and its state goes to JSON and back unchanged;
- replaying only the accepted moves from the start gives the same end (a refused attempt leaves
  no trace, not even in the dice).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from games.core import SYSTEM, TICK, Action, BaseState, Event, Game, IllegalAction, PlayerId
from games.core.autoplay import choose
from games.core.game import LEAVE, REMOVE
from games.culdechouette.events import Bevue, SloubiInterrupted
from speech import words_of

from .hostile_moves import OUTSIDERS, hostile_attempt
from .ledgers import ledger_for

Move = tuple[PlayerId, Action, int]
# Routed by the core itself, before the vocabulary check of the game's words.
CORE_WORDS = {LEAVE, REMOVE, TICK}


@dataclass
class Tally:
    """What the attempts did, over many games (the test's figures and its findings)."""

    games: int = 0
    finished: int = 0
    steps: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    # Attempts refused as bad_argument because of an argument name outside the vocabulary.
    unknown_refused: int = 0
    # Accepted although not among the legal actions of that player at that moment: (kind, who).
    accepted_outside: Counter[str] = field(default_factory=Counter)
    unexplained: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    # The state before the first example of each sort, to replay it by hand.
    before: dict[str, str] = field(default_factory=dict)


class Crash(AssertionError):
    """The engine raised something other than IllegalAction, or broke an invariant: how to replay it."""


def _who(player: PlayerId, state: BaseState) -> str:
    if player in state.players:
        return "seated"
    return "outsider" if player in OUTSIDERS else "table"


def _arg_names(game: Game[Any]) -> dict[str, set[str]]:
    return {s.kind: {a.name for a in s.args} for s in game.full_vocabulary()}


@dataclass(frozen=True)
class _Where:
    """Where an attempt happened, written out only when a failure or an example quotes it (the
    repr of every attempt was a tenth of the test's time)."""

    game: str
    seed: int
    step: int
    player: PlayerId
    action: Action
    at: int

    def __str__(self) -> str:
        return f"{self.game} seed={self.seed} step={self.step}: {self.player!r} {self.action!r} at {self.at}"


def _accepted_outside(
    game: Game[Any],
    state: BaseState,
    player: PlayerId,
    action: Action,
    at: int,
    new: BaseState,
    events: list[Event],
    tally: Tally,
    where: _Where,
) -> None:
    """Sorts an accepted move that legal_actions did not list, keeping an example of each sort."""
    original = state
    deadline = game.deadline(state)
    if deadline is not None and deadline <= at:
        # The move came after a window's deadline: apply closed the window first, so the moves on
        # offer were those of the state after that.
        state = game.apply(state, SYSTEM, Action(kind=TICK), at)[0]
    # Free values (a stake, a tile written « 5-3 », a point by its name) make legal_actions a
    # sample: a move of a kind the player had on offer is one of them.
    kinds = {a.kind for a in game.legal_actions(state, player)}
    own = [e for e in events if e.data.get("player") == player or e.data.get("by") == player]
    faults = [f"bévue {e.cause}" for e in own if isinstance(e, Bevue)]  # Cul de chouette's
    faults += ["interruption" for e in own if isinstance(e, SloubiInterrupted)]
    if faults:
        key = f"{action.kind} ({_who(player, state)}) → {faults[0]}"
    elif action.kind not in kinds:
        key = f"{action.kind} ({_who(player, state)})"
    else:
        return
    tally.accepted_outside[key] += 1
    if key not in tally.examples:
        tally.examples[key] = str(where)
        tally.before[key] = original.model_dump_json()


def hostile_play(
    game: Game[Any],
    start: BaseState,
    rng: random.Random,
    tally: Tally,
    *,
    hostile_rate: float = 0.4,
    stale_rate: float = 0.2,
    max_steps: int = 5_000,
) -> tuple[BaseState, list[Move]]:
    ledger = ledger_for(game.name, start)
    arg_names = _arg_names(game)
    state, now = start, 0
    moves: list[Move] = []
    tally.games += 1
    # The state's JSON before each attempt: a refusal must leave it as it was; an accepted move's
    # round trip dumps the next state anyway, so each state is dumped once.
    before = state.model_dump_json()
    for step in range(max_steps):
        if state.over:
            tally.finished += 1
            break
        legal = [(p, a) for p in [*state.players, *OUTSIDERS] for a in game.legal_actions(state, p)]
        if rng.random() < hostile_rate:
            player, action = hostile_attempt(game, state, legal, rng)
            late = rng.random() < stale_rate
            at = now - rng.randint(1, 60_000) if late else now + rng.randint(0, 300)
        else:
            seated = [(p, a) for p, a in legal if p in state.players]
            chosen = choose(game, state, rng, now, moves=seated)
            if chosen is None:
                break
            player, action, at = chosen
        tally.steps += 1
        where = _Where(game.name, start.dice.seed, step, player, action, at)
        unknown = set(action.args) - arg_names.get(action.kind, set())
        try:
            new, events = game.apply(state, player, action, at)
        except IllegalAction as error:
            if state.model_dump_json() != before:
                raise Crash(f"a refused action changed the state: {where}") from error
            if unknown and action.kind not in CORE_WORDS and player in state.players:
                if error.code != "bad_argument":
                    raise Crash(f"refused as {error.code}, not bad_argument: {where}") from error
                tally.unknown_refused += 1
            tally.refused[error.code] += 1
            text = words_of(game).explain(error, "fr")
            if not text or text.startswith("Action refusée (") or "{" in text:
                tally.unexplained[f"{error.code} ({action.kind})"] += 1
            continue
        except Exception as error:
            raise Crash(f"{type(error).__name__}: {error} — {where}") from error
        if unknown:
            if action.kind not in CORE_WORDS:
                raise Crash(f"accepted with an argument outside the vocabulary: {where}")
            known = {k: v for k, v in action.args.items() if k not in unknown}
            without, _ = game.apply(state, player, Action(kind=action.kind, args=known), at)
            if without != new:
                raise Crash(f"an unknown argument changed what {action.kind} does: {where}")
        if (player, action) not in legal:
            _accepted_outside(game, state, player, action, at, new, events, tally, where)
        try:
            assert new.version == state.version + 1, "version not bumped"
            dumped = new.model_dump_json()
            assert game.load(dumped) == new, "JSON round trip differs"
            ledger.check(new, events)
            for event in events:
                words_of(game).describe(event, {}, "fr")
        except Exception as error:
            raise Crash(f"{type(error).__name__}: {error} — after {where}") from error
        state, now, before = new, max(now, at), dumped
        moves.append((player, action, at))
    return state, moves


def replay(game: Game[Any], start: BaseState, moves: list[Move]) -> BaseState:
    state = start
    for player, action, at in moves:
        state, _ = game.apply(state, player, action, at)
    return state
