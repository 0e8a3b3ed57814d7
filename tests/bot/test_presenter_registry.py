"""Every game the bot seats has a presenter that draws its table: checked when the bot starts, and
the bot refuses to start, saying which game, when one is missing or broken."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot import __main__ as bot_main
from bot.app import create_bot
from bot.settings import Settings
from bot.tables import Presenter, PresenterError, check_presenters, presenter_for, registry
from bot.tables.shown import Shown
from games.cabane import GAME as CABANE
from games.core import registry as games_registry
from tests.games.core.toy import Toy

from .test_app import settings  # noqa: F401  (the fixture)


class Unknown(Toy):
    name = "inconnu"


def test_every_game_of_the_registry_has_its_own_presenter_and_it_draws_a_new_table() -> None:
    games = games_registry.available()
    check_presenters(games)
    for game in games.values():
        assert type(presenter_for(game)) is not Presenter


def test_a_game_without_a_presenter_stops_the_bot_at_start(settings: Settings) -> None:  # noqa: F811
    with pytest.raises(PresenterError) as refused:
        create_bot(settings, {"inconnu": Unknown()}, sync_commands=False)
    assert "le jeu « inconnu » n'a pas de présentateur" in str(refused.value)


def test_a_presenter_that_does_not_load_stops_the_bot_at_start(
    settings: Settings,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(registry, "_LOADED", {})
    monkeypatch.setitem(registry.MODULES, "cabane", "bot.tables.cabane_disparue")
    with pytest.raises(PresenterError) as refused:
        create_bot(settings, {"cabane": CABANE}, sync_commands=False)
    assert "le présentateur de « cabane » (bot.tables.cabane_disparue) ne se charge pas" in str(refused.value)


def test_a_presenter_that_cannot_draw_a_table_stops_the_bot_at_start(
    settings: Settings,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(self: Any, shown: Shown[Any]) -> discord.Embed:
        raise KeyError("phase")

    monkeypatch.setattr(type(presenter_for(CABANE)), "draw_embed", broken)
    with pytest.raises(PresenterError) as refused:
        create_bot(settings, {"cabane": CABANE}, sync_commands=False)
    assert "le présentateur de « cabane » ne dessine pas une table : KeyError('phase')" in str(refused.value)


def test_python_m_bot_says_why_it_does_not_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("TAVERNE_DATABASE", str(tmp_path / "bot.sqlite3"))
    monkeypatch.setattr(games_registry, "available", lambda: {"inconnu": Unknown()})
    monkeypatch.setattr("bot.logs.setup_logging", lambda *args: None)
    assert bot_main.run_bot() == 2
    said = capsys.readouterr().err
    assert said.startswith("Taverne ne démarre pas : le jeu « inconnu » n'a pas de présentateur")
