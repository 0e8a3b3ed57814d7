"""Taverne's Discord side: settings, sessions, storage, cogs, views and rendering."""

from . import startup as _startup

# The moment Python reached the bot's code: what the interpreter's own start cost (bot/startup.py).
_startup.START.mark("python")
