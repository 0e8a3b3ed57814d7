"""The leases of the shards this process runs: taken when the database opens (a live holder elsewhere
refuses the start), renewed with the heartbeat, given back at a clean stop. A lease found taken by
another process at a renewal (this one was cut off longer than a lease lives) stops this process:
two processes must never answer the same guilds."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from .shards import Shards, lease_keys
from .store import Holder, Store

log = logging.getLogger(__name__)


@dataclass
class ShardLeases:
    shards: Shards | None
    ttl_ms: int
    holder: Holder = field(default_factory=Holder.me)

    @property
    def keys(self) -> list[str]:
        return lease_keys(self.shards)

    @property
    def named(self) -> str:
        return "tous les shards" if self.shards is None else f"shard(s) {self.shards}"

    async def take(self, store: Store, status: str, now_ms: int) -> None:
        """Raises ``LeaseRefused`` when another live process holds one of them."""
        taken_back = await store.take_leases(self.keys, self.holder, now_ms, self.ttl_ms, status=status)
        if taken_back:
            log.warning("baux repris à un processus arrêté sur cette machine : %s", ", ".join(taken_back))
        log.info("bail pris : %s (pid %d)", self.named, self.holder.pid)

    async def renew(self, store: Store, status: str, now_ms: int) -> bool:
        """Whether this process still holds every lease it took."""
        held = await store.renew_leases(self.holder, status, now_ms, self.ttl_ms)
        if held < len(self.keys):
            log.error(
                "bail perdu (%s) : un autre processus a repris ces shards pendant une coupure ; arrêt de celui-ci",
                self.named,
            )
            return False
        return True

    async def release(self, store: Store, status: str, now_ms: int) -> None:
        await store.release_leases(self.holder, status, now_ms)
