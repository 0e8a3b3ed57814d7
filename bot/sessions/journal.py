"""The tables' journal: one log line per thing an admin wants to know about a table (opened,
started, won, abandoned, removed, closed), on the ``bot.tables`` logger.

The lines name the table by its number (``table 12``), the number players see in the table's footer
and that a bug report carries, with the seed that replays its dice. The manager writes the lines of
what its own calls do; ``JournalListener`` writes those of what happens without a click.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from games.core import Event, PlayerId

from ..store import SessionRecord

if TYPE_CHECKING:
    from .session import Listener, Notice, Session

log = logging.getLogger("bot.tables")


def seed_of(session: Session) -> int | None:
    """The seed the table's dice come from: the game's own once started, the one chosen before."""
    if session.state is not None:
        return int(session.state.dice.seed)
    return session.rec.seed


def named(session: Session, players: list[PlayerId]) -> str:
    return ", ".join(f"{session.name(p)} ({p})" for p in players) or "personne"


def log_end(session: Session) -> None:
    """The winners and scores of a game that is over (nothing for one still going)."""
    state = session.state
    if state is None or not state.over:
        return
    scores = session.game.scores(state)
    shown = ", ".join(f"{session.name(p)} {s}" for p, s in scores.items())
    log.info(
        "table %d : partie de %s gagnée par %s (scores : %s ; graine %s)",
        session.id,
        session.game.name,
        named(session, list(state.winners)),
        shown or "—",
        seed_of(session),
    )


class JournalListener:
    """Logs what happens without a click, then lets the bot's own listener tell the channel."""

    def __init__(self, inner: Listener) -> None:
        self.inner = inner

    async def table_changed(self, session: Session, events: list[Event], notice: Notice) -> None:
        if notice.kind == "removed":
            log.info("table %d : %s retiré(s) pour inactivité", session.id, named(session, notice.players))
            log_end(session)
        elif notice.kind == "warned":
            log.info("table %d : %s prévenu(s) d'un retrait prochain", session.id, named(session, notice.players))
        elif notice.kind == "idle_closed":
            log.info("table %d (%s) fermée : inactive trop longtemps", session.id, session.game.name)
        elif notice.kind == "resumed":
            log.info("table %d (%s) reprise après le redémarrage", session.id, session.game.name)
        elif notice.kind == "window_closed":
            log_end(session)
        elif notice.kind == "ended":
            log.info("table %d (%s) : fin de partie annoncée après le redémarrage", session.id, session.game.name)
            log_end(session)
        elif notice.kind == "closed_late":
            log.info("table %d (%s) : fermée au clic suivant après un échec d'écriture", session.id, session.game.name)
            log_end(session)
        elif notice.kind == "lobby_lost":
            log.info("table %d (%s) : salle d'attente sans message, affichée de nouveau", session.id, session.game.name)
        await self.inner.table_changed(session, events, notice)

    async def table_broken(self, rec: SessionRecord) -> None:
        """A table set aside at the restart (its stored state does not load): said to the inner
        listener when it tells channels about that."""
        log.info("table %d (%s, salon %s) mise de côté : illisible", rec.id, rec.game, rec.channel_id)
        hear = getattr(self.inner, "table_broken", None)
        if hear is not None:
            await hear(rec)
