"""« Revanche »: a finished game played again at a new table in the same channel, with the same
options and the same seats (robots with their level) and a new seed.

The rematch is a lobby (seating.py) whose record says where it comes from and which seats wait for
their player's click, ``SessionRecord.rematch``: ``{"of": <finished table>, "pending": [...],
"until_ms": <when they are freed>}``; the finished table's rematch is noted in the bot's own
state (``rematch.next.<table>``), so that its button opens one rematch only. Who asks is the rematch's host and sits confirmed; the other
humans' seats are kept for them until ``until_ms`` (the table's timer, ``Due("rematch")``, stamped
in the store like every other: a restart keeps it), then freed. The host starts once nobody is
left to confirm.
"""

from __future__ import annotations

import asyncio
import copy
import random
from typing import Any

from pydantic import ValidationError

from games.core import BaseState, Event, PlayerId

from ..store import ABANDONED, LOBBY, OVER, SessionRecord
from . import journal
from .errors import TableError
from .removals import RemovalTables
from .robots import ROBOT_ID_PREFIX, humans, new_robot_id
from .session import Due, Notice, Outcome, Session

# How long a seat at a rematch waits for its player's click.
CONFIRM_MS = 180_000


def pending(rec: SessionRecord) -> list[PlayerId]:
    """The seats of a rematch lobby still waiting for their player's click (seat order)."""
    if rec.status != LOBBY:
        return []
    waiting = set(rec.rematch.get("pending", []))
    return [p for p in rec.names if p in waiting]


def pending_until(rec: SessionRecord) -> int | None:
    """When the seats still waiting are freed, or None when none waits."""
    until = rec.rematch.get("until_ms")
    return int(until) if pending(rec) and isinstance(until, int) else None


