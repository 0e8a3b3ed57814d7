"""Whom to ping (« <@id>, your turn! »): the players the table newly waits for, not the clicker.

An edit of the table message notifies nobody, so a new message tells players it is their turn.
Several games start a new turn number on every throw; pinging on each of them would ping a player
after each of their own clicks (and Discord allows about five messages per five seconds in a
channel). So a ping goes out only when the set of waited-for players changes, and names only
those who were not waited for already, never the player whose click made the change: they are
looking at the table.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import PlayerId
from speech import SOURCE, t


class Pings:
    def __init__(self) -> None:
        self._waiting: dict[int, frozenset[PlayerId]] = {}

    def due(self, table: int, waiting: list[PlayerId], clicker: PlayerId | None = None) -> list[PlayerId]:
        """The players to ping now that ``table`` waits for ``waiting`` (in the table's order)."""
        before = self._waiting.get(table)
        now = frozenset(waiting)
        if before == now:
            return []
        self._waiting[table] = now
        return [p for p in waiting if p not in (before or frozenset()) and p != clicker]

    def text(
        self,
        table: int,
        waiting: list[PlayerId],
        mention: Callable[[PlayerId], str],
        clicker: PlayerId | None = None,
        lang: str = SOURCE,
    ) -> str | None:
        """The ping's line in the table's ``lang``, or None when nobody is newly waited for."""
        due = self.due(table, waiting, clicker)
        return t(lang, "news.your_turn", players=", ".join(mention(p) for p in due)) if due else None

    def forget(self, table: int) -> None:
        self._waiting.pop(table, None)
