"""Which shards a process runs (``TAVERNE_SHARDS``), which guilds they hold, and their leases' names.

Discord sends a guild's events to shard ``(guild_id >> 22) % shard_count``; a process configured
with ``0-1/4`` runs shards 0 and 1 of 4 and restores, times and answers only their guilds' tables.
Unset, one process runs every shard (Discord's recommended count) and holds every table.
"""

from __future__ import annotations

from dataclasses import dataclass

# A process running every shard holds this one lease: it excludes every other process.
ALL = "all"


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard Discord sends a guild's events to (direct messages: shard 0)."""
    return ((guild_id or 0) >> 22) % count


@dataclass(frozen=True)
class Shards:
    ids: tuple[int, ...]
    count: int

    def owns(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.count) in self.ids

    @property
    def syncs_commands(self) -> bool:
        """The commands are global: only the process running shard 0 sends them."""
        return 0 in self.ids

    def lease_keys(self) -> list[str]:
        return [lease_key(self.count, i) for i in self.ids]

    def __str__(self) -> str:
        return f"{','.join(map(str, self.ids))}/{self.count}"


def lease_key(count: int, shard_id: int) -> str:
    return f"{count}:{shard_id}"


def lease_keys(shards: Shards | None) -> list[str]:
    return [ALL] if shards is None else shards.lease_keys()


def clash(mine: str, theirs: str) -> bool:
    """Whether two processes holding these leases would answer the same guilds: the same shard, a
    process running them all, or another shard count (its shards overlap every one of ours)."""
    if ALL in (mine, theirs) or mine == theirs:
        return True
    return mine.split(":")[0] != theirs.split(":")[0]
