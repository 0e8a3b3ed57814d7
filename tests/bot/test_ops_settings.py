"""Settings validation: a missing or malformed value is named with what is expected, in French,
before anything starts — and the token is never echoed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.settings import Settings, setting_problems

ROOT = Path(__file__).resolve().parents[2]


def problems(monkeypatch: pytest.MonkeyPatch, **env: str) -> tuple[bool, list[str]]:
    for name in list(os.environ):
        if name.startswith("TAVERNE_") or name == "DISCORD_TOKEN":
            monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError) as error:
        Settings(_env_file=None)
    return setting_problems(error.value)


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        (
            "TAVERNE_GUILD_ID",
            "mon-serveur",
            "  TAVERNE_GUILD_ID : nombre entier attendu (l'identifiant du serveur : clic droit sur le serveur → Copier l'identifiant)",
        ),
        ("TAVERNE_GUILD_ID", "-4", "  TAVERNE_GUILD_ID : doit être plus grand que 0"),
        ("TAVERNE_LOG_LEVEL", "bavard", "  TAVERNE_LOG_LEVEL : niveau inconnu ; attendu DEBUG, INFO, WARNING, ERROR, CRITICAL"),
        ("TAVERNE_TURN_TIMEOUT_S", "cinq", "  TAVERNE_TURN_TIMEOUT_S : nombre attendu (en secondes, ex. 300)"),
        ("TAVERNE_IDLE_TIMEOUT_S", "0", "  TAVERNE_IDLE_TIMEOUT_S : doit être plus grand que 0"),
        ("TAVERNE_WINDOW_GRACE_S", "-1", "  TAVERNE_WINDOW_GRACE_S : doit être au moins 0"),
        (
            "TAVERNE_API_BASE",
            "127.0.0.1:8765",
            "  TAVERNE_API_BASE : adresse attendue, ex. http://127.0.0.1:8765/api/v10 ou ws://127.0.0.1:8765/",
        ),
    ],
)
def test_a_malformed_setting_is_named_with_what_is_expected(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, said: str
) -> None:
    missing_token, lines = problems(monkeypatch, DISCORD_TOKEN="abc", **{name: value})
    assert not missing_token
    assert lines == [said]


def test_a_missing_token_is_told_apart_from_the_other_problems(monkeypatch: pytest.MonkeyPatch) -> None:
    missing_token, lines = problems(monkeypatch, TAVERNE_LOG_LEVEL="debug")
    assert missing_token and lines == []


def test_log_levels_are_read_in_any_case(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVERNE_LOG_LEVEL", " warning ")
    settings = Settings(discord_token="x", _env_file=None)
    assert settings.log_level == "WARNING"


def test_python_m_bot_lists_every_bad_setting_and_exits_2(tmp_path: Path) -> None:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "secret-token-value-xyz",
        "TAVERNE_GUILD_ID": "12ab",
        "TAVERNE_LOG_LEVEL": "verbeux",
    }
    result = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 2
    assert "Réglages invalides" in result.stderr
    assert "TAVERNE_GUILD_ID : nombre entier attendu" in result.stderr
    assert "TAVERNE_LOG_LEVEL : niveau inconnu" in result.stderr
    assert "12ab" not in result.stderr and "verbeux" not in result.stderr
    assert "secret-token-value-xyz" not in result.stderr + result.stdout
    assert "Traceback" not in result.stderr