class RematchTables(RemovalTables):
    _rematching: asyncio.Lock | None = None

    # --- asked on the finished table --------------------------------------------------------------
    async def ask_rematch(
        self, finished_id: int, player: PlayerId, name: str, channel_id: int | None
    ) -> tuple[Session, bool]:
        """The rematch of ``finished_id`` opened by ``player`` (its host); or, already open, their
        seat there confirmed. Returns the rematch and whether it was opened by this call."""
        if self._rematching is None:
            self._rematching = asyncio.Lock()
        async with self._rematching:  # two clicks at once open one table
            old = await self.store.session(finished_id)
            if old is None or old.status != OVER or old.channel_id != channel_id:
                raise TableError("rematch_unfinished")
            state = self._final_state(old)
            seats = list(state.players) if state is not None else list(old.names)
            if player not in humans(old, seats) and player != old.host_id:
                raise TableError("rematch_not_player")
            current = await self.warm(old.channel_id)
            if current is not None and current.rec.rematch.get("of") == old.id:
                if player in pending(current.rec):
                    return await self.confirm_rematch(current.id, player), False
                raise TableError("rematch_open")
            if current is not None:
                raise TableError("channel_taken", game=current.game.title)
            if await self.store.bot_state(_next_key(old.id)) is not None:
                raise TableError("rematch_done")
            seed = int(state.dice.seed) if state is not None else old.seed
            session = await self._open_rematch(old, seats, seed, (player, name))
            # Beside the finished table, never in its row: rewriting that row from this copy
            # could undo what its last moments wrote (its end told).
            await self.store.set_bot_state(_next_key(old.id), str(session.id))
        journal.log.info(
            "table %d ouverte : revanche de la table %d, hôte %s, places à confirmer : %s",
            session.id,
            old.id,
            journal.named(session, [player]),
            journal.named(session, pending(session.rec)),
        )
        return session, True

    def _final_state(self, old: SessionRecord) -> BaseState | None:
        """The finished game as it ended (who sat there, its seed), if it still reads."""
        game = self.games.get(old.game)
        try:
            return game.load(old.state) if game is not None and old.state is not None else None
        except (ValueError, ValidationError):
            return None

    async def _open_rematch(
        self, old: SessionRecord, seats: list[PlayerId], seed: int | None, host: tuple[PlayerId, str]
    ) -> Session:
        """The rematch's lobby stored: the same options and seats, ``host`` (id, name) confirmed."""
        host_id, name = host
        engine = self.games.get(old.game)
        if engine is None:
            raise TableError("rematch_unfinished")
        try:
            options = engine.options(old.options).model_dump(mode="json")
        except ValidationError:
            raise TableError("rematch_unfinished") from None
        now = self.clock()
        rec = SessionRecord(
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            game=old.game,
            host_id=host_id,
            options=options,
            status=LOBBY,
            created_ms=now,
            active_ms=now,
            turn_timeout_ms=old.turn_timeout_ms,
            seed=_new_seed(seed),
        )
        _same_seats(rec, old, seats)
        if host_id in rec.names:
            rec.names[host_id] = name
        waiting = [p for p in humans(rec, list(rec.names)) if p != host_id]
        rec.rematch = {"of": old.id, "pending": waiting, "until_ms": now + CONFIRM_MS}
        await self.languages.load(self.store, old.guild_id)
        return await self._create_lobby(rec, engine)

    # --- on the rematch's lobby ---------------------------------------------------------------------
    async def confirm_rematch(self, session_id: int, player: PlayerId) -> Session:
        """``player`` takes the seat the rematch kept for them."""
        session = self._open_session(session_id)
        async with session.lock:
            rec = session.rec
            if rec.status != LOBBY:
                raise TableError("not_lobby")
            waiting = pending(rec)
            if player in rec.names and player not in waiting:
                raise TableError("already_seated")
            if player not in waiting:
                raise TableError("rematch_not_pending")
            rec.rematch = {**rec.rematch, "pending": [p for p in waiting if p != player]}
            rec.active_ms = self.clock()
            self.stamp(session)
            await self.store.save_session(rec)
        self._arm(session)
        return session

    async def start(
        self, session_id: int, player: PlayerId, *, seed: int | None = None, loaded: list[int] | None = None
    ) -> Outcome:
        """A rematch starts once no seat waits for its player; the host's own click on
        « Commencer » confirms their seat (the seat passed to them while it waited)."""
        session = self._open_session(session_id)
        rec = session.rec
        if rec.status == LOBBY and player == rec.host_id and player in pending(rec):
            await self.confirm_rematch(session_id, player)
        waiting = pending(rec)
        if waiting and rec.status == LOBBY and player == rec.host_id:
            raise TableError("rematch_waiting", players=", ".join(session.name(p) for p in waiting))
        return await super().start(session_id, player, seed=seed, loaded=loaded)

    # --- the timer: seats not confirmed in time are freed -------------------------------------------
    def next_due(self, session: Session) -> Due:
        due = super().next_due(session)
        until = pending_until(session.rec)
        return Due("rematch", until) if until is not None and until < due.at else due

    async def _do(self, session: Session, due: Due, now: int) -> list[tuple[list[Event], Notice]]:
        if due.kind != "rematch":
            return await super()._do(session, due, now)
        rec = session.rec
        freed = pending(rec)
        if not freed:
            return []
        who, before = journal.named(session, freed), copy.deepcopy(rec)
        for player in freed:
            del rec.names[player]
        rec.rematch = {**rec.rematch, "pending": []}
        rec.active_ms = now
        seated = humans(rec, list(rec.names))
        try:
            if not seated:
                # Nobody human left at the rematch (its host stood up and nobody confirmed): closed.
                await self._finish(session, ABANDONED, now)
                journal.log.info("table %d fermée : revanche sans joueur", session.id)
                return [([], Notice("rematch_closed", players=freed))]
            if rec.host_id not in seated:
                rec.host_id = seated[0]
            self.stamp(session)
            await self.store.save_session(rec)
        except BaseException:
            session.rec = before  # not stored, so not freed: memory stays as the database has it
            raise
        journal.log.info("table %d : places libérées faute de confirmation : %s", session.id, who)
        return [([], Notice("rematch_freed", players=freed))]


def _next_key(finished_id: int) -> str:
    return f"rematch.next.{finished_id}"


def _same_seats(rec: SessionRecord, old: SessionRecord, seats: list[PlayerId]) -> None:
    """The finished table's seats, in order: its humans, its robots with their level and name. A
    seat a player handed to a robot kept that player's id; at the rematch the robot has its own."""
    rec.names = {p: old.names.get(p, p) for p in seats}
    rec.robots = {p: old.robots[p] for p in seats if p in old.robots}
    for player in [p for p in seats if p in old.robots and not p.startswith(ROBOT_ID_PREFIX)]:
        robot = new_robot_id(rec)
        rec.names = _renamed(rec.names, player, robot)
        rec.robots = _renamed(rec.robots, player, robot)


def _renamed(seats: dict[str, Any], before: str, after: str) -> dict[str, Any]:
    return {(after if key == before else key): value for key, value in seats.items()}


def _new_seed(old: int | None) -> int:
    """A seed other than the finished game's: the rematch never deals the same game again."""
    chooser = random.SystemRandom()
    seed = chooser.randrange(2**31)
    while seed == old:
        seed = chooser.randrange(2**31)
    return seed
