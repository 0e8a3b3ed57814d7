"""The bot's extensions, loaded by ``setup_hook``: tables (play, abandon, scores), information, server settings."""

EXTENSIONS = ("bot.cogs.tables", "bot.cogs.info", "bot.cogs.config")
