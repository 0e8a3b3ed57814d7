"""Moves a careless, confused or malicious player could send: built from the game's own vocabulary.

Four kinds of attempt, mixed with legal play by ``hostile_play``:
- someone else's legal move (another seat, someone not at the table, the table itself),
- a legal move with one argument changed,
- a word of the vocabulary with random arguments (in range, out of range, of the wrong type),
- any of those stamped earlier than the last accepted move (a click that travelled slowly).
"""

from __future__ import annotations

import random
import string
from typing import Any

from games.core import SYSTEM, Action, ArgSpec, BaseState, Game, PlayerId
from games.core.game import LEAVE, REMOVE
from games.core.model import ArgValue

OUTSIDERS = ["intrus", "Perceval-bis"]
# Leaving and removing are always possible: drawn rarely, or every game would end by desertion.
DESERTION_RATE = 0.03


def _garbage(rng: random.Random) -> str:
    pool = string.ascii_letters + string.digits + "-:~#,<>@!é ❤"
    return "".join(rng.choice(pool) for _ in range(rng.randint(0, 12)))


def random_value(arg: ArgSpec, players: list[PlayerId], rng: random.Random) -> Any:
    """A value for ``arg``: usually of the right type and near its range, sometimes not at all."""
    roll = rng.random()
    if roll < 0.08:  # the wrong type altogether
        return rng.choice([_garbage(rng), -1, True, [], [7, 7, 7], "", 10**12])
    low = arg.minimum if arg.minimum is not None else -3
    high = arg.maximum if arg.maximum is not None else low + 30
    if arg.type == "int":
        return rng.randint(low - 2, high + 2) if roll < 0.9 else rng.choice([-(10**9), 10**9, 0])
    if arg.type == "ints":
        return [rng.randint(low - 1, high + 1) for _ in range(rng.randint(0, 4))]
    if arg.type == "player":
        return rng.choice([*players, *OUTSIDERS, SYSTEM, "", _garbage(rng)])
    if arg.type == "choice":
        return rng.choice(arg.choices) if arg.choices and roll < 0.85 else _garbage(rng)
    # Free text: tiles (« 3-5 »), board points (« M13 », « 42 ») or garbage.
    shapes = [
        f"{rng.randint(-1, 7)}-{rng.randint(-1, 7)}",
        f"{rng.choice('ABCDEFGHIJKLMNOPQRS')}{rng.randint(0, 20)}",
        str(rng.randint(-2, 120)),
        _garbage(rng),
    ]
    return rng.choice(shapes)


def random_action(game: Game[Any], state: BaseState, rng: random.Random) -> Action:
    """Any word of the vocabulary with arguments drawn at random (and sometimes one too many or few)."""
    vocabulary = game.full_vocabulary()
    spec = rng.choice(vocabulary)
    while spec.kind in (LEAVE, REMOVE) and rng.random() > DESERTION_RATE:
        spec = rng.choice(vocabulary)
    args: dict[str, ArgValue] = {}
    for arg in spec.args:
        if arg.optional and rng.random() < 0.3:
            continue
        args[arg.name] = random_value(arg, state.players, rng)
    roll = rng.random()
    if roll < 0.05:
        args["inconnu"] = rng.randint(-5, 5)
    elif roll < 0.1 and args:
        args.pop(rng.choice(sorted(args)))
    return Action(kind=spec.kind, args=args)


def mutated(game: Game[Any], state: BaseState, action: Action, rng: random.Random) -> Action:
    """``action`` with one argument redrawn (or its kind swapped when it has none)."""
    specs = {s.kind: s for s in game.full_vocabulary()}
    spec = specs.get(action.kind)
    if spec is None or not spec.args:
        return random_action(game, state, rng)
    arg = rng.choice(spec.args)
    args = dict(action.args)
    args[arg.name] = random_value(arg, state.players, rng)
    return Action(kind=action.kind, args=args)


def someone(state: BaseState, rng: random.Random) -> PlayerId:
    return rng.choice([*state.players, *state.players, *OUTSIDERS, SYSTEM])


def hostile_attempt(
    game: Game[Any], state: BaseState, legal: list[tuple[PlayerId, Action]], rng: random.Random
) -> tuple[PlayerId, Action]:
    """One attempt that is probably (not certainly) illegal now."""
    roll = rng.random()
    if legal and roll < 0.35:
        _, action = rng.choice(legal)
        return someone(state, rng), action
    if legal and roll < 0.65:
        player, action = rng.choice(legal)
        return player, mutated(game, state, action, rng)
    return someone(state, rng), random_action(game, state, rng)
