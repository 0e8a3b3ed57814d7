"""One cache for every picture the tables show, keyed by what the picture shows.

A key is the picture's content (a kind, then the dice, marks, board or chain, and the language),
never a table or a reader: two tables with the same throw, the channel's table redrawn after a
refused click, a second reader of the same state all get the bytes drawn the first time. It is
bounded twice, by entries and by bytes (a Barricade board weighs ten dice pictures), and forgets the
least recently shown first.

Pictures are drawn in worker threads (``asyncio.to_thread`` in bot/ui/drawing.py), so the lookups
hold a lock; the drawing itself runs outside it, and two threads missing the same key at once may
both draw it (the same bytes: the drawings are pure), which costs a drawing and harms nothing.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

ENTRIES = 2048
BYTES = 16_000_000


class PictureCache:
    """A bounded LRU of PNG bytes; ``draws`` counts the drawings it had to make."""

    def __init__(self, entries: int = ENTRIES, size: int = BYTES) -> None:
        self.entries = entries
        self.size = size
        self.draws = 0
        self.held = 0  # bytes kept
        self._kept: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, draw: Callable[[], bytes]) -> bytes:
        """The picture for ``key``: kept bytes, or ``draw()``'s, then kept."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
                return kept
        picture = draw()
        with self._lock:
            self.draws += 1
            if key not in self._kept:
                self._kept[key] = picture
                self.held += len(picture)
            while self._kept and (len(self._kept) > self.entries or self.held > self.size):
                _, dropped = self._kept.popitem(last=False)
                self.held -= len(dropped)
        return picture

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        """Forgets every picture (benchmarks measure a cold drawing this way; tests start clean)."""
        with self._lock:
            self._kept.clear()
            self.held = 0


PICTURES = PictureCache()
