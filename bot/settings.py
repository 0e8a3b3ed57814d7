"""The bot's settings, read from the environment or a ``.env`` file (pydantic-settings)."""

from __future__ import annotations

from pathlib import Path

import yarl
from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Every setting has a ``TAVERNE_`` variable, except the token which keeps Discord's usual name."""

    model_config = SettingsConfigDict(
        env_prefix="TAVERNE_", env_file=".env", env_file_encoding="utf-8", extra="ignore"
    )

    discord_token: SecretStr = Field(validation_alias="DISCORD_TOKEN")
    database: Path = Path("data/taverne.sqlite3")
    log_level: str = "INFO"
    # One guild to sync the commands to instantly (a global sync takes up to an hour to show).
    guild_id: int | None = None
    # Pointing the bot at another Discord (the local emulator, a proxy).
    api_base: str | None = None
    gateway_url: str | None = None
    # A player the table waits for is warned after this many seconds, and removed after twice it.
    turn_timeout_s: float = Field(300.0, gt=0)
    # A table where nothing happened for this long is closed (lobbies and games alike).
    idle_timeout_s: float = Field(3600.0, gt=0)
    # Timers close a window this long after its deadline, so clicks stamped in time still count.
    window_grace_s: float = Field(1.5, ge=0)

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.upper()
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ValueError("DEBUG, INFO, WARNING, ERROR ou CRITICAL")
        return level

    @field_validator("guild_id", "api_base", "gateway_url", mode="before")
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if value == "" else value


def point_discord_elsewhere(api_base: str | None, gateway_url: str | None) -> None:
    """Send REST calls and the gateway connection to another server (emulator, proxy).

    discord.py reads both from class attributes, so this changes them for the whole process.
    """
    import discord.gateway
    import discord.http

    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
