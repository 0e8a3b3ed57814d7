"""Installs are the same everywhere: every dependency is locked with its hashes, the Dockerfile
installs the lock in a layer that a code change does not touch, then Taverne as a wheel — and that
wheel, installed outside the checkout, gives a working bot and terminal game (rule texts and the
Barricade board are package data)."""

from __future__ import annotations

import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import venv
from pathlib import Path

import pytest

from emulator import Emulator
from emulator.bot_process import BotProcess
from tests.e2e.table import act, open_table, seat_and_start, table_message

ROOT = Path(__file__).resolve().parents[2]


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_names(specs: list[str]) -> set[str]:
    return {canonical(re.split(r"[<>=!~\[; ]", spec, maxsplit=1)[0]) for spec in specs}


def locked(path: Path) -> dict[str, list[str]]:
    """Each pinned package of a lock file and its hashes."""
    pins: dict[str, list[str]] = {}
    current = ""
    for line in path.read_text().splitlines():
        if match := re.match(r"^([A-Za-z0-9_.-]+)==\S+", line):
            current = canonical(match.group(1))
            pins[current] = []
        elif "--hash=sha256:" in line and current:
            pins[current].append(line.split("--hash=sha256:")[1].split()[0])
    return pins


def test_every_dependency_is_locked_with_its_hashes() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    bot, dev = locked(ROOT / "requirements" / "bot.txt"), locked(ROOT / "requirements" / "dev.txt")
    assert requirement_names(project["dependencies"]) <= set(bot)
    assert requirement_names(project["dependencies"] + project["optional-dependencies"]["dev"]) <= set(dev)
    assert "pytest" not in bot and "uv" in dev  # the bot's lock holds no test tool; uv writes the locks
    for pins in (bot, dev):
        assert all(pins.values()), [name for name, hashes in pins.items() if not hashes]
    # discord.py's audioop-lts for Python 3.13 is there: the lock fits every Python Taverne allows.
    assert "audioop-lts" in bot


def test_setup_test_and_the_dockerfile_install_from_the_locks() -> None:
    setup = (ROOT / "scripts" / "setup").read_text()
    assert '--require-hashes -r "$lock"' in setup and 'lock="requirements/${extra}.txt"' in setup
    assert "scripts/setup --dev" in (ROOT / "scripts" / "test").read_text()
    assert "scripts/test" in (ROOT / ".ci" / "run").read_text()
    assert "--upgrade" in (ROOT / "scripts" / "lock").read_text()


def final_stage(dockerfile: str) -> list[str]:
    """The instructions of the last stage, continuation lines joined."""
    joined = re.sub(r"\\\n\s*", " ", dockerfile)
    lines = [line.strip() for line in joined.splitlines() if line.strip() and not line.strip().startswith("#")]
    last_from = max(i for i, line in enumerate(lines) if line.startswith("FROM "))
    return lines[last_from:]


def test_the_dependency_layer_comes_before_any_code_and_the_project_is_a_wheel() -> None:
    stage = final_stage((ROOT / "Dockerfile").read_text())
    deps = next(i for i, line in enumerate(stage) if "--require-hashes" in line)
    assert "-r /tmp/requirements.txt" in stage[deps]
    copied_before = [line for line in stage[:deps] if line.startswith(("COPY", "ADD"))]
    # A code change cannot reach these layers: only the lock is copied before the dependencies.
    assert copied_before == ["COPY requirements/bot.txt /tmp/requirements.txt"]
    wheel = next(i for i, line in enumerate(stage) if line.startswith("COPY --from=wheel"))
    assert deps < wheel
    install = stage[wheel + 1]
    assert install.startswith("RUN pip install") and "--no-deps" in install and ".whl" in install
    assert not any(" -e " in line or "--editable" in line for line in stage)


def test_dockerignore_keeps_the_local_database_and_venv_out_of_the_image() -> None:
    ignored = {line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()}
    assert {".venv", ".env", "data", "tests"} <= ignored


