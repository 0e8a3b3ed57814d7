"""What the crash test tells when a table is stuck: the table's life as Discord and the bot saw it.

A stuck table after twenty restarts cannot be understood from its last state alone: the failure
says, in time order, the bot's lives (killed, READY), every request the bot made about the table's
channel (posts, edits, deletions, interaction answers, with the custom_ids they drew), every click
in it and how it was answered, and the bot's log lines about the table.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from emulator import Channel, Emulator

# The bot's log lines kept for a story: about the table, or about the bot's lives.
LIFE_WORDS = ("Taverne", "connecté", "READY", "prêt", "redémarrage", "Traceback", "ERROR")


@dataclass
class Lives:
    """When the bot was killed and when it was back (the emulator's clock)."""

    events: list[tuple[float, str]] = field(default_factory=list)

    def add(self, emu: Emulator, what: str) -> None:
        self.events.append((emu.clock(), what))


def custom_ids(payload: Any) -> list[str]:
    """The custom_ids a request's payload draws, in order (buttons and selects, however nested)."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            custom_id = value.get("custom_id")
            if isinstance(custom_id, str) and value.get("type") in (2, 3):
                found.append(custom_id)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(payload)
    return found


def story(emu: Emulator, channel: Channel, table: int, lives: Lives, log: Path, since: float = 0.0) -> str:
    """The table's life, one line per thing, in the order of the emulator's clock."""
    wall = time.time() - emu.clock()  # the bot's log is stamped with the wall clock
    clicks = [r for r in emu.interactions.values() if r.channel.id == channel.id]
    tokens = {r.token: r for r in clicks}
    ids = {str(r.id): r for r in clicks}
    lines: list[tuple[float, str]] = [(at, f"bot {what}") for at, what in lives.events if at >= since]
    for record in clicks:
        asked = record.payload.get("data", {}).get("custom_id") or record.payload.get("data", {}).get("name")
        lines.append(
            (
                record.dispatched_at,
                f"click {record.id} by {record.user.name}: {asked} on message "
                f"{record.source_message.id if record.source_message else None} -> type {record.response_type} "
                f"at {record.response_at and round(record.response_at - record.dispatched_at, 2)} s, "
                f"errors {record.errors}",
            )
        )
    for call in emu.calls:
        parts = call.path.split("/")
        about = str(channel.id) in parts or any(p in ids for p in parts) or any(p in tokens for p in parts)
        if not about or call.at < since:
            continue
        path = "/".join(p if p not in tokens else "<token>" for p in parts)
        lines.append((call.at, f"{call.method} {path} -> {call.status} {custom_ids(call.payload)}"))
    lines.sort(key=lambda x: x[0])
    text = [f"{time.strftime('%H:%M:%S', time.localtime(wall + at))} {at:9.2f} {what}" for at, what in lines]
    mine = re.compile(rf"\btable {table}\b|\b{channel.id}\b")
    logged = [
        line
        for line in (log.read_text(errors="replace").splitlines() if log.exists() else [])
        if mine.search(line) or any(word in line for word in LIFE_WORDS)
    ]
    return "\n".join(
        [f"--- #{channel.name} (table {table}) as Discord saw it ---", *text, "--- the bot's log ---", *logged[-200:]]
    )
