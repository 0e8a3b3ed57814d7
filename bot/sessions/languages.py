"""The language each server's tables speak (``/config langue``), known without waiting: a table is
drawn synchronously, so the manager keeps every server's language in memory, read from the store
when a table opens or comes back at a restart, and set again when ``/config`` changes it."""

from __future__ import annotations

import logging

from speech import SOURCE, languages

from ..store import Store

log = logging.getLogger(__name__)


class TableLanguages:
    def __init__(self) -> None:
        self._by_guild: dict[int, str] = {}

    def of(self, guild_id: int | None) -> str:
        """The server's language (French when unknown: a table outside a server, say)."""
        return self._by_guild.get(guild_id, SOURCE) if guild_id is not None else SOURCE

    def set(self, guild_id: int, lang: str) -> None:
        self._by_guild[guild_id] = lang if lang in languages() else SOURCE

    def known(self, guild_id: int | None) -> bool:
        return guild_id is None or guild_id in self._by_guild

    async def load(self, store: Store, guild_id: int | None) -> str:
        """The server's language, read from its settings once (then kept)."""
        if guild_id is None:
            return SOURCE
        if guild_id not in self._by_guild:
            try:
                raw = await store.guild_settings(guild_id)
            except Exception:
                log.exception("réglages du serveur %s illisibles : tables en français", guild_id)
                raw = {}
            self.set(guild_id, str(raw.get("language", SOURCE)))
        return self._by_guild[guild_id]
