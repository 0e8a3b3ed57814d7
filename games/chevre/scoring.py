"""End of a round: what each hand counts, the memory of small rounds, the account, the chèvre."""

from __future__ import annotations

from games.core import PlayerId

from .events import RoundEnd, RoundOver
from .state import MEMORY_LIMIT, ChevreState
from .tiles import hand_points


def round_points(state: ChevreState, how: RoundEnd) -> dict[PlayerId, int]:
    """Points each player takes this round.

    After a sortie each counts their own hand. At a poisson the heaviest hand takes the sum of all
    hands (its own included); players tied for the heaviest hand each take that whole sum.
    """
    hands = {p: hand_points(state.hands[p]) for p in state.players}
    if how == "sortie":
        return hands
    heaviest = max(hands.values())
    pot = sum(hands.values())
    return {p: pot if points == heaviest else 0 for p, points in hands.items()}


def credit(state: ChevreState, player: PlayerId, points: int) -> bool:
    """Adds a round's points to the account or the memory; True when this opens the account."""
    if state.scores[player] > 0:
        state.scores[player] += points
        return False
    if points > MEMORY_LIMIT:
        state.scores[player] = state.remembered[player] + points
        state.remembered[player] = 0
        return True
    state.remembered[player] += points
    return False


def score_round(state: ChevreState, how: RoundEnd, who: PlayerId) -> RoundOver:
    """Scores the round that ``who`` ended (went out, or laid the tile making the poisson).

    The event is public: at the end of a round every hand is shown, as at the table.
    """
    shown = {p: list(state.hands[p]) for p in state.players}
    counted = {p: hand_points(state.hands[p]) for p in state.players}
    taken = round_points(state, how)
    opened = [p for p in state.players if credit(state, p, taken[p])]
    if how == "sortie":
        state.remembered[who] = 0
    return RoundOver(
        round=state.round_no,
        ending=how,
        player=who,
        hands=shown,
        points=counted,
        taken=taken,
        opened=opened,
        scores=dict(state.scores),
        remembered=dict(state.remembered),
    )


def chevres(state: ChevreState) -> list[PlayerId]:
    """Who reached the limit; if every player did at once, only the highest account(s)."""
    over = [p for p in state.players if state.scores[p] >= state.options.limite]
    if over and len(over) == len(state.players):
        top = max(state.scores[p] for p in over)
        over = [p for p in over if state.scores[p] == top]
    return over
