"""The README's Docker backup and restore, run as written — outside Docker, on a copy: each
``docker compose …`` line of the two blocks is done the way Docker would do it (the ``taverne-data``
volume is a folder mounted on /data, ``exec`` and ``run`` are ``python -m bot`` with compose's
environment, ``stop`` and ``up -d`` stop and start the real bot). A line the test does not know
fails it: the README cannot drift from what is tested. At the end the restored bot starts."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sqlite3
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from bot.store import FinishedPlayer, SessionRecord, Store
from emulator import Emulator
from emulator.bot_process import BotProcess

ROOT = Path(__file__).resolve().parents[2]


def readme_block(marker: str) -> list[str]:
    text = (ROOT / "README.md").read_text()
    match = re.search(rf"<!-- {marker} -->\n```bash\n(.*?)```", text, flags=re.S)
    assert match, f"README: no block after <!-- {marker} -->"
    return [line for line in match.group(1).splitlines() if line.strip()]


@dataclass
class Host:
    """The machine: its current folder ($PWD), the volume's folder, and the bot's container."""

    cwd: Path
    volume: Path
    bot: BotProcess
    outputs: list[subprocess.CompletedProcess[str]] = field(default_factory=list)

    def environment(self) -> dict[str, str]:
        service = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]["taverne"]
        env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT), "HOME": str(self.cwd)}
        env.update({k: str(v) for k, v in service["environment"].items()})
        env["TAVERNE_DATABASE"] = self.inside(env["TAVERNE_DATABASE"], {})
        return env

    def inside(self, path: str, mounts: dict[str, Path]) -> str:
        """A path in the container, as a path here."""
        for target, source in mounts.items():
            if path == target:
                return str(source)
        assert path.startswith("/data/"), path
        return str(self.volume / path.removeprefix("/data/"))

    def python_m_bot(self, args: list[str], mounts: dict[str, Path]) -> None:
        assert args[:3] == ["python", "-m", "bot"], args
        rest = [self.inside(a, mounts) if a.startswith("/") else a for a in args[3:]]
        done = subprocess.run(
            [sys.executable, "-m", "bot", *rest], cwd=self.cwd, env=self.environment(),
            capture_output=True, text=True, timeout=60, check=False,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        self.outputs.append(done)

    async def run(self, line: str) -> None:
        words = shlex.split(line.replace("$PWD", str(self.cwd)))
        assert words[:2] == ["docker", "compose"], line
        command, rest = words[2], words[3:]
        if command == "exec":
            assert rest[0] == "taverne" and self.bot.process is not None and self.bot.process.returncode is None
            self.python_m_bot(rest[1:], {})
        elif command == "cp":
            source, target = rest
            assert source.startswith("taverne:"), line
            shutil.copyfile(self.inside(source.removeprefix("taverne:"), {}), self.cwd / target)
        elif command == "stop":
            assert rest == ["taverne"], line
            await self.bot.stop()
        elif command == "run":
            mounts: dict[str, Path] = {}
            while rest[0].startswith("-"):
                option = rest.pop(0)
                if option == "--rm":
                    continue
                assert option == "-v", line
                source, target, *_ = rest.pop(0).split(":")
                mounts[target] = Path(source)
            assert rest[0] == "taverne", line
            self.python_m_bot(rest[1:], mounts)
        elif command == "up":
            assert rest == ["-d"], line
            await self.bot.start()
        else:
            raise AssertionError(f"README line not understood by this test: {line}")


async def games_finished(database: Path, channels: range) -> None:
    store = await Store.open(database)
    try:
        for channel in channels:
            rec = await store.create_session(SessionRecord(channel_id=channel, game="culdechouette", host_id="1", guild_id=1))
            rec.started_ms, rec.status = 1_000, "over"
            await store.finish(rec, "over", [FinishedPlayer("1", "Arthur", 343, True)], 61_000)
    finally:
        await store.close()


def finished(database: Path) -> int:
    with sqlite3.connect(database) as db:
        return int(db.execute("SELECT COUNT(*) FROM finished_games").fetchone()[0])


async def test_the_readme_docker_backup_and_restore_as_written(emu: Emulator, tmp_path: Path) -> None:
    host, volume = tmp_path / "hote", tmp_path / "taverne-data"
    host.mkdir()
    volume.mkdir()
    database = volume / "taverne.sqlite3"
    await games_finished(database, range(1, 3))
    bot = BotProcess(emu, database, tmp_path / "bot.log")
    machine = Host(host, volume, bot)
    await bot.start()
    try:
        for line in readme_block("sauvegarde-docker"):
            await machine.run(line)
        assert (host / "sauvegarde.sqlite3").is_file() and finished(host / "sauvegarde.sqlite3") == 2
        await games_finished(database, range(10, 13))  # played after the backup
        assert finished(database) == 5
        # The restore alone, the bot still running: refused, saying to stop it; nothing changes.
        run = next(line for line in readme_block("restauration-docker") if " run " in line)
        try:
            await machine.run(run)
        except AssertionError as refused:
            assert "Restauration refusée : un bot utilise" in str(refused)
        else:
            raise AssertionError("the restore went ahead beside a running bot")
        assert finished(database) == 5 and not list(volume.glob("*.avant-restauration-*"))
        for line in readme_block("restauration-docker"):
            await machine.run(line)
        assert "Base restaurée" in machine.outputs[-1].stdout
        # The restored bot is up, on the backup's games.
        assert bot.process is not None and bot.process.returncode is None
        assert finished(database) == 2
        await emu.wait_until(lambda: healthy(machine), 10, "the healthcheck to pass")
    finally:
        await bot.stop()
    assert "Traceback" not in bot.log.read_text(errors="replace")
    # Stopped cleanly: nobody can play, so not healthy (Docker shows it).
    assert not healthy(machine)


def healthy(machine: Host) -> bool:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "healthcheck"], cwd=machine.cwd, env=machine.environment(),
        capture_output=True, text=True, timeout=30, check=False,
    )
    return done.returncode == 0
