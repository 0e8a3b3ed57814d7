"""Taverne's Discord side: settings, sessions, storage, cogs, views and rendering."""
