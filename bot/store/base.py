"""The store's one interface, two databases behind it: SQLite (``store.py``, the default: one file,
one process) and PostgreSQL (``postgres.py``: one server shared by several processes). The session
manager, the cogs and the admin commands see only this; ``Store.open(target)`` picks the database
from ``TAVERNE_DATABASE`` (a file path, or a ``postgresql://`` URL).

Both make the same promises: every accepted action committed before the call returns (a group
commit: actions of many tables share a transaction), once per interaction (a unique index), one
open table per channel (a unique index), versioned schema steps (the same steps in each dialect).
"""

from __future__ import annotations

import abc
from collections.abc import AsyncGenerator, Callable
from pathlib import Path
from typing import Any

from ..shards import Shards
from .leases import Holder, pid_alive
from .lookups import InteractionsSeen
from .record import OPEN_STATUSES, FinishedPlayer, GameStats, SessionRecord
from .target import Target, is_postgres

# The tables a copy (``python -m bot migrate-db``) moves, parents first.
TABLES = (
    "sessions",
    "actions",
    "finished_games",
    "finished_players",
    "guild_settings",
    "heartbeat",
    "bot_state",
)
Rows = list[tuple[Any, ...]]


class Store(abc.ABC):
    closed: bool = False
    _seen: InteractionsSeen | None = None

    @classmethod
    async def open(cls, target: Target, **options: Any) -> Store:
        """Opens (creates, migrates) the database ``target`` names; ``StoreUnavailable`` with a
        sentence for the admin when it cannot."""
        if is_postgres(target):
            from .postgres import PostgresStore

            return await PostgresStore.connect(str(target), **options)
        from .store import SqliteStore

        return await SqliteStore.connect(Path(target), **options)

    # --- life ----------------------------------------------------------------------------------
    @abc.abstractmethod
    async def close(self) -> None:
        """Waits for the transaction in progress, then closes (a second call does nothing)."""

    @abc.abstractmethod
    async def schema_version(self) -> int: ...

    @abc.abstractmethod
    async def migrate(self) -> int:
        """Applies the steps not applied yet, each in its own transaction; returns the version."""

    @abc.abstractmethod
    async def check_writable(self) -> None:
        """A write that changes nothing, to learn now whether this process may write."""

    # --- tables -----------------------------------------------------------------------------
    @abc.abstractmethod
    async def create_session(self, rec: SessionRecord) -> SessionRecord:
        """Stores a new table and gives it its id; ``ChannelTaken`` when its channel has one open."""

    @abc.abstractmethod
    async def save_session(self, rec: SessionRecord) -> None: ...

    @abc.abstractmethod
    async def save_action(
        self, rec: SessionRecord, player: str, action: str, at_ms: int, interaction_id: int | None
    ) -> None:
        """The accepted action and the table's new state in one transaction, committed when this
        returns; ``DuplicateInteraction`` when this interaction's action is stored already."""

    async def interaction_seen(self, interaction_id: int) -> bool:
        """Whether this interaction's action is stored; the questions of clicks asked together
        share one query (``lookups.py``)."""
        if self._seen is None:
            self._seen = InteractionsSeen(self.interactions_seen)
        return await self._seen.seen(interaction_id)

    @abc.abstractmethod
    async def interactions_seen(self, interaction_ids: list[int]) -> set[int]:
        """Which of these interactions have their action stored."""

    @abc.abstractmethod
    async def actions(self, session_id: int) -> list[tuple[str, str, int]]:
        """(player, action, at_ms) of a table, in the order they were played."""

    async def open_sessions(self) -> list[SessionRecord]:
        """The open tables that can be read (see ``open_tables`` for the others)."""
        readable, _ = await self.open_tables()
        return readable

    # --- the open tables by the index (bot/store/index.py says what each is for) ---------------
    @abc.abstractmethod
    async def open_tables(
        self, shards: Shards | None = None, *, active_since: int | None = None, due_before: int | None = None
    ) -> tuple[list[SessionRecord], list[SessionRecord]]:
        """The open tables of ``shards`` that read, and those with a column that does not (plain
        columns only); with ``active_since``/``due_before``, only those to keep in memory."""

    @abc.abstractmethod
    def open_index_pages(self, shards: Shards | None = None) -> AsyncGenerator[list[tuple[int, int]], None]:
        """(channel id, id) of every open table of ``shards``, a page at a time, read beside the
        clicks (it may take a second with 100 000 tables)."""

    @abc.abstractmethod
    async def open_in_channel(self, channel_id: int, shards: Shards | None = None) -> int | None:
        """The id of the table open in ``channel_id``, if its guild is one of ``shards``'."""

    @abc.abstractmethod
    async def due_between(self, after_ms: int, until_ms: int, shards: Shards | None = None) -> list[int]:
        """The open tables of ``shards`` whose timers fall due in (after_ms, until_ms]."""

    @abc.abstractmethod
    async def open_table(self, session_id: int) -> tuple[SessionRecord | None, SessionRecord | None]:
        """One table if still open: (record, None), (None, its plain columns) or (None, None)."""

    @abc.abstractmethod
    async def ends_not_shown(self, since_ms: int, shards: Shards | None = None) -> list[SessionRecord]:
        """Games of ``shards`` finished since ``since_ms`` whose end was not told in their channel."""

    @abc.abstractmethod
    async def set_due(self, dues: list[tuple[int, int]]) -> None:
        """(id, due_ms) of tables whose due time was not stored yet (from before schema step 8)."""

    # --- the shards' leases (bot/store/leases.py) ----------------------------------------------
    @abc.abstractmethod
    async def take_leases(
        self,
        keys: list[str],
        me: Holder,
        now_ms: int,
        ttl_ms: int,
        *,
        status: str,
        alive: Callable[[int], bool] = pid_alive,
    ) -> list[str]:
        """Takes ``keys`` for ``me`` in one transaction that serialises with other processes' takes,
        or raises ``LeaseRefused``; returns the leases taken back from a holder known dead."""

    @abc.abstractmethod
    async def renew_leases(self, me: Holder, status: str, now_ms: int, ttl_ms: int) -> int:
        """Renews every lease ``me`` holds; returns how many it still holds."""

    @abc.abstractmethod
    async def release_leases(self, me: Holder, status: str, now_ms: int) -> None:
        """At a clean stop: the shards are free at once for the next process."""

    @abc.abstractmethod
    async def set_end_shown(self, session_id: int) -> None: ...

    @abc.abstractmethod
    async def set_status(self, session_id: int, status: str) -> None:
        """Changes only the status: a table set aside keeps its other columns as they were."""

    @abc.abstractmethod
    async def session(self, session_id: int) -> SessionRecord | None: ...

    @abc.abstractmethod
    async def finish(self, rec: SessionRecord, outcome: str, players: list[FinishedPlayer], ended_ms: int) -> None:
        """Closes the table and, for a game that was played, keeps who played, scored and won."""

    @abc.abstractmethod
    async def stats(self, guild_id: int | None, player_id: str | None = None) -> list[GameStats]: ...

    @abc.abstractmethod
    async def leaderboard(self, guild_id: int | None, game: str | None = None) -> list[tuple[str, int, int]]: ...

    @abc.abstractmethod
    async def robot_board(self, guild_id: int | None) -> list[tuple[str, int, int]]:
        """(level, games played, games won) of the robots in a guild, apart from the humans."""

    # --- guild settings, heartbeat, the bot's memory ---------------------------------------------
    @abc.abstractmethod
    async def guild_settings(self, guild_id: int) -> dict[str, Any]: ...

    @abc.abstractmethod
    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None: ...

    @abc.abstractmethod
    async def beat(self, status: str, at_ms: int, pid: int) -> None:
        """``starting``, ``connected`` or ``stopped``, and when: see ``bot/health.py``."""

    @abc.abstractmethod
    async def heartbeat(self) -> tuple[str, int, int] | None:
        """(status, at_ms, pid) of the last beat, or None."""

    @abc.abstractmethod
    async def bot_state(self, key: str) -> str | None: ...

    @abc.abstractmethod
    async def set_bot_state(self, key: str, value: str) -> None: ...

    # --- whole tables, for ``python -m bot migrate-db`` -----------------------------------------
    @abc.abstractmethod
    async def columns(self, table: str) -> list[str]:
        """The columns of ``table``, in their order."""

    @abc.abstractmethod
    async def rows(self, table: str, columns: list[str]) -> Rows: ...

    @abc.abstractmethod
    async def count(self, table: str) -> int: ...

    @abc.abstractmethod
    async def load(self, tables: dict[str, tuple[list[str], Rows]]) -> dict[str, int]:
        """Writes every table's rows in ONE transaction, which it commits only when each table then
        holds as many rows as were given; returns the counts. The tables must be empty."""


__all__ = ["OPEN_STATUSES", "TABLES", "Rows", "Store"]
