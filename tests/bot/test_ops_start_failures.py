"""A bot that cannot start says why in one line and ends by itself (no retry loop, no hang), with a
code that tells a setting to fix (2, 3) from a passing failure (75): each case is a real
``python -m bot`` process. How fast it ends is not timed here (a loaded machine makes any limit
flaky): a process still running after ``HUNG_S`` is a hang, and the test says so.

Root ignores file modes: as root, the process is started without the capabilities that let it
(``setpriv``), so that a read-only or unreadable file is one for it too.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.failures import CONFIG, DATABASE, INTENTS_REFUSED, TEMPORARY, TOKEN_REFUSED
from bot.restarts import PastFailures
from bot.store import Store
from emulator import Emulator

ROOT = Path(__file__).resolve().parents[2]
HUNG_S = 90.0


@dataclass
class Ended:
    code: int
    output: str

    def errors(self) -> list[str]:
        return [line for line in self.output.splitlines() if "ERROR" in line or line.startswith("Taverne :")]


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])  # nothing listens there once the socket is closed


def environment(tmp_path: Path, database: Path, **settings: str) -> dict[str, str]:
    port = closed_port()
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "TMPDIR": str(tmp_path),  # where the record of failed starts goes
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "un-jeton",
        "TAVERNE_DATABASE": str(database),
        "TAVERNE_API_BASE": f"http://127.0.0.1:{port}/api/v10",
        "TAVERNE_GATEWAY_URL": f"ws://127.0.0.1:{port}/",
        "TAVERNE_LOG_LEVEL": "INFO",
    }
    env.update(settings)
    return env


def as_file_modes_apply() -> list[str]:
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    # as root the bot would read any file: setpriv (util-linux, installed by .ci/run) drops that power
    assert setpriv is not None, "as root these tests need setpriv (apt-get install util-linux)"
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner"]


async def start_bot(env: dict[str, str], cwd: Path, *, prefix: list[str] | None = None) -> Ended:
    process = await asyncio.create_subprocess_exec(
        *(prefix or []), sys.executable, "-m", "bot",
        cwd=cwd, env=env, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )
    try:
        out, _ = await asyncio.wait_for(process.communicate(), HUNG_S)
    except TimeoutError:
        raise AssertionError(f"the bot did not end by itself within {HUNG_S} s: it hangs or retries") from None
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert process.returncode is not None
    return Ended(process.returncode, out.decode(errors="replace"))


def assert_one_line(ended: Ended, code: int, words: str) -> None:
    assert ended.code == code, ended.output
    assert "Traceback" not in ended.output, ended.output
    errors = ended.errors()
    assert len(errors) == 1 and words in errors[0], ended.output


async def a_database(path: Path) -> Path:
    await (await Store.open(path)).close()
    return path


async def test_a_read_only_database_owned_by_someone_else(tmp_path: Path) -> None:
    """What the README's old Docker restore left: a file the bot's user may read but not write."""
    database = await a_database(tmp_path / "taverne.sqlite3")
    database.chmod(0o444)
    ended = await start_bot(environment(tmp_path, database), tmp_path, prefix=as_file_modes_apply())
    assert_one_line(ended, DATABASE, "base en lecture seule pour ce programme")
    assert "chown 10001:10001" in ended.errors()[0]


async def test_an_unreadable_database(tmp_path: Path) -> None:
    database = await a_database(tmp_path / "taverne.sqlite3")
    database.chmod(0o000)
    ended = await start_bot(environment(tmp_path, database), tmp_path, prefix=as_file_modes_apply())
    assert_one_line(ended, DATABASE, "base illisible")


async def test_a_database_of_a_newer_taverne(tmp_path: Path) -> None:
    database = await a_database(tmp_path / "taverne.sqlite3")
    with sqlite3.connect(database) as db:
        db.execute("PRAGMA user_version = 99")
    ended = await start_bot(environment(tmp_path, database), tmp_path)
    assert_one_line(ended, DATABASE, "vient d'une version plus récente de Taverne (schéma 99")


async def test_a_database_locked_past_the_stores_wait_is_a_passing_failure(tmp_path: Path) -> None:
    database = await a_database(tmp_path / "taverne.sqlite3")
    holder = sqlite3.connect(database, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        ended = await start_bot(environment(tmp_path, database), tmp_path)
    finally:
        holder.close()
    # Known once the store waited its 5 s for the lock.
    assert_one_line(ended, TEMPORARY, "base verrouillée par un autre programme depuis 5 s")


async def test_no_network_is_a_passing_failure_said_in_one_line(tmp_path: Path) -> None:
    database = tmp_path / "taverne.sqlite3"
    ended = await start_bot(environment(tmp_path, database), tmp_path)
    assert_one_line(ended, TEMPORARY, "Discord injoignable")
    # The database was fine: it was opened, and closed again (no process left behind it).
    assert database.is_file() and not Path(f"{database}-wal").exists()


async def test_the_traceback_is_shown_at_debug_only(tmp_path: Path) -> None:
    ended = await start_bot(environment(tmp_path, tmp_path / "t.sqlite3", TAVERNE_LOG_LEVEL="DEBUG"), tmp_path)
    assert ended.code == TEMPORARY and "Traceback" in ended.output
    assert "Discord injoignable" in ended.output


async def test_a_token_discord_refuses(emu: Emulator, tmp_path: Path) -> None:
    env = environment(
        tmp_path, tmp_path / "taverne.sqlite3", DISCORD_TOKEN="pas-le-bon-jeton",
        TAVERNE_API_BASE=emu.api_base, TAVERNE_GATEWAY_URL=emu.gateway_url,
    )
    ended = await start_bot(env, tmp_path)
    assert_one_line(ended, CONFIG, TOKEN_REFUSED)
    assert "pas-le-bon-jeton" not in ended.output
    assert [v.kind for v in emu.take_violations()] == ["unauthorized"]
    # The database it wrote meanwhile is no fix: with one attempt allowed, the next start gives up.
    waiting = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env={**env, "TAVERNE_START_ATTEMPTS": "1"},
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )
    assert waiting.stdout is not None
    try:
        said = (await asyncio.wait_for(waiting.stdout.readline(), 30)).decode()
    finally:
        waiting.kill()
        await waiting.wait()
    assert "abandon après 1 démarrage échoué de suite" in said and "Discord refuse le jeton" in said


async def test_intents_discord_does_not_allow(emu: Emulator, tmp_path: Path) -> None:
    emu.privileged_intents = 0  # Message Content not enabled in the developer portal
    env = environment(
        tmp_path, tmp_path / "taverne.sqlite3", DISCORD_TOKEN=emu.token,
        TAVERNE_API_BASE=emu.api_base, TAVERNE_GATEWAY_URL=emu.gateway_url,
    )
    ended = await start_bot(env, tmp_path)
    assert_one_line(ended, CONFIG, INTENTS_REFUSED)


async def test_no_token_without_a_terminal_is_one_line(tmp_path: Path) -> None:
    env = environment(tmp_path, tmp_path / "taverne.sqlite3")
    del env["DISCORD_TOKEN"]
    ended = await start_bot(env, tmp_path)
    assert_one_line(ended, CONFIG, "aucun jeton Discord (DISCORD_TOKEN)")
    assert ".venv" not in ended.output  # a path the Docker image does not have
    # In a container restarted at once, the next start waits before saying it again.
    again = await start_bot({**env, "TAVERNE_START_PAUSE_S": "0.1"}, tmp_path)
    assert again.code == CONFIG and "démarrage précédent échoué (1 fois de suite) : aucun jeton" in again.output


async def test_a_file_that_is_not_a_database_is_said_then_waited_for_longer_then_given_up_until_it_changes(
    tmp_path: Path,
) -> None:
    """One line, with the way out (restore). Under a supervisor that restarts it at once (Docker,
    systemd), a start that failed the same way waits before trying again, longer each time: no tight
    loop of restarts. And no endless restarts for what only the admin can fix: after
    TAVERNE_START_ATTEMPTS failed starts the bot says it gives up, tries nothing more, and starts
    again by itself once the file is fixed. (One story, so that its starts are shared: each
    ``python -m bot`` costs seconds.)"""
    database = tmp_path / "taverne.sqlite3"
    database.write_bytes(b"pas une base SQLite " * 200)
    env = environment(tmp_path, database, TAVERNE_START_PAUSE_S="0.1")
    first = await start_bot(env, tmp_path)
    assert_one_line(first, DATABASE, "n'est pas une base SQLite lisible")
    assert "python -m bot restore" in first.errors()[0]
    assert "nouvel essai dans" not in first.output
    second = await start_bot(env, tmp_path)
    assert second.code == DATABASE
    assert "démarrage précédent échoué (1 fois de suite)" in second.output
    assert "nouvel essai dans 0.1 s" in second.output and "n'est pas une base SQLite" in second.output
    assert len(list(tmp_path.glob("taverne-demarrages-*.json"))) == 1
    # Two failed starts: with two attempts allowed, the third gives up and waits for a change.
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env={**env, "TAVERNE_START_ATTEMPTS": "2"},
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )
    assert process.stdout is not None
    try:
        said = (await asyncio.wait_for(process.stdout.readline(), 30)).decode()
        assert "abandon après 2 démarrages échoués de suite" in said and "n'est pas une base SQLite" in said
        assert process.returncode is None  # waiting, not retrying
        database.unlink()
        await a_database(database)  # the admin restores a good database
        rest, _ = await asyncio.wait_for(process.communicate(), 30)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    lines = rest.decode(errors="replace").splitlines()
    assert lines[0] == "Taverne — les réglages ou la base ont changé : nouvel essai"
    # It did start: the database opened, and what stops it now is the unreachable Discord.
    assert process.returncode == TEMPORARY and any("Discord injoignable" in line for line in lines)


async def test_a_network_outage_waits_longer_at_each_start_though_the_bot_wrote_its_database(tmp_path: Path) -> None:
    """The bot opens (and writes) its database before it reaches for Discord: that is no fix by the
    admin, and the failures keep counting, never given up."""
    database = await a_database(tmp_path / "taverne.sqlite3")
    env = environment(tmp_path, database, TAVERNE_START_PAUSE_S="0.05", TAVERNE_START_ATTEMPTS="1")
    said = [(await start_bot(env, tmp_path)) for _ in range(3)]
    assert [ended.code for ended in said] == [TEMPORARY] * 3
    assert "(1 fois de suite)" in said[1].output and "nouvel essai dans 0.05 s" in said[1].output
    assert "(2 fois de suite)" in said[2].output and "nouvel essai dans 0.1 s" in said[2].output
    assert "abandon" not in said[2].output


async def test_a_start_after_the_admin_fixed_something_does_not_wait(tmp_path: Path) -> None:
    database = tmp_path / "taverne.sqlite3"
    database.write_bytes(b"pas une base SQLite " * 200)
    env = environment(tmp_path, database, TAVERNE_START_PAUSE_S="600")
    assert (await start_bot(env, tmp_path)).code == DATABASE
    (record,) = tmp_path.glob("taverne-demarrages-*.json")
    assert env["DISCORD_TOKEN"] not in record.read_text(encoding="utf-8")  # the token is only hashed
    database.unlink()
    await a_database(database)
    again = await start_bot(env, tmp_path)  # a 600 s pause would end past the test's 30 s
    assert "ont changé depuis l'échec précédent" in again.output and "nouvel essai dans" not in again.output
    assert again.code == TEMPORARY


def test_the_pause_doubles_up_to_a_quarter_of_an_hour_and_five_minutes_for_the_network() -> None:
    assert [PastFailures(n, "", CONFIG).pause_s(10) for n in (1, 2, 3, 7, 20)] == [10, 20, 40, 640, 900]
    assert PastFailures(20, "", TEMPORARY).pause_s(10) == 300


@pytest.mark.parametrize("case", ["pas une base", "schéma plus récent"])
async def test_a_store_that_fails_to_open_leaves_no_thread_behind(tmp_path: Path, case: str) -> None:
    """aiosqlite's worker thread is what kept a failed bot alive: Store.open ends it before raising."""
    import threading

    from bot.store import StoreUnavailable

    database = tmp_path / "taverne.sqlite3"
    if case == "pas une base":
        database.write_bytes(b"pas une base SQLite " * 200)
    else:
        await a_database(database)
        with sqlite3.connect(database) as db:
            db.execute("PRAGMA user_version = 99")
    before = set(threading.enumerate())
    with pytest.raises(StoreUnavailable):
        await Store.open(database)
    # (The loop's own executor, which asyncio.run shuts down, is not one that keeps a process alive.)
    left = [t for t in threading.enumerate() if t not in before and t.is_alive() and not t.name.startswith("asyncio_")]
    assert left == []
