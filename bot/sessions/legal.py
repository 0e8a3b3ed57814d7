"""Every player's legal actions, computed once per state and kept with the session.

Decoding a click, drawing the buttons and deciding whom the table waits for all read the same
lists: at a 3-player table a click used to ask the game about a dozen times for the same answer.
``LegalActions.of`` asks once for each seated player and, in a game that lets someone not seated
act (``Game.outsider_may``: a Chante-Sloubi joined mid-game), for ``OUTSIDER``;
``legal_actions(session)`` keeps the result until the state changes. A game whose outsiders can do
nothing is not asked for them: ``apply`` would refuse whatever it listed.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from games.core import Action, BaseState, Game, PlayerId

if TYPE_CHECKING:
    from .session import Session

log = logging.getLogger(__name__)

# Asked for what someone not seated may do (join mid-game): Discord never gives a user the id 0.
OUTSIDER: PlayerId = "0"


@dataclass(frozen=True)
class LegalActions:
    """What each player (and ``OUTSIDER``) may do in one state; ``waiting``: whom the table waits for."""

    state: BaseState
    version: int
    turn_no: int
    by_player: dict[PlayerId, list[Action]] = field(default_factory=dict)
    waiting: list[PlayerId] = field(default_factory=list)

    @classmethod
    def of(cls, game: Game[Any], state: BaseState) -> LegalActions:
        by_player: dict[PlayerId, list[Action]] = {}
        if not state.over:
            for player in [*state.players, OUTSIDER] if lets_outsiders_act(game) else state.players:
                try:
                    by_player[player] = game.legal_actions(state, player)
                except Exception:  # one player's listing failing must not stop the table for all
                    log.exception("legal_actions a échoué (%s, joueur %s)", game.name, player)
        return cls(state, state.version, state.turn_no, by_player, _waiting(game, state, by_player))

    def fits(self, state: BaseState) -> bool:
        return self.state is state and self.version == state.version and self.turn_no == state.turn_no

    def of_player(self, player: PlayerId) -> list[Action]:
        """``player``'s actions; someone not seated gets what an outsider may do."""
        if player in self.by_player:
            return list(self.by_player[player])
        return list(self.by_player.get(OUTSIDER, []))

    def union(self) -> list[Action]:
        """Every action someone may take now, once each, seated players first."""
        seen: dict[str, Action] = {}
        for actions in self.by_player.values():
            for action in actions:
                seen.setdefault(action.model_dump_json(), action)
        return list(seen.values())


def lets_outsiders_act(game: Game[Any]) -> bool:
    """Whether the game has its own ``outsider_may`` (the contract's default refuses everything)."""
    return type(game).outsider_may is not Game.outsider_may


def _waiting(game: Game[Any], state: BaseState, by_player: dict[PlayerId, list[Action]]) -> list[PlayerId]:
    """Whom the table waits for (pings, turn timers): when any seated player has a turn action
    (``who="turn"``), exactly those players; otherwise the game's ``to_act``.

    Holding an optional move (a Civet to announce, a Grelottine to call: ``who="any"``) never makes
    a player someone the table waits for, whatever the engine's ``to_act`` says: they are neither
    pinged nor removed for an idle turn while someone else has the dice.
    """
    if state.over:
        return []
    turn_kinds = _turn_kinds(game)
    on_turn = [p for p in state.players if any(a.kind in turn_kinds for a in by_player.get(p, []))]
    if on_turn:
        return on_turn
    try:
        return list(game.to_act(state))
    except Exception:
        log.exception("to_act a échoué (%s)", game.name)
        return []


@lru_cache(maxsize=64)
def _turn_kinds(game: Game[Any]) -> frozenset[str]:
    """The kinds only the player to act may take, once per game: three games build their
    vocabulary's models afresh at each call, and this is asked for every state."""
    return frozenset(s.kind for s in game.vocabulary() if s.who == "turn")


def legal_actions(session: Session) -> LegalActions | None:
    """The session's legal actions for its current state (computed on first need, then kept)."""
    state = session.state
    if state is None:
        return None
    kept = session.legal_memo
    if kept is None or not kept.fits(state):
        kept = session.legal_memo = LegalActions.of(session.game, state)
    return kept


def waiting_for(game: Game[Any], state: BaseState) -> list[PlayerId]:
    """Whom the table waits for in ``state`` (computed afresh; a session keeps it: ``legal_actions``)."""
    return list(LegalActions.of(game, state).waiting)


def session_waiting_for(session: Session) -> list[PlayerId]:
    """``waiting_for`` of the session's state, computed once per state."""
    legal = legal_actions(session)
    return list(legal.waiting) if legal is not None else []
