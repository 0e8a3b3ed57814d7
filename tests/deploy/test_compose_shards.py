"""compose.yaml's « shards » profile: processes that together run every shard once, on one database."""

from __future__ import annotations

from pathlib import Path

import yaml

from bot.settings import parse_shards

ROOT = Path(__file__).resolve().parents[2]


def test_the_shards_profile_runs_every_shard_once_on_the_same_database() -> None:
    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    default = services["taverne"]
    assert "profiles" not in default and "TAVERNE_SHARDS" not in default["environment"]
    shard_services = [s for s in services.values() if "shards" in s.get("profiles", [])]
    assert len(shard_services) >= 2
    specs = [parse_shards(str(s["environment"]["TAVERNE_SHARDS"])) for s in shard_services]
    assert len({spec.count for spec in specs}) == 1
    ran = sorted(i for spec in specs for i in spec.ids)
    assert ran == list(range(specs[0].count))  # each shard by exactly one process
    for service in shard_services:
        assert service["volumes"] == default["volumes"]
        assert service["environment"]["TAVERNE_DATABASE"] == default["environment"]["TAVERNE_DATABASE"]
        assert service["restart"] == "unless-stopped"
