"""The bot object built in-process: extensions load, commands are French with English names,
tables come back from the database, and it closes cleanly — all without connecting to Discord."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import discord.gateway
import discord.http
import pytest
from discord import app_commands

from bot.app import create_bot
from bot.cogs import EXTENSIONS
from bot.sessions import SessionManager
from bot.settings import Settings
from bot.store import Store
from bot.tables import Presenter
from bot.ui.components import ClickRoute
from tests.french import french_lines

from .conftest import GAMES


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    )
    return Settings(
        discord_token="x",  # type: ignore[arg-type]
        database=tmp_path / "bot.sqlite3",
        api_base="http://127.0.0.1:9/api/v10",
        gateway_url="ws://127.0.0.1:9/",
        _env_file=None,  # type: ignore[call-arg]
    )


async def test_every_extension_loads_and_the_commands_are_french_with_english_names(
    settings: Settings,
) -> None:
    bot = create_bot(settings, GAMES, sync_commands=False)
    try:
        await bot.setup_hook()
        assert set(bot.extensions) == set(EXTENSIONS)
        commands = {c.name: c for c in bot.tree.get_commands()}
        assert set(commands) == {"jouer", "abandonner", "scores", "regles", "aide", "stats", "config"}
        translator = bot.tree.translator
        assert translator is not None
        payload = await commands["jouer"].get_translated_payload(bot.tree, translator)  # type: ignore[union-attr]
        assert payload["name_localizations"]["en-US"] == "play"
        assert payload["description"] == "Ouvrir une table de jeu dans ce salon"
        assert {o["name"]: o["name_localizations"].get("en-GB") for o in payload["options"]} == {
            "jeu": "game",
            "options": "options",
            "negatifs": "negatives",
            "strict": "strict",
            "delai": "timeout",
            "robots": "robots",
            "niveau": "level",
        }
        rules = await commands["regles"].get_translated_payload(bot.tree, translator)  # type: ignore[union-attr]
        assert rules["name_localizations"]["en-US"] == "rules"
        assert bot.intents.message_content and bot.intents.guild_messages and not bot.intents.members
        assert discord.http.Route.BASE == "http://127.0.0.1:9/api/v10"
    finally:
        await bot.close()


async def test_the_bot_restores_open_tables_from_its_database(settings: Settings) -> None:
    store = await Store.open(settings.database)
    manager = SessionManager(store, GAMES)
    session = await manager.open(guild_id=1, channel_id=10, game="toy", host_id="1", host_name="A")
    await manager.close()
    await store.close()

    bot = create_bot(settings, GAMES, sync_commands=False)
    try:
        await bot.setup_hook()
        restored = bot.manager.in_channel(10)
        assert restored is not None and restored.id == session.id
    finally:
        await bot.close()
    with pytest.raises(RuntimeError):
        _ = bot.store


async def test_every_command_name_description_and_option_reads_in_english() -> None:
    """An English client sees /play game:… with English descriptions; the French names stay the names."""
    from bot.i18n import TaverneTranslator

    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    translator = TaverneTranslator()
    for command in _all_commands():
        payload = await command.get_translated_payload(tree, translator)
        assert payload["name_localizations"].get("en-US"), command.name
        english = payload["description_localizations"]["en-US"]
        assert english and english != payload["description"], command.name
        assert not french_lines(english), (command.name, english)
        for option in payload.get("options", []):
            assert option["name_localizations"]["en-US"], (command.name, option["name"])
            described = option["description_localizations"]["en-US"]
            assert described != option["description"] and not french_lines(described), option["name"]
            # The choices an English client picks from (a language's own name aside: « français »; the
            # games' titles are game words, the same in every language).
            for choice in option.get("choices", []):
                if option["name"] != "langue":
                    named = choice.get("name_localizations", {}).get("en-US", choice["name"])
                    assert not french_lines(named), (option["name"], choice)
    play = await _all_commands()[0].get_translated_payload(tree, translator)
    assert (play["name"], play["name_localizations"]["en-US"]) == ("jouer", "play")


def _all_commands() -> list[app_commands.Command[object, ..., object]]:
    from bot.cogs.config import Config
    from bot.cogs.info import Info
    from bot.cogs.tables import Tables

    out: list[app_commands.Command[object, ..., object]] = []
    for cog in (Tables, Info, Config):
        out += [c for c in cog.__cog_app_commands__ if isinstance(c, app_commands.Command)]  # type: ignore[attr-defined]
    return out


def test_discord_accepts_the_command_names() -> None:
    for command in _all_commands():
        assert command.name == command.name.lower() and len(command.name) <= 32
        assert 1 <= len(command.description) <= 100


async def open_door(interaction: discord.Interaction[Any], custom_id: str, values: list[str]) -> None:
    """A presenter's own click handler (``tvz:`` …), as a game's presenter module would define it."""


class DoorPresenter(Presenter):
    def routes(self) -> dict[str, ClickRoute]:
        return {"tvz": open_door}


def test_a_presenters_own_components_are_found_for_routing() -> None:
    assert DoorPresenter(GAMES["toy"]).routes() == {"tvz": open_door}
    assert Presenter(GAMES["toy"]).routes() == {}
