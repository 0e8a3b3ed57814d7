"""Discord's per-route, per-channel rate limit buckets, and the headers it answers with."""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass


@dataclass
class Bucket:
    """A fixed window: `limit` requests, then refused until `per` seconds after the window opened."""

    limit: int
    per: float
    name: str
    opened_at: float = -math.inf
    used: int = 0

    def hit(self, now: float) -> bool:
        if now - self.opened_at >= self.per:
            self.opened_at = now
            self.used = 0
        if self.used >= self.limit:
            return False
        self.used += 1
        return True

    def reset_after(self, now: float) -> float:
        # Rounded up to the millisecond, so a client sleeping exactly this long never arrives early.
        return max(0.0, math.ceil((self.per - (now - self.opened_at)) * 1000) / 1000)

    def headers(self, now: float) -> dict[str, str]:
        after = self.reset_after(now)
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(max(0, self.limit - self.used)),
            "X-RateLimit-Reset": f"{time.time() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": hashlib.md5(self.name.encode()).hexdigest(),
        }

    def refusal_headers(self, now: float) -> dict[str, str]:
        after = self.reset_after(now)
        return {
            **self.headers(now),
            "X-RateLimit-Scope": "user",
            "Retry-After": str(max(1, math.ceil(after))),
            "Via": "1.1 google",
        }


class RateLimits:
    """Buckets keyed by route kind and channel, created on first use."""

    def __init__(self, limit: int, per: float, *, announce: bool = True) -> None:
        self.limit = limit
        self.per = per
        # With `announce`, successful answers carry X-RateLimit-* so a client can wait before it is refused.
        self.announce = announce
        self._buckets: dict[tuple[str, int], Bucket] = {}

    def bucket(self, kind: str, channel_id: int) -> Bucket:
        key = (kind, channel_id)
        if key not in self._buckets:
            self._buckets[key] = Bucket(self.limit, self.per, name=kind)
        return self._buckets[key]
