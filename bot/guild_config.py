"""A server's own settings (/config), kept as JSON in ``guild_settings``: the channels where games
may be played (none: everywhere), default options per game, and the language of the bot's messages."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .i18n import languages
from .store import Store

# The languages a server may choose: one per catalogue present (bot/data/locales/*.po).
LANGUAGES = languages()


@dataclass
class GuildConfig:
    channels: list[int] = field(default_factory=list)
    defaults: dict[str, dict[str, Any]] = field(default_factory=dict)
    language: str = "fr"

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> GuildConfig:
        # Read leniently: a value a future version wrote differently falls back to the default.
        channels = [int(c) for c in raw.get("channels", []) if str(c).isdigit()]
        defaults = {
            str(game): dict(options)
            for game, options in dict(raw.get("defaults", {})).items()
            if isinstance(options, dict)
        }
        language = raw.get("language", "fr")
        return cls(channels, defaults, language if language in LANGUAGES else "fr")

    def to_json(self) -> dict[str, Any]:
        return {"channels": self.channels, "defaults": self.defaults, "language": self.language}

    def allows(self, channel_id: int, parent_id: int | None = None) -> bool:
        """Games may be played here: no list, the channel listed, or a thread of a listed channel."""
        return not self.channels or channel_id in self.channels or parent_id in self.channels


async def load(store: Store, guild_id: int | None) -> GuildConfig:
    if guild_id is None:
        return GuildConfig()
    return GuildConfig.from_json(await store.guild_settings(guild_id))


async def save(store: Store, guild_id: int, config: GuildConfig) -> None:
    await store.set_guild_settings(guild_id, config.to_json())
