"""The bot's extensions, loaded by ``setup_hook``: tables (play, abandon, scores) and information."""

EXTENSIONS = ("bot.cogs.tables", "bot.cogs.info")
