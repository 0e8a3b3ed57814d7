"""Which shards a process runs (``TAVERNE_SHARDS``), which guilds they hold, and their leases' names.

Discord sends a guild's events to shard ``(guild_id >> 22) % shard_count``; a process configured
with ``0-1/4`` runs shards 0 and 1 of 4 and restores, times and answers only their guilds' tables.
Unset, one process runs every shard (Discord's recommended count) and holds every table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# A process running every shard holds this one lease: it excludes every other process.
ALL = "all"
# discord.py and Discord accept far more, but a typo (40/4, 0-9999/10000) is caught here.
MOST_SHARDS = 4096

_SPEC = re.compile(r"^\s*(?P<ids>[0-9][0-9,\- ]*)/\s*(?P<count>[0-9]+)\s*$")


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard Discord sends a guild's events to (direct messages: shard 0)."""
    return ((guild_id or 0) >> 22) % count


@dataclass(frozen=True)
class Shards:
    ids: tuple[int, ...]
    count: int

    @classmethod
    def parse(cls, text: str) -> Shards:
        """``0-1/4``, ``2/4``, ``0,2-3/8``; ValueError with a sentence for the admin otherwise."""
        match = _SPEC.match(text)
        if match is None:
            raise ValueError(
                "forme attendue : <shards>/<nombre de shards>, ex. 0-1/4 (les shards 0 et 1 sur 4), 2/4 ou 0,2/4"
            )
        count = int(match["count"])
        if not 1 <= count <= MOST_SHARDS:
            raise ValueError(f"le nombre de shards doit aller de 1 à {MOST_SHARDS} (lu : {count})")
        ids: list[int] = []
        for part in match["ids"].replace(" ", "").split(","):
            low, _, high = part.partition("-")
            if not low or (_ and not high) or not (low + high).isdigit():
                raise ValueError(f"« {part} » n'est ni un shard (2) ni une plage (0-1)")
            first, last = int(low), int(high or low)
            if first > last:
                raise ValueError(f"plage à l'envers : {part} (écrivez {last}-{first})")
            if last >= count:
                raise ValueError(f"shard {last} hors de 0-{count - 1} : les shards sont numérotés à partir de 0")
            ids += range(first, last + 1)
        if len(set(ids)) != len(ids):
            raise ValueError("un shard est nommé deux fois")
        return cls(tuple(sorted(ids)), count)

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
