"""From a click's custom_id (and a select's values) to the action it stands for — or why not."""

from __future__ import annotations

import logging

from games.core import Action, PlayerId

from ..sessions import Session, SessionManager, TableError
from ..tables import presenter_for
from . import ids

log = logging.getLogger(__name__)


def translate_click(
    manager: SessionManager,
    channel_id: int | None,
    custom_id: str,
    values: list[str],
    player: PlayerId | None = None,
) -> tuple[Session, int, Action]:
    """The table, the turn the button was drawn for, and the action. Raises TableError with the
    reason to tell the player privately: malformed, closed (another or an old table), stale, gone.

    ``player``'s own legal actions count too: a button of their private hand (« Ma main ») is
    one of them, not one of the table's."""
    try:
        parsed = ids.parse_table_id(custom_id)
    except ids.BadId:
        raise TableError("malformed") from None
    if parsed.prefix not in {"tv", "tvs"}:
        raise TableError("malformed")
    session = manager.by_id(parsed.session)
    if session is None or (channel_id is not None and session.rec.channel_id != channel_id):
        raise TableError("closed")
    if session.state is None:
        raise TableError("not_playing")
    if parsed.turn != session.state.turn_no:
        raise TableError("stale")
    if parsed.prefix == "tv":
        code = parsed.tail
    elif len(values) == 1:
        code = values[0]
    else:
        raise TableError("malformed")
    presenter = presenter_for(session.game)
    candidates = [o.action for o in presenter.offers(session) if not o.ask]
    if player is not None and not session.state.over:
        try:
            candidates += session.game.legal_actions(session.state, player)
        except Exception:  # the engine's bug: the table's own offers still decode
            log.exception("legal_actions a échoué (%s)", session.game.name)
    try:
        action = ids.decode_action(code, session.game.full_vocabulary(), candidates)
    except ids.BadId:
        raise TableError("malformed") from None
    except LookupError:
        raise TableError("gone") from None
    return session, parsed.turn, action
