"""Logging through discord.py's own setup, with the bot token masked in every line as a last guard.

discord.py does not log the token; the mask is there for what no one foresaw (an exception message
quoting a header, a setting printed while debugging).
"""

from __future__ import annotations

import logging
import os

import discord

MASK = "[jeton masqué]"


class TokenMask(logging.Filter):
    """Replaces the token in a record's message and traceback before any handler writes it."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.token:
            return True
        message = record.getMessage()
        if self.token in message:
            record.msg, record.args = message.replace(self.token, MASK), ()
        if record.exc_info:
            # discord.py's colour formatter formats the traceback again from exc_info: a traceback
            # quoting the token is folded into the message, masked, instead.
            text = logging.Formatter().formatException(record.exc_info)
            if self.token in text:
                record.msg = f"{record.getMessage()}\n{text.replace(self.token, MASK)}"
                record.args, record.exc_info, record.exc_text = (), None, None
        if record.stack_info and self.token in record.stack_info:
            record.stack_info = record.stack_info.replace(self.token, MASK)
        return True


class VoiceNotice(logging.Filter):
    """Drops discord.py's start-up warnings about voice libraries: Taverne never joins a voice channel."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


def wants_colour(stream: object) -> bool:
    """Colours only for a person at a terminal (not in Docker's logs, a file or a pipe), and never
    with NO_COLOR (no-color.org). discord.py's own test also colours whenever it runs in Docker."""
    isatty = getattr(stream, "isatty", None)
    return not os.environ.get("NO_COLOR") and callable(isatty) and bool(isatty())


def setup_logging(
    level: str, token: str = "", handler: logging.Handler | None = None, *, secrets: tuple[str, ...] = ()
) -> logging.Handler:
    """discord.py's logging setup (colours only in a terminal, one line per record) on the root
    logger, at ``level``; returns the handler, which masks ``token`` and the other ``secrets`` (the
    database's password)."""
    handler = handler or logging.StreamHandler()
    handler.addFilter(TokenMask(token))
    for secret in secrets:
        handler.addFilter(TokenMask(secret))
    handler.addFilter(VoiceNotice())
    plain = logging.Formatter("[{asctime}] [{levelname:<8}] {name}: {message}", "%Y-%m-%d %H:%M:%S", style="{")
    stream = getattr(handler, "stream", None)
    formatter = discord.utils.MISSING if wants_colour(stream) else plain
    discord.utils.setup_logging(
        handler=handler, formatter=formatter, level=logging.getLevelName(level), root=True
    )
    return handler
