"""Set positions for the rule tests: miners and barriers named by their (x, y) on the board."""

from __future__ import annotations

from games.barricade import GAME, BarricadeState, load_board
from games.barricade.state import TENT
from games.core import Action, Dice, Event

BOARD = load_board()
MINE = "mine"

Where = tuple[int, int] | str


def at(x: int, y: int) -> int:
    return BOARD.at(x, y)


def point(where: Where) -> int:
    if where == MINE:
        return BOARD.mine
    if where == "tente":
        return TENT
    assert isinstance(where, tuple)
    return BOARD.at(*where)


def position(
    miners: dict[str, list[Where]],
    barriers: list[tuple[int, int]] | None = None,
    dice: list[int] | None = None,
    turn: str | None = None,
) -> BarricadeState:
    """Players in the order given, each with up to five miners (the rest in the tent)."""
    players = list(miners)
    state, _ = GAME.start(players, seed=1)
    state.order = list(players)
    state.current = players.index(turn) if turn else 0
    for player, places in miners.items():
        spots = [point(w) for w in places]
        state.miners[player] = spots + [TENT] * (5 - len(spots))
    if barriers is not None:
        state.barriers = sorted(BOARD.at(x, y) for x, y in barriers)
    state.dice = Dice(seed=1, loaded=list(dice or []))
    return state


def play(state: BarricadeState, player: str, kind: str, **args: int) -> tuple[BarricadeState, list[Event]]:
    return GAME.apply(state, player, Action(kind=kind, args=dict(args)), 0)


def throw(state: BarricadeState, player: str) -> BarricadeState:
    state, _ = play(state, player, "lancer")
    return state


def destinations(state: BarricadeState, miner: int | None = None) -> set[tuple[int, int]]:
    """Where the current throw can take the player's miners (or one miner, numbered from 1)."""
    out = set()
    for move in GAME.moves(state):
        if miner is None or move.miner + 1 == miner:
            p = BOARD.point(move.destination)
            out.add((p.x, p.y))
    return out


def where(state: BarricadeState, player: str, miner: int) -> Where:
    spot = state.miners[player][miner - 1]
    if spot == TENT:
        return "tente"
    if spot == BOARD.mine:
        return MINE
    p = BOARD.point(spot)
    return (p.x, p.y)
