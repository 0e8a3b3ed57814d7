"""What the bot needs in a channel (or a thread) to run a table there, checked when a table opens:
the answer names what is missing instead of the table failing later without a word (Discord's
50013, « Missing Permissions », goes to the log, not to the players)."""

from __future__ import annotations

import discord

# (flag of discord.Permissions, French name, English name): Discord's own names in its settings.
NEEDED = (
    ("view_channel", "Voir le salon", "View Channel"),
    ("send_messages", "Envoyer des messages", "Send Messages"),
    ("embed_links", "Intégrer des liens", "Embed Links"),
    ("attach_files", "Joindre des fichiers", "Attach Files"),
)
IN_THREADS = ("send_messages_in_threads", "Envoyer des messages dans les fils", "Send Messages in Threads")


def missing_for_table(allowed: discord.Permissions, *, in_thread: bool) -> list[tuple[str, str]]:
    """The (French, English) names of the permissions the bot lacks here, in Discord's order."""
    needed = [IN_THREADS if in_thread and flag == "send_messages" else (flag, fr, en) for flag, fr, en in NEEDED]
    return [(fr, en) for flag, fr, en in needed if not getattr(allowed, flag)]


def refusal(lang: str, missing: list[tuple[str, str]]) -> str:
    if lang == "en":
        names = ", ".join(f"« {en} »" for _, en in missing)
        return (
            f"I cannot run a table here: I lack {names} in this channel. An admin can grant it "
            "(channel settings → Permissions), then try /play again."
        )
    names = ", ".join(f"« {fr} »" for fr, _ in missing)
    s = "s" if len(missing) > 1 else ""
    return (
        f"Je ne peux pas ouvrir de table ici : il me manque la permission{s} {names} dans ce salon. "
        "Un admin peut me l'accorder (paramètres du salon → Permissions), puis relancez /jouer."
    )
