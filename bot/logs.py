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


def setup_logging(level: str, token: str = "", handler: logging.Handler | None = None) -> logging.Handler:
    """discord.py's logging setup (colours in a terminal, one line per record) on the root logger, at
    ``level``; returns the handler, which masks ``token``."""
    handler = handler or logging.StreamHandler()
    handler.addFilter(TokenMask(token))
    # discord.py colours its lines in a terminal and in Docker; NO_COLOR (no-color.org) turns that off.
    plain = logging.Formatter("[{asctime}] [{levelname:<8}] {name}: {message}", "%Y-%m-%d %H:%M:%S", style="{")
    formatter = plain if os.environ.get("NO_COLOR") else discord.utils.MISSING
    discord.utils.setup_logging(
        handler=handler, formatter=formatter, level=logging.getLevelName(level), root=True
    )
    return handler
