"""Dealing: the shuffle, the misdeal rule, who opens; and fixed deals for tests and bug reports.

A deal is ``state.dice.shuffle`` of the 28 tiles: the first seven go to the first seat, the next
seven to the second, and so on; what is left is the bazar, drawn from its front. ``dice_for_deal``
gives the loaded dice that make this shuffle produce a chosen deal, so a fixed deal goes through
the real start (``GAME.start(players, loaded=dice_for_deal(...))`` or ``--dice`` on the command
line). ``position`` builds a state in the middle of a round for scenario tests.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from games.core import Dice, Event, PlayerId

from .events import Dealt, HandDealt, MisdealReason, Redealt
from .state import HAND_SIZE, ChevreOptions, ChevreState
from .tiles import ALL_TILES, Placed, Tile, is_double, make, parse, pips, sort_key, values

# A hand with this many doubles, or this many tiles sharing one value, is dealt again.
MISDEAL_DOUBLES = 5
MISDEAL_SAME_VALUE = 6

# Who opens the first round: the holder of the first of these tiles found in a hand.
OPENING_ORDER: list[Tile] = (
    [make(v, v) for v in range(1, 7)]
    + [make(0, 0)]
    + sorted((t for t in ALL_TILES if not is_double(t)), key=lambda t: (pips(t), sort_key(t)))
)


def misdeal_reason(hand: list[Tile]) -> MisdealReason | None:
    """« doubles » or « valeur » when this hand forces a new deal, else None."""
    if sum(1 for t in hand if is_double(t)) >= MISDEAL_DOUBLES:
        return "doubles"
    counts: Counter[int] = Counter()
    for tile in hand:
        counts.update(set(values(tile)))
    if counts and max(counts.values()) >= MISDEAL_SAME_VALUE:
        return "valeur"
    return None


def first_opening(hands: dict[PlayerId, list[Tile]]) -> tuple[PlayerId, Tile]:
    """The holder of the first tile of OPENING_ORDER found in a hand, and that tile."""
    holder = {tile: player for player, hand in hands.items() for tile in hand}
    for tile in OPENING_ORDER:
        if tile in holder:
            return holder[tile], tile
    raise ValueError("no tile in any hand")


def set_opening(state: ChevreState, opener: PlayerId | None) -> None:
    """Whose move it is on an empty chain: ``opener`` plays any tile, or (None) the first-round order."""
    if opener is None:
        holder, tile = first_opening(state.hands)
        state.opening = tile
        state.current = state.players.index(holder)
    else:
        state.opening = None
        state.current = state.players.index(opener)


def deal_round(state: ChevreState, opener: PlayerId | None) -> list[Event]:
    """Shuffles and deals a new round (again while a hand is a misdeal); ``opener`` as in set_opening."""
    events: list[Event] = []
    while True:
        tiles = state.dice.shuffle(ALL_TILES)
        hands = {p: tiles[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i, p in enumerate(state.players)}
        bad = next(((p, r) for p, h in hands.items() if (r := misdeal_reason(h)) is not None), None)
        if bad is None:
            break
        events.append(Redealt(player=bad[0], reason=bad[1]))
    state.hands = hands
    state.bazar = tiles[len(state.players) * HAND_SIZE :]
    state.chain = []
    set_opening(state, opener)
    events.append(
        Dealt(
            round=state.round_no,
            opener=state.turn_player(),
            free_opening=state.opening is None,
            bazar=len(state.bazar),
        )
    )
    events += [hand_event(state, p) for p in state.players]
    return events


def hand_event(state: ChevreState, player: PlayerId) -> HandDealt:
    """The private event that shows a player the hand just dealt to them."""
    opening = state.opening if state.opening is not None and state.turn_player() == player else None
    return HandDealt(player=player, tiles=sorted(state.hands[player], key=sort_key), opening=opening, to=[player])


def dice_for_deal(order: list[Tile]) -> list[int]:
    """Loaded dice that make the deal's shuffle lay the 28 tiles out in ``order``."""
    if sorted(order) != sorted(ALL_TILES):
        raise ValueError("a deal must list each of the 28 tiles once")
    current = list(ALL_TILES)
    loaded: list[int] = []
    # Dice.shuffle swaps position i with randbelow(i + 1) for i from the last down to 1.
    for i in range(len(current) - 1, 0, -1):
        j = current.index(order[i])
        loaded.append(j + 1)
        current[i], current[j] = current[j], current[i]
    return loaded


def deal_dice(hands: list[list[str]], bazar: list[str] | None = None) -> list[int]:
    """Loaded dice for chosen hands (seven tiles each, in seat order) and bazar (front first).

    Without ``bazar``, the tiles no hand holds form it in their usual order (0-0, 0-1 …).
    Tiles may be written in any order (« 5-3 » is the 3-5).
    """
    chosen = [[_canonical(t) for t in hand] for hand in hands]
    if any(len(hand) != HAND_SIZE for hand in chosen):
        raise ValueError(f"each hand holds {HAND_SIZE} tiles")
    dealt = [t for hand in chosen for t in hand]
    rest = [_canonical(t) for t in bazar] if bazar is not None else [t for t in ALL_TILES if t not in dealt]
    return dice_for_deal(dealt + rest)


def position(
    hands: dict[PlayerId, list[str]],
    chain: list[Placed],
    bazar: list[str],
    *,
    turn: PlayerId | None = None,
    round_no: int = 2,
    scores: dict[PlayerId, int] | None = None,
    remembered: dict[PlayerId, int] | None = None,
    options: ChevreOptions | None = None,
    seed: int = 0,
) -> ChevreState:
    """A round in progress, for scenario tests: hands in seat order, the chain read from gauche.

    The 28 tiles must all be somewhere (hands, chain, bazar) and the chain must join up.
    """
    players = list(hands)
    held = {p: [_canonical(t) for t in h] for p, h in hands.items()}
    chained = [make(a, b) for a, b in chain]
    everything = [t for h in held.values() for t in h] + chained + [_canonical(t) for t in bazar]
    if sorted(everything) != sorted(ALL_TILES):
        raise ValueError("hands, chain and bazar must hold each of the 28 tiles once")
    if any(left[1] != right[0] for left, right in pairwise(chain)):
        raise ValueError("the chain does not join up")
    state = ChevreState(
        game="chevre",
        players=players,
        dice=Dice(seed=seed),
        options=options or ChevreOptions(),
        round_no=round_no,
        hands=held,
        bazar=[_canonical(t) for t in bazar],
        chain=[(a, b) for a, b in chain],
        scores={p: (scores or {}).get(p, 0) for p in players},
        remembered={p: (remembered or {}).get(p, 0) for p in players},
    )
    if chain:
        state.current = players.index(turn or players[0])
    else:
        set_opening(state, (turn or players[0]) if round_no > 1 else None)
    return state


def _canonical(written: str) -> Tile:
    tile = parse(written)
    if tile is None:
        raise ValueError(f"not a tile: {written!r}")
    return tile
