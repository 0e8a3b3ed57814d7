"""The Civet: a stake of 1 to 102 on one's own throw, or given away with « Lance-Civet ! »."""

from __future__ import annotations

from games.core import Event, IllegalAction, PlayerId

from .combos import TARGETS
from .events import CivetAnnounced, CivetGiven
from .scoring import bevue
from .state import CIVET_MAX, CivetBet, CulState


def when(state: CulState, player: PlayerId) -> str | None:
    """Before one's chouettes on one's turn, or before the first throw of a challenge one faces."""
    if state.phase == "chouettes" and state.players[state.current] == player:
        bet = state.civet_bet
        return None if bet is not None and bet.player == player else "tour"
    ch = state.challenge
    if state.phase == "defi" and ch is not None and ch.target == player and ch.throws == 0:
        return "defi"
    return None


def announce(state: CulState, player: PlayerId, amount: int, combination: str) -> list[Event]:
    if combination not in TARGETS:
        raise IllegalAction("bad_argument", name="combinaison")
    if not 1 <= amount <= CIVET_MAX:
        raise IllegalAction("bad_civet_stake", maximum=CIVET_MAX)
    during = when(state, player)
    if during is None:
        raise IllegalAction("civet_not_now")
    if player not in state.civets:
        return bevue(state, player, "sans_civet")
    if not state.options.negatives and amount > state.scores[player]:
        return bevue(state, player, "civet_trop_gros")
    state.civets.remove(player)
    state.civet_bet = CivetBet(
        player=player, stake=amount, combination=combination, during="tour" if during == "tour" else "defi"
    )
    return [CivetAnnounced(player=player, stake=amount, combination=combination)]


def give(state: CulState, player: PlayerId, target: str) -> list[Event]:
    """« Lance-Civet ! »: the receiver must take it, unless they hold one (then a Bévue for the giver)."""
    if target == player or target not in state.players:
        raise IllegalAction("bad_target", player=target)
    if player not in state.civets:
        return bevue(state, player, "sans_civet")
    if target in state.civets:
        return bevue(state, player, "cible_a_un_civet")
    state.civets.remove(player)
    state.civets.append(target)
    return [CivetGiven(player=player, target=target)]
