"""A move the game leaves as a player's only choice, played for them by the table.

Applied, committed and journaled as that player's action (replays stay action by action), and told
on the table by an event of the table's own, ``ForcedMove``, which keeps the move's first event (its
words, « 🤖 Anne, coup joué pour toi : … », are made when the table is drawn).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from games.core import Event

from ..store.news import ForcedMove
from .legal import legal_actions
from .session import rollback_copy

if TYPE_CHECKING:
    from .core import ManagerCore
    from .session import Session

log = logging.getLogger(__name__)

MAX_FORCED = 50  # a safety net: no game forces moves without end


async def play_forced(core: ManagerCore, session: Session, at_ms: int) -> list[Event]:
    """While the game leaves its player a single move, plays it for them. The caller holds the lock
    and has committed the click before; a move the disk refuses is rolled back and left to the
    player as its button."""
    played: list[Event] = []
    for _ in range(MAX_FORCED):
        state = session.state
        # The lists the bot keeps for this state, so that the game does not list them again.
        legal = legal_actions(session)
        known = legal.by_player if legal is not None else None
        forced = session.game.forced_action(state, known) if state is not None and not state.over else None
        if state is None or forced is None:
            break
        player, action = forced
        try:
            new, events = session.game.apply(state, player, action, at_ms)
        except Exception:
            log.exception("table %s : le coup forcé %s de %s a échoué", session.id, action, player)
            break
        note = ForcedMove(player=player, action=str(action), move=events[0].model_dump(mode="json") if events else None)
        before_rec = rollback_copy(session.rec)
        try:
            session.state = new
            core._after_change(session, [note, *events[1:]], core.clock())
            await core._commit(session, player, action, at_ms, None)
        except BaseException as error:
            session.state, session.rec = state, before_rec
            if not isinstance(error, Exception):
                raise
            log.error("table %s : coup forcé non enregistré : %s", session.id, error)
            break
        played += [note, *events]
    return played
