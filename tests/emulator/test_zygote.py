"""The zygote that forks the tests' bot processes (emulator/zygote.py, emulator/forks.py): a fork
behaves as ``python -m <module>`` started afresh would — its own environment, folder, log and exit
code, ended by a signal as a process is — and one that cannot fork says so."""

from __future__ import annotations

import asyncio
import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from emulator.forks import REPO, Zygote, ZygoteError

SLEEPER = """\
import os, sys, time
print(os.environ["WHO"], os.getcwd(), flush=True)
time.sleep(120)
"""


def light_zygote() -> Zygote:
    return Zygote(["json"], {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(REPO)})


def module_folder(tmp_path: Path, name: str, code: str) -> Path:
    folder = tmp_path / "modules"
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.py").write_text(code)
    return folder


def stopped(pid: int) -> None:
    """SIGSTOP, returned once the process is stopped (its state in /proc), not merely signalled."""
    os.kill(pid, signal.SIGSTOP)
    for _ in range(10_000):
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        if state == "T":
            return
        select.select([], [], [], 0.001)
    raise AssertionError(f"process {pid} did not stop")


async def logged(log: Path) -> str:
    for _ in range(600):
        if log.exists() and log.read_text().endswith("\n"):
            return log.read_text()
        await asyncio.sleep(0.01)
    raise AssertionError(f"nothing written to {log}")


async def test_a_forked_bot_without_a_token_says_so_and_ends_as_python_m_bot_does(
    tmp_path: Path, bot_zygote: Zygote
) -> None:
    def env(name: str) -> dict[str, str]:
        (tmp_path / name).mkdir()
        # TMPDIR: each its own record of failed starts, or the second would wait after the first
        return {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(REPO), "TMPDIR": str(tmp_path / name)}

    real = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path / "real", env=env("real"), stdin=subprocess.DEVNULL,
        capture_output=True, text=True, timeout=60, check=False,
    )
    log = tmp_path / "forked.log"
    forked = await bot_zygote.spawn("bot", env("forked"), tmp_path / "forked", log)
    code = await asyncio.wait_for(forked.wait(), 60)
    assert code == real.returncode != 0
    assert "DISCORD_TOKEN" in log.read_text()
    assert log.read_text() == real.stdout + real.stderr


async def test_forks_asked_together_get_their_own_environment_folder_and_log_and_end_by_signal(
    tmp_path: Path,
) -> None:
    modules = module_folder(tmp_path, "sleeper", SLEEPER)
    zygote = light_zygote()
    try:
        runs = []
        for who in ("zero", "one"):
            (tmp_path / who).mkdir()
            env = {"WHO": who, "PYTHONPATH": str(modules)}
            runs.append(zygote.spawn("sleeper", env, tmp_path / who, tmp_path / f"{who}.log"))
        zero, one = await asyncio.gather(*runs)
        assert len({zero.pid, one.pid, zygote.process.pid, os.getpid()}) == 4
        assert await logged(tmp_path / "zero.log") == f"zero {tmp_path / 'zero'}\n"
        assert await logged(tmp_path / "one.log") == f"one {tmp_path / 'one'}\n"
        zero.send_signal(signal.SIGKILL)
        assert await asyncio.wait_for(zero.wait(), 10) == -signal.SIGKILL
        assert zero.returncode == -signal.SIGKILL and one.returncode is None
        one.send_signal(signal.SIGINT)  # KeyboardInterrupt, then the signal's death, as CPython does
        assert await asyncio.wait_for(one.wait(), 10) == -signal.SIGINT
        assert "KeyboardInterrupt" in (tmp_path / "one.log").read_text()
    finally:
        zygote.close()


@pytest.mark.parametrize(
    ("code", "expected", "said"),
    [
        ("import sys\nsys.exit(3)\n", 3, ""),
        ("raise RuntimeError('cassé')\n", 1, "RuntimeError: cassé"),
        ("import sys\nsys.exit('une phrase')\n", 1, "une phrase"),
        ("print('fini')\n", 0, "fini"),
    ],
)
async def test_a_fork_ends_with_the_code_and_the_words_a_new_interpreter_would(
    tmp_path: Path, code: str, expected: int, said: str
) -> None:
    modules = module_folder(tmp_path, "ending", code)
    zygote = light_zygote()
    try:
        log = tmp_path / "ending.log"
        forked = await zygote.spawn("ending", {"PYTHONPATH": str(modules)}, tmp_path, log)
        assert await asyncio.wait_for(forked.wait(), 30) == expected
        assert said in log.read_text()
    finally:
        zygote.close()
    real = subprocess.run(
        [sys.executable, "-m", "ending"], cwd=tmp_path, env={"PYTHONPATH": str(modules)},
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert real.returncode == expected


async def test_a_zygote_that_ended_says_so_when_asked_to_fork(tmp_path: Path) -> None:
    zygote = light_zygote()
    try:
        zygote.process.kill()
        zygote.process.wait()
        with pytest.raises(ZygoteError, match="zygote"):
            await zygote.spawn("json", {}, tmp_path, tmp_path / "log")
    finally:
        zygote.close()


async def test_a_fork_asked_while_another_bots_end_is_looked_at_still_gets_its_answer(tmp_path: Path) -> None:
    """The crash and shard tests look at a running bot's return code while another start waits: that
    look may read the waiting start's answer off the pipe, which must still reach it."""
    modules = module_folder(tmp_path, "sleeper", SLEEPER)
    zygote = light_zygote()
    try:
        env = {"WHO": "first", "PYTHONPATH": str(modules)}
        first = await zygote.spawn("sleeper", env, tmp_path, tmp_path / "first.log")
        # The zygote stopped until the second start waits on the pipe: it cannot answer before
        # (a quick zygote's answer was otherwise read by the start itself, and the race not run).
        stopped(zygote.process.pid)
        try:
            asked = asyncio.ensure_future(zygote.spawn("sleeper", env | {"WHO": "second"}, tmp_path, tmp_path / "second.log"))
            for _ in range(1000):
                if zygote._waiters:
                    break
                await asyncio.sleep(0)
            assert zygote._waiters, "the second start never waited for its answer"
        finally:
            os.kill(zygote.process.pid, signal.SIGCONT)
        # The loop held until the zygote has forked and answered: the answer waits in the pipe.
        assert zygote.process.stdout is not None
        readable, _, _ = select.select([zygote.process.stdout], [], [], 10)
        assert readable, "the zygote did not answer the second start within 10 s"
        assert first.returncode is None  # and this look reads the answer
        second = await asyncio.wait_for(asked, 10)
        assert second.pid != first.pid
        assert await logged(tmp_path / "second.log") == f"second {tmp_path}\n"
    finally:
        zygote.close()
