"""Slash commands sent to Discord only when they changed.

Discord rate-limits command syncs and discord.py's maintainers advise against syncing at every
start. The payload discord.py would send (translations included) is hashed; the hash and where it
went (globally or to one server) are kept in the database (``bot_state``). A sync happens when the
hash or the place changed, or after ``python -m bot sync`` forgot the hash. When ``TAVERNE_GUILD_ID`` is
removed or changed, the copy on the former server is cleared, so that no command shows twice.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any

import discord
import discord.http
from discord import app_commands

from .store import Store

log = logging.getLogger(__name__)

KEY = "commandes"


async def payload(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None) -> list[dict[str, Any]]:
    """What ``tree.sync(guild=…)`` sends, computed the same way (``get_commands`` without a type is
    the list ``sync`` sends: the guild's own commands, those copied there included)."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, translator) for command in commands]


def digest(data: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()


async def sync(tree: app_commands.CommandTree[Any], store: Store, guild_id: int | None) -> bool:
    """Syncs when needed; returns whether anything was sent."""
    raw = await store.bot_state(KEY)
    before: dict[str, Any] = json.loads(raw) if raw else {}
    before_guild = before.get("guild_id")
    guild = discord.Object(id=guild_id) if guild_id is not None else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    # Where they go is part of the hash: another application, or another Discord (the emulator of
    # a test, a proxy), has not seen them.
    wanted = digest([{"to": f"{discord.http.Route.BASE} {tree.client.application_id}"}, *await payload(tree, guild)])
    if before.get("hash") == wanted and before_guild == guild_id:
        log.info("commandes inchangées depuis la dernière synchronisation : rien à envoyer")
        return False
    if before_guild is not None and before_guild != guild_id:
        await tree.sync(guild=discord.Object(id=before_guild))  # nothing is copied there any more
        log.info("commandes retirées du serveur %s (TAVERNE_GUILD_ID a changé)", before_guild)
    synced = await tree.sync(guild=guild)
    await store.set_bot_state(KEY, json.dumps({"hash": wanted, "guild_id": guild_id}))
    log.info("%d commande(s) synchronisée(s)%s", len(synced), f" sur le serveur {guild_id}" if guild_id else "")
    return True


async def forget(database: Path | str) -> None:
    """``python -m bot sync``: the next sync sends the commands whatever their hash."""
    store = await Store.open(database)
    try:
        raw = await store.bot_state(KEY)
        before: dict[str, Any] = json.loads(raw) if raw else {}
        before.pop("hash", None)
        await store.set_bot_state(KEY, json.dumps(before))
    finally:
        await store.close()
