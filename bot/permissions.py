"""What the bot needs in a channel (or a thread) to run a table there, checked when a table opens:
the answer names what is missing instead of the table failing later without a word (Discord's
50013, « Missing Permissions », goes to the log, not to the players)."""

from __future__ import annotations

import discord

from .i18n import t, tn

# Flags of discord.Permissions; their names (Discord's own, in each language) are in the catalogues.
NEEDED = ("view_channel", "send_messages", "embed_links", "attach_files")
IN_THREADS = "send_messages_in_threads"


def missing_for_table(allowed: discord.Permissions, *, in_thread: bool) -> list[str]:
    """The flags of the permissions the bot lacks here, in Discord's order."""
    needed = [IN_THREADS if in_thread and flag == "send_messages" else flag for flag in NEEDED]
    return [flag for flag in needed if not getattr(allowed, flag)]


def refusal(lang: str, missing: list[str]) -> str:
    names = ", ".join(t(lang, "permissions.quoted", name=t(lang, f"permissions.{flag}")) for flag in missing)
    return tn(lang, "permissions.refusal", len(missing), names=names)
