"""The session manager as the bot runs it: a table may be opened with a chosen dice seed, and what
happens at the tables leaves one log line each (opened, started, won, abandoned, removed, closed).

The lines name the table by its number (``table 12``), the number players see in the table's footer
and that a bug report carries, with the seed that replays its dice.
"""

from __future__ import annotations

import logging
from typing import Any

from games.core import Action, Event, PlayerId

from .sessions import Listener, Notice, Outcome, Session, SessionManager
from .store import SessionRecord

log = logging.getLogger("bot.tables")


def seed_of(session: Session) -> int | None:
    """The seed the table's dice come from: the game's own once started, the one chosen before."""
    if session.state is not None:
        return int(session.state.dice.seed)
    return session.rec.seed


def _players(session: Session, players: list[PlayerId]) -> str:
    return ", ".join(f"{session.name(p)} ({p})" for p in players) or "personne"


def log_end(session: Session) -> None:
    state = session.state
    if state is None or not state.over:
        return
    scores = session.game.scores(state)
    shown = ", ".join(f"{session.name(p)} {s}" for p, s in scores.items())
    log.info(
        "table %d : partie de %s gagnée par %s (scores : %s ; graine %s)",
        session.id,
        session.game.name,
        _players(session, list(state.winners)),
        shown or "—",
        seed_of(session),
    )


class BotManager(SessionManager):
    async def open(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        host_id: PlayerId,
        host_name: str,
        options: dict[str, Any] | None = None,
        turn_timeout_ms: int | None = None,
        seed: int | None = None,
    ) -> Session:
        """A lobby, as the base manager opens it; ``seed`` (``graine=``) is kept for the start."""
        session = await super().open(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            host_id=host_id,
            host_name=host_name,
            options=options,
            turn_timeout_ms=turn_timeout_ms,
        )
        if seed is not None:
            session.rec.seed = seed
            await self.store.save_session(session.rec)
        log.info(
            "table %d ouverte : %s, salon %s, serveur %s, hôte %s, options %s%s",
            session.id,
            session.game.name,
            session.rec.channel_id,
            session.rec.guild_id,
            _players(session, [session.rec.host_id]),
            session.rec.options,
            f", graine {seed}" if seed is not None else "",
        )
        return session

    async def start(
        self, session_id: int, player: PlayerId, *, seed: int | None = None, loaded: list[int] | None = None
    ) -> Outcome:
        session = self.by_id(session_id)
        if seed is None and session is not None:
            seed = session.rec.seed
        outcome = await super().start(session_id, player, seed=seed, loaded=loaded)
        if outcome.error is None:
            started = outcome.session
            log.info(
                "table %d : partie de %s commencée avec %s (graine %s)",
                started.id,
                started.game.name,
                _players(started, started.players),
                seed_of(started),
            )
        return outcome

    async def act(
        self,
        session_id: int,
        player: PlayerId,
        action: Action,
        at_ms: int,
        *,
        turn: int | None = None,
        interaction_id: int | None = None,
        name: str | None = None,
    ) -> Outcome:
        outcome = await super().act(
            session_id, player, action, at_ms, turn=turn, interaction_id=interaction_id, name=name
        )
        if outcome.ended:
            log_end(outcome.session)
        return outcome

    async def leave_lobby(self, session_id: int, player: PlayerId) -> Session:
        session = await super().leave_lobby(session_id, player)
        if self.by_id(session_id) is None:
            log.info("table %d fermée avant de commencer : plus personne n'y est assis", session_id)
        return session

    async def abandon(self, channel_id: int, player: PlayerId, *, is_admin: bool = False) -> Session:
        session = await super().abandon(channel_id, player, is_admin=is_admin)
        log.info(
            "table %d abandonnée par %s%s (graine %s)",
            session.id,
            _players(session, [player]),
            " (Gérer le serveur)" if is_admin and player != session.rec.host_id else "",
            seed_of(session),
        )
        return session


class JournalListener:
    """Logs what happens without a click, then lets the bot's own listener tell the channel."""

    def __init__(self, inner: Listener) -> None:
        self.inner = inner

    async def table_changed(self, session: Session, events: list[Event], notice: Notice) -> None:
        if notice.kind == "removed":
            log.info("table %d : %s retiré(s) pour inactivité", session.id, _players(session, notice.players))
            log_end(session)
        elif notice.kind == "warned":
            log.info("table %d : %s prévenu(s) d'un retrait prochain", session.id, _players(session, notice.players))
        elif notice.kind == "idle_closed":
            log.info("table %d (%s) fermée : inactive trop longtemps", session.id, session.game.name)
        elif notice.kind == "resumed":
            log.info("table %d (%s) reprise après le redémarrage", session.id, session.game.name)
        elif notice.kind == "window_closed":
            log_end(session)
        elif notice.kind == "ended":
            log.info("table %d (%s) : fin de partie annoncée après le redémarrage", session.id, session.game.name)
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