def copy_source(target: Path) -> Path:
    """What the Dockerfile's first stage sees (.dockerignore'd): enough to build the wheel."""
    target.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, target / name)
    found = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    for package in {pattern.rstrip("*").rstrip(".") for pattern in found["include"]}:
        shutil.copytree(ROOT / package, target / package, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def content_hash(source: Path, *extra: str) -> str:
    """What the wheel and its environment are made from: every file of the source, and ``extra``."""
    digest = hashlib.sha256("\0".join(extra).encode())
    for path in sorted(p for p in source.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(source)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def build_and_install(source: Path, work: Path, ours: str) -> Path:
    """Taverne's wheel built from ``source`` and installed (not editable) in a new environment in ``work``."""
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(work / "wheels"), str(source)],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    env_dir = work / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()
    Path(site, "deps-from-the-test-env.pth").write_text(ours + "\n")
    wheel = next((work / "wheels").glob("taverne-*.whl"))
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", str(wheel)],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return python


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new virtual environment with Taverne's wheel installed, not editable. Its dependencies
    come from this environment's site-packages (a .pth line, which does not bring the editable
    install of the checkout along), so that no download is needed.

    Building and installing the wheel takes seconds: it is done once for the sources as they are
    (a hash of what is built), kept in the temporary folder for the next runs (outside the
    checkout, which the tests check the installed bot does not use), one folder per test
    environment, and shared by the workers of a run under a lock, instead of once per worker and
    per run."""
    source = copy_source(tmp_path_factory.mktemp("wheel") / "src")
    ours = next(p for p in sys.path if p.endswith("site-packages") and Path(p, "discord").is_dir())
    key = content_hash(source, sys.executable, sys.version, ours)
    ours_key = hashlib.sha256(ours.encode()).hexdigest()[:12]
    root = Path(tempfile.gettempdir()) / f"taverne-installed-wheel-{os.getuid()}" / ours_key
    root.mkdir(parents=True, exist_ok=True)
    assert ROOT not in root.parents, f"the temporary folder {root} is in the checkout"
    done = root / key
    with (root / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another worker building the same wheel: wait for it
        if not (done / "complete").exists():
            for old in root.iterdir():  # earlier sources' builds, or one left half made
                if old.is_dir():
                    shutil.rmtree(old, ignore_errors=True)
            done.mkdir()
            build_and_install(source, done, ours)
            (done / "complete").touch()
    return done / "venv" / "bin" / "python"


def outside_the_checkout(python: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(cwd), "NO_COLOR": "1"}
    return subprocess.run(
        [str(python), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120, check=False,
        stdin=subprocess.DEVNULL,
    )


def test_the_installed_wheel_runs_the_bot_and_the_terminal_game(installed: Path, tmp_path: Path) -> None:
    where = outside_the_checkout(installed, "-c", "import bot, games; print(bot.__file__, games.__file__)", cwd=tmp_path)
    assert where.returncode == 0 and str(ROOT) not in where.stdout and "site-packages" in where.stdout
    helped = outside_the_checkout(installed, "-m", "bot", "--help", cwd=tmp_path)
    assert helped.returncode == 0 and "restore" in helped.stdout and "healthcheck" in helped.stdout
    listed = outside_the_checkout(installed, "-m", "games", "list", cwd=tmp_path)
    assert listed.returncode == 0 and "barricade" in listed.stdout, listed.stderr
    # A whole game at the terminal table, on the packaged board, played by chance to its end.
    played = outside_the_checkout(
        installed, "-m", "games", "play", "barricade", "--players", "ana,bob", "--seed", "3", "--auto", cwd=tmp_path
    )
    assert played.returncode == 0, played.stderr
    assert "Ordre de jeu : ana (rouge), bob (bleu)." in played.stdout
    assert played.stdout.rstrip().endswith(("Partie terminée. Gagnant : ana", "Partie terminée. Gagnant : bob"))


def test_the_installed_wheel_has_the_rule_texts_and_the_board(installed: Path, tmp_path: Path) -> None:
    from bot import rules_book
    from games.barricade.board import load_board

    check = (
        "from bot import rules_book\n"
        "from games.barricade.board import load_board\n"
        "pages = rules_book.pages('culdechouette')\n"
        "assert 'introuvable' not in pages[0], pages[0]\n"
        "assert 'English version' in rules_book.pages('culdechouette', 'en')[0]\n"
        "from bot import i18n\n"
        "assert i18n.languages() == ('fr', 'en') and i18n.t('en', 'help.title') == 'Taverne — help'\n"
        "print(len(pages), len(load_board().points))\n"
    )
    done = outside_the_checkout(installed, "-c", check, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    pages, points = (int(x) for x in done.stdout.split())
    assert (pages, points) == (len(rules_book.pages("culdechouette")), len(load_board().points))
    assert pages > 1


async def test_the_installed_wheel_connects_and_plays_a_barricade_table(
    installed: Path, emu: Emulator, tmp_path: Path
) -> None:
    """``python -m bot`` from the wheel, outside the checkout, against the emulator: it starts
    (the presenters checked, the catalogues read), opens a table whose board picture is drawn from
    the packaged board, and answers a click."""
    guild = emu.add_guild("Installée")
    channel = guild.add_channel("table")
    anne, bruno = emu.add_user("Anne"), emu.add_user("Bruno")
    for user in (anne, bruno):
        guild.add_member(user)
    bot = BotProcess(emu, tmp_path / "taverne.sqlite3", tmp_path / "bot.log", guild=guild, python=str(installed))
    del bot.env["PYTHONPATH"]  # nothing of the checkout: only what the wheel installed
    await bot.start()
    try:
        await emu.wait_for_command("jouer", guild, timeout=10)
        lobby = await open_table(emu, channel, anne, game="barricade")
        await seat_and_start(emu, lobby, anne, [bruno])
        table = table_message(channel)
        assert [a.filename for a in table.attachments] == ["plateau.png"]
        thrown = await act(emu, table, anne, "lancer")
        assert not thrown.errors and thrown.acknowledged
        rules = await emu.slash(channel, bruno, "regles", {"jeu": "barricade"})
        assert rules.message is not None and "BARRICADE" in rules.message.text()
    finally:
        await bot.stop()
    assert "Traceback" not in bot.log.read_text(errors="replace")
