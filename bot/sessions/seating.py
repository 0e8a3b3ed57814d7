"""Before the game and beside it: a lobby opened, joined and left, the game started by its host,
a table abandoned."""

from __future__ import annotations

import logging
import random
from typing import Any

from pydantic import ValidationError

from games.core import Game, IllegalAction, PlayerId

from ..store import (
    ABANDONED,
    LOBBY,
    PLAYING,
    ChannelTaken,
    SessionRecord,
)
from . import journal
from .errors import TableError
from .memory import TablesInMemory
from .robots import DEFAULT_LEVEL, humans, seat_robot
from .session import Outcome, Session

log = logging.getLogger(__name__)


class Seating(TablesInMemory):
    # --- lobby ------------------------------------------------------------------------------------
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
        robots: int = 0,
        robot_level: str = DEFAULT_LEVEL,
    ) -> Session:
        """A lobby (``robots`` of ``robot_level`` beside the host); ``seed`` is kept for the start."""
        engine = self.games.get(game)
        if engine is None:
            raise TableError("unknown_game", game=game, games=", ".join(sorted(self.games)))
        if (existing := await self.warm(channel_id)) is not None:
            raise TableError("channel_taken", game=existing.game.title)
        try:
            validated = engine.options(options or {})
        except ValidationError as error:
            raise TableError("bad_options", game=engine.title, detail=_option_errors(error)) from None
        if not 0 <= robots < engine.max_players:
            raise TableError("too_many_robots", maximum=engine.max_players - 1)
        await self.languages.load(self.store, guild_id)  # the table is drawn in it from now on
        now = self.clock()
        rec = SessionRecord(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            host_id=host_id,
            names={host_id: host_name},
            options=validated.model_dump(mode="json"),
            status=LOBBY,
            created_ms=now,
            active_ms=now,
            turn_timeout_ms=turn_timeout_ms,
            seed=seed,
        )
        _seat_robots(rec, robots, robot_level)
        session = await self._create_lobby(rec, engine)
        journal.log.info(
            "table %d ouverte : %s, salon %s, serveur %s, hôte %s, options %s%s",
            session.id,
            engine.name,
            channel_id,
            guild_id,
            journal.named(session, [host_id]),
            rec.options,
            f", graine {seed}" if seed is not None else "",
        )
        return session

    async def _create_lobby(self, rec: SessionRecord, engine: Game[Any]) -> Session:
        """``rec`` stored as a new table (a lobby), in memory and timed from now on."""
        self.stamp(session := Session(rec=rec, game=engine))  # its due time stored with it
        try:
            await self.store.create_session(rec)
        except ChannelTaken:
            raise TableError("channel_taken", game=engine.title) from None
        self._register(session)
        self._arm(session)
        return session

    async def join(self, session_id: int, player: PlayerId, name: str) -> Session:
        session = self._open_session(session_id)
        async with session.lock:
            rec = session.rec
            if rec.status != LOBBY:
                raise TableError("not_lobby")
            if player in rec.names:
                raise TableError("already_seated")
            if len(rec.names) >= session.game.max_players:
                raise TableError("table_full", maximum=session.game.max_players)
            rec.names[player] = name
            rec.active_ms = self.clock()
            self.stamp(session)
            await self.store.save_session(rec)
        return session

    async def leave_lobby(self, session_id: int, player: PlayerId) -> Session:
        """A player stands up before the start; the host's seat passes on; an empty table closes."""
        session = self._open_session(session_id)
        async with session.lock:
            rec = session.rec
            if rec.status != LOBBY:
                raise TableError("not_lobby")
            if player not in rec.names:
                raise TableError("not_seated")
            del rec.names[player]
            rec.active_ms = self.clock()
            if not rec.names:
                rec.status = ABANDONED
                await self.store.finish(rec, ABANDONED, [], rec.active_ms)
                self._forget(session)
                journal.log.info("table %d fermée avant de commencer : plus personne n'y est assis", session.id)
                return session
            if rec.host_id == player and humans(rec, list(rec.names)):
                rec.host_id = humans(rec, list(rec.names))[0]
            # Else only robots are seated: the host stays the host, watching (a table of robots).
            self.stamp(session)
            await self.store.save_session(rec)
        return session

    async def start(
        self, session_id: int, player: PlayerId, *, seed: int | None = None, loaded: list[int] | None = None
    ) -> Outcome:
        """The host starts the game; ``seed`` (else the one the table was opened with) and ``loaded``
        dice replay a known game (tests, bug reports)."""
        session = self._open_session(session_id)
        async with session.lock:
            rec = session.rec
            if rec.status != LOBBY:
                raise TableError("not_lobby")
            if player != rec.host_id:
                raise TableError("not_host", host=session.name(rec.host_id))
            now = self.clock()
            if seed is None:
                seed = rec.seed
            if seed is None:
                seed = random.SystemRandom().randrange(2**31)
            try:
                state, events = session.game.start(
                    list(rec.names), rec.options, seed=seed, loaded=loaded, now_ms=now
                )
            except IllegalAction as error:
                return Outcome(session, error=error)
            session.state = state
            rec.status, rec.started_ms, rec.active_ms = PLAYING, now, now
            self._after_change(session, events, now)
            rec.state = state.model_dump_json()
            self.stamp(session)
            await self.store.save_session(rec)
        self._arm(session)
        journal.log.info(
            "table %d : partie de %s commencée avec %s (graine %s)",
            session.id,
            session.game.name,
            journal.named(session, session.players),
            journal.seed_of(session),
        )
        return Outcome(session, events=events, turn_changed=True, waiting=self.waiting(session))

    async def abandon(self, channel_id: int, player: PlayerId, *, is_admin: bool = False) -> Session:
        await self.warm(channel_id)
        session = self._need(channel_id)
        async with session.lock:
            if player != session.rec.host_id and not is_admin:
                raise TableError("not_host_or_admin", host=session.name(session.rec.host_id))
            await self._finish(session, ABANDONED, self.clock())
        journal.log.info(
            "table %d abandonnée par %s%s (graine %s)",
            session.id,
            journal.named(session, [player]),
            " (Gérer le serveur)" if is_admin and player != session.rec.host_id else "",
            journal.seed_of(session),
        )
        return session


def _seat_robots(rec: SessionRecord, count: int, level: str) -> None:
    for _ in range(count):
        try:
            seat_robot(rec, level)
        except ValueError:
            raise TableError("bad_level", level=level) from None


def _option_errors(error: ValidationError) -> str:
    parts = []
    for item in error.errors():
        where = ".".join(str(x) for x in item.get("loc", ())) or "options"
        parts.append(f"{where} : {item.get('msg', 'valeur invalide')}")
    return " ; ".join(parts)
