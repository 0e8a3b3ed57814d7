"""TAVERNE_SHARDS: which shards a process runs; a bad value is named with what to write instead."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.settings import Settings, setting_problems
from bot.shards import Shards, shard_of

from .test_settings import run_bot


def shards(monkeypatch: pytest.MonkeyPatch, value: str) -> Shards | None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("TAVERNE_SHARDS", value)
    return Settings(_env_file=None).shards  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("value", "ids", "count"),
    [("0-1/4", (0, 1), 4), ("2/4", (2,), 4), (" 0,2-3/8 ", (0, 2, 3), 8), ("0/1", (0,), 1)],
)
def test_a_process_runs_the_shards_it_is_given(
    monkeypatch: pytest.MonkeyPatch, value: str, ids: tuple[int, ...], count: int
) -> None:
    assert shards(monkeypatch, value) == Shards(ids, count)


def test_unset_or_empty_one_process_runs_every_shard(monkeypatch: pytest.MonkeyPatch) -> None:
    assert shards(monkeypatch, "") is None


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("4/4", "shard 4 hors de 0-3"),
        ("1-0/4", "plage à l'envers : 1-0 (écrivez 0-1)"),
        ("0-1", "forme attendue : <shards>/<nombre de shards>, ex. 0-1/4"),
        ("un/4", "forme attendue"),
        ("0/0", "le nombre de shards doit aller de 1 à 4096"),
        ("0,0/2", "un shard est nommé deux fois"),
        ("0-/4", "« 0- » n'est ni un shard (2) ni une plage (0-1)"),
    ],
)
def test_a_bad_value_is_named_with_what_to_write(monkeypatch: pytest.MonkeyPatch, value: str, said: str) -> None:
    with pytest.raises(ValidationError) as error:
        shards(monkeypatch, value)
    _, problems = setting_problems(error.value)
    assert len(problems) == 1 and problems[0].startswith("  TAVERNE_SHARDS : ") and said in problems[0]


def test_the_bot_refuses_to_start_on_a_bad_value_and_says_so(tmp_path: Path) -> None:
    result = run_bot(tmp_path, DISCORD_TOKEN="abc", TAVERNE_SHARDS="2/2")
    assert result.returncode == 2
    assert "TAVERNE_SHARDS : shard 2 hors de 0-1" in result.stderr and "Traceback" not in result.stderr


def test_a_guild_belongs_to_the_shard_discord_sends_it_to() -> None:
    guild = (5 << 22) | 123  # created 5 ms after Discord's epoch
    assert [shard_of(guild, n) for n in (1, 2, 4)] == [0, 1, 1]
    assert Shards((1,), 2).owns(guild) and not Shards((0,), 2).owns(guild)
    assert shard_of(None, 4) == 0  # direct messages: shard 0
    assert Shards((0, 1), 4).lease_keys() == ["4:0", "4:1"] and not Shards((1,), 4).syncs_commands
