"""The bot's settings, read from the environment or a ``.env`` file (pydantic-settings).

``StoreSettings`` is the part the maintenance commands (backup, healthcheck) need: they run beside a
live bot, in the same container, and must not need the Discord token.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from .shards import Shards
from .store.target import is_postgres

LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
# discord.py and Discord accept far more, but a typo (40/4, 0-9999/10000) is caught here.
MOST_SHARDS = 4096
_SHARDS = re.compile(r"^\s*(?P<ids>[0-9][0-9,\- ]*)/\s*(?P<count>[0-9]+)\s*$")


def parse_shards(text: str) -> Shards:
    """``0-1/4``, ``2/4``, ``0,2-3/8``; ValueError with a sentence for the admin otherwise."""
    match = _SHARDS.match(text)
    if match is None:
        raise ValueError(
            "forme attendue : <shards>/<nombre de shards>, ex. 0-1/4 (les shards 0 et 1 sur 4), 2/4 ou 0,2/4"
        )
    count = int(match["count"])
    if not 1 <= count <= MOST_SHARDS:
        raise ValueError(f"le nombre de shards doit aller de 1 à {MOST_SHARDS} (lu : {count})")
    ids: list[int] = []
    for part in match["ids"].replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not low or (dash and not high) or not (low + high).isdigit():
            raise ValueError(f"« {part} » n'est ni un shard (2) ni une plage (0-1)")
        first, last = int(low), int(high or low)
        if first > last:
            raise ValueError(f"plage à l'envers : {part} (écrivez {last}-{first})")
        if last >= count:
            raise ValueError(f"shard {last} hors de 0-{count - 1} : les shards sont numérotés à partir de 0")
        ids += range(first, last + 1)
    if len(set(ids)) != len(ids):
        raise ValueError("un shard est nommé deux fois")
    return Shards(tuple(sorted(ids)), count)


class StoreSettings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="TAVERNE_", env_file=".env", env_file_encoding="utf-8", extra="ignore"
    )

    # A SQLite file (the default), or a PostgreSQL server: postgresql://user:password@host:5432/base
    # (docs/SCALING.md). Never written anywhere with its password (bot/store/target.py).
    database: Path | str = Path("data/taverne.sqlite3")
    log_level: str = "INFO"
    # After a failed start, the next one (a supervisor restarting the bot) waits this long before
    # trying, doubled at each next failure (up to 5 min for a network outage, 15 min otherwise).
    start_pause_s: float = Field(10.0, ge=0)
    # The shards this process runs, e.g. 0-1/4 (shards 0 and 1 of 4); unset: every shard, in one
    # process (Discord's recommended count). Read by the healthcheck too: one check per process.
    shards: Shards | None = None

    @field_validator("shards", mode="before")
    @classmethod
    def _shards(cls, value: object) -> object:
        if value is None or isinstance(value, Shards):
            return value
        text = str(value).strip()
        return parse_shards(text) if text else None
    # A setting or a database to fix is tried this many starts in a row, then the bot gives up until
    # it changes (bot/restarts.py); a network outage is retried for ever.
    start_attempts: int = Field(6, ge=1)

    @field_validator("database", mode="before")
    @classmethod
    def _file_or_url(cls, value: object) -> object:
        """A ``postgresql://`` URL stays a string (a Path would fold its ``//``); anything else is a path."""
        if isinstance(value, str):
            return value.strip() if is_postgres(value.strip()) else Path(value.strip())
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LEVELS:
            raise ValueError(f"niveau inconnu ; attendu {', '.join(LEVELS)}")
        return level


class Settings(StoreSettings):
    """Every setting has a ``TAVERNE_`` variable, except the token which keeps Discord's usual name."""

    discord_token: SecretStr = Field(validation_alias="DISCORD_TOKEN")
    # One guild to sync the commands to instantly (a global sync takes up to an hour to show).
    guild_id: int | None = Field(None, gt=0)
    # Pointing the bot at another Discord (the local emulator, a proxy).
    api_base: str | None = None
    gateway_url: str | None = None
    # A player the table waits for is warned after this many seconds, and removed after twice it.
    turn_timeout_s: float = Field(300.0, gt=0)
    # A table where nothing happened for this long is closed (lobbies and games alike).
    idle_timeout_s: float = Field(3600.0, gt=0)
    # Timers close a window this long after its deadline, so clicks stamped in time still count.
    window_grace_s: float = Field(1.5, ge=0)
    # A table idle this long, with nothing due soon, leaves memory (loaded back on its first click).
    keep_in_memory_s: float = Field(600.0, gt=0)
    # A shard's lease not renewed for this long is free for another process (renewed every 30 s).
    lease_s: float = Field(90.0, ge=45)
    # After READY, discord.py dispatches on_ready this long after the last guild's payload came in
    # (its guild_ready_timeout). Discord streams them in; the emulator sends them all at once, and
    # the tests spare the wait with a shorter one (tests/e2e/tavern.py).
    guild_ready_s: float = Field(2.0, ge=0)

    @field_validator("guild_id", "api_base", "gateway_url", mode="before")
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if value == "" else value

    @field_validator("api_base", "gateway_url")
    @classmethod
    def _an_address(cls, value: str | None) -> str | None:
        if value is None:
            return None
        import yarl  # here: the admin commands read no address, and need no URL library

        url = yarl.URL(value.strip())
        if url.scheme not in {"http", "https", "ws", "wss"} or not url.host:
            raise ValueError("adresse attendue, ex. http://127.0.0.1:8765/api/v10 ou ws://127.0.0.1:8765/")
        return value.strip()


# What pydantic says, in the words of someone filling in a .env file.
_PROBLEMS = {
    "missing": "manquant",
    "int_parsing": "nombre entier attendu (l'identifiant du serveur : clic droit sur le serveur → Copier l'identifiant)",
    "float_parsing": "nombre attendu (en secondes, ex. 300)",
    "greater_than": "doit être plus grand que {gt}",
    "greater_than_equal": "doit être au moins {ge}",
    "bool_parsing": "oui ou non attendu (true/false)",
}


def setting_problems(error: ValidationError) -> tuple[bool, list[str]]:
    """Whether the token is missing, and one French line per other problem — naming the variable,
    never echoing its value (a misplaced token must not end up in a terminal or a log)."""
    missing_token = False
    problems = []
    for item in error.errors():
        where = ".".join(str(x) for x in item.get("loc", ()))
        if where.lower() == "discord_token":
            missing_token = True
            continue
        kind = str(item.get("type", ""))
        context = {
            k: int(v) if isinstance(v, float) and v.is_integer() else v for k, v in (item.get("ctx") or {}).items()
        }
        if kind == "value_error":
            text = str(context.get("error", item.get("msg", "valeur invalide")))
        else:
            text = _PROBLEMS.get(kind, str(item.get("msg", "valeur invalide")))
            try:
                text = text.format(**context)
            except (KeyError, IndexError, ValueError):
                pass
        problems.append(f"  TAVERNE_{where.upper()} : {text}")
    return missing_token, problems


def point_discord_elsewhere(api_base: str | None, gateway_url: str | None) -> None:
    """Send REST calls and the gateway connection to another server (emulator, proxy).

    discord.py reads both from class attributes, so this changes them for the whole process.
    """
    import discord.gateway
    import discord.http
    import yarl

    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
