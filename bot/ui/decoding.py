"""From a click's custom_id (and a select's values) to the action it stands for — or why not.

Decoded against the rules, not the rendering: a code names its action in words (``miser~12``) or
is the hash of one of the actions someone may take now (the session's legal actions, computed once
per state). No presenter is asked.
"""

from __future__ import annotations

from games.core import Action, PlayerId

from ..sessions import Session, SessionManager, TableError, legal_actions
from . import ids


def decode_click(
    manager: SessionManager,
    channel_id: int | None,
    custom_id: str,
    values: list[str],
    player: PlayerId | None = None,
) -> tuple[Session, int, Action]:
    """The table, the turn the button was drawn for, and the action. Raises TableError with the
    reason to tell the player privately: malformed, closed (another or an old table), stale, gone.

    ``player``'s own legal actions are looked at first (a button of their private hand), then
    everyone's: a click on another player's button is decoded, and the game says why not."""
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
    legal = legal_actions(session)
    candidates = (legal.of_player(player) if legal is not None and player is not None else []) + (
        legal.union() if legal is not None else []
    )
    try:
        action = ids.decode_action(code, session.game.full_vocabulary(), candidates)
    except ids.BadId:
        raise TableError("malformed") from None
    except LookupError:
        raise TableError("gone") from None
    return session, parsed.turn, action
