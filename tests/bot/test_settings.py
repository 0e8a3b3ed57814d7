"""Settings: the environment and .env, a clear exit without a token, pointing discord.py elsewhere."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import discord.gateway
import discord.http
import pytest
import yarl
from pydantic import ValidationError

from bot.settings import Settings, point_discord_elsewhere

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path), "PYTHONPATH": str(ROOT), **env}
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,  # no .env there
        env=clean,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_without_a_token_the_bot_explains_and_exits_with_code_2(tmp_path: Path) -> None:
    result = run_bot(tmp_path)
    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr
    assert "https://discord.com/developers/applications" in result.stderr
    assert "-m games play culdechouette --players A,B,C" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1  # not a terminal: one line for the logs
    assert "Traceback" not in result.stderr


def test_an_empty_token_copied_from_the_example_file_is_a_missing_token(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text((ROOT / ".env.example").read_text(encoding="utf-8"), encoding="utf-8")
    result = run_bot(tmp_path)
    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr and "Traceback" not in result.stderr


def test_a_bad_setting_is_named_without_echoing_the_token(tmp_path: Path) -> None:
    result = run_bot(tmp_path, DISCORD_TOKEN="sekret-token-value", TAVERNE_TURN_TIMEOUT_S="-5")
    assert result.returncode == 2
    assert "TAVERNE_TURN_TIMEOUT_S" in result.stderr
    assert "sekret-token-value" not in result.stderr + result.stdout
    assert "Traceback" not in result.stderr


def test_settings_come_from_a_dotenv_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name.startswith("TAVERNE_") or name == "DISCORD_TOKEN":
            monkeypatch.delenv(name)
    (tmp_path / ".env").write_text(
        "DISCORD_TOKEN=abc\nTAVERNE_GUILD_ID=42\nTAVERNE_LOG_LEVEL=debug\nTAVERNE_API_BASE=\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    settings = Settings()
    assert settings.discord_token.get_secret_value() == "abc"
    assert "abc" not in repr(settings)
    assert (settings.guild_id, settings.log_level, settings.api_base) == (42, "DEBUG", None)
    assert settings.database == Path("data/taverne.sqlite3")
    assert settings.turn_timeout_s == 300 and settings.window_grace_s == 1.5


def test_an_unknown_log_level_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("TAVERNE_LOG_LEVEL", "bavard")
    with pytest.raises(ValidationError):
        Settings(_env_file=None)  # type: ignore[call-arg]


def test_discord_can_be_pointed_at_an_emulator(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    )
    point_discord_elsewhere("http://127.0.0.1:8765/api/v10/", "ws://127.0.0.1:8765/gateway")
    assert discord.http.Route.BASE == "http://127.0.0.1:8765/api/v10"
    assert discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY == yarl.URL("ws://127.0.0.1:8765/gateway")
    route = discord.http.Route("GET", "/users/@me")
    assert route.url == "http://127.0.0.1:8765/api/v10/users/@me"
