"""Slash commands are sent to Discord only when they changed (a hash kept in the database):
counted as the emulator's bulk overwrites over several starts of the real bot. ``python -m bot
sync`` makes the next start send them; removing TAVERNE_GUILD_ID clears the server's copy."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from emulator import Emulator
from tests.e2e.tavern import Tavern

ROOT = Path(__file__).resolve().parents[2]


def syncs(emu: Emulator) -> list[str]:
    """Where each sync went so far ('global' or the server's id)."""
    out = []
    for call in emu.calls:
        if call.method == "PUT" and call.path.endswith("/commands"):
            out.append("global" if "/guilds/" not in call.path else call.path.split("/guilds/")[1].split("/")[0])
    return out


async def start_and_stop(tavern: Tavern, **settings: object) -> None:
    async with tavern.bot(**settings):
        pass


async def test_commands_are_synced_only_when_they_changed_or_when_asked(tavern: Tavern) -> None:
    emu = tavern.emu
    await start_and_stop(tavern)
    assert syncs(emu) == ["global"]
    assert {c["name"] for c in emu.commands[None]} >= {"jouer", "regles", "config"}
    await start_and_stop(tavern)
    assert syncs(emu) == ["global"]  # nothing changed: nothing sent
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT), "TAVERNE_DATABASE": str(tavern.database)}
    asked = subprocess.run(
        [sys.executable, "-m", "bot", "sync"], cwd=tavern.database.parent, env=env,
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert asked.returncode == 0 and "renvoyées à Discord au prochain démarrage" in asked.stdout, asked.stderr
    await start_and_stop(tavern)
    assert syncs(emu) == ["global", "global"]
    await start_and_stop(tavern)
    assert syncs(emu) == ["global", "global"]


async def test_the_servers_copy_is_cleared_when_the_guild_setting_is_removed(tavern: Tavern) -> None:
    emu, guild = tavern.emu, str(tavern.guild.id)
    await start_and_stop(tavern, guild_id=tavern.guild.id)
    assert syncs(emu) == [guild]
    assert emu.commands[tavern.guild.id]
    await start_and_stop(tavern, guild_id=tavern.guild.id)
    assert syncs(emu) == [guild]
    await start_and_stop(tavern)  # TAVERNE_GUILD_ID removed
    assert syncs(emu) == [guild, guild, "global"]
    assert emu.commands[tavern.guild.id] == []  # no command shown twice on the test server
    names = [c["name"] for c in emu.commands[None]]
    assert len(names) == len(set(names)) and "jouer" in names
