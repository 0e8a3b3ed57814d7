"""A throwaway PostgreSQL server for the test run: the distribution's binaries (``initdb``,
``pg_ctl``), a temporary data folder, a free port on 127.0.0.1, a password, run as a NON-ROOT user
(PostgreSQL refuses root: as root, the tests run it as the ``postgres`` user the package creates, or
one they create with ``useradd``, through ``setpriv``).

One server for the whole run, shared by pytest-xdist's workers: the first worker that needs it
starts it under a file lock in a folder the controller chose (``TAVERNE_TEST_PG_DIR``), the others
read its address there, and the controller stops it at the end. Each test gets a database of its own.
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

DIR_VARIABLE = "TAVERNE_TEST_PG_DIR"
# Set by CI (.ci/run): a server that cannot start fails the run instead of skipping its tests.
USER = "taverne"
# Faster for tests, and harmless: the server is thrown away, nothing survives the run. A commit still
# waits for the server (synchronous_commit stays on), which is what the tests are about.
SETTINGS = ("fsync=off", "full_page_writes=off", "max_connections=200", "shared_buffers=32MB")
# For the bench: every commit on the disk, as a real server keeps it.
DURABLE = ("max_connections=200", "shared_buffers=64MB")


class Unavailable(Exception):
    """Why no server could be started here (said in the skip reason and the run's summary)."""


def binaries() -> Path | None:
    """The folder of initdb and pg_ctl: Debian keeps them out of PATH, under /usr/lib/postgresql/N/bin."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    return Path(versions[-1]).parent if versions else None


def _server_user() -> tuple[int, int] | None:
    """(uid, gid) to run the server as, or None to run it as ourselves (we are not root)."""
    if os.getuid() != 0:
        return None
    for name in ("postgres", "taverne-pg"):
        with contextlib.suppress(KeyError):
            entry = pwd.getpwnam(name)
            return entry.pw_uid, entry.pw_gid
    subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "taverne-pg"],
        check=True, capture_output=True,
    )
    entry = pwd.getpwnam("taverne-pg")
    return entry.pw_uid, entry.pw_gid


def _as(user: tuple[int, int] | None, command: list[str]) -> list[str]:
    if user is None:
        return command
    if not shutil.which("setpriv"):
        raise Unavailable("setpriv (util-linux) est absent : impossible de lancer PostgreSQL hors de root")
    return ["setpriv", f"--reuid={user[0]}", f"--regid={user[1]}", "--clear-groups", *command]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    folder: Path
    port: int
    password: str
    durable: bool = False

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}:{self.password}@127.0.0.1:{self.port}/{database}"

    def _ctl(self, *args: str) -> None:
        binary = binaries()
        assert binary is not None
        user = _server_user()
        command = _as(user, [str(binary / "pg_ctl"), "-D", str(self.data), "-w", "-t", "60", *args])
        result = subprocess.run(command, capture_output=True, text=True, cwd="/", check=False)
        if result.returncode != 0:
            raise Unavailable(f"pg_ctl {' '.join(args)} a échoué : {(result.stderr or result.stdout).strip()[-400:]}")

    def start(self) -> None:
        settings = DURABLE if self.durable else SETTINGS
        options = f"-p {self.port} -k {self.folder} -h 127.0.0.1 " + " ".join(f"-c {s}" for s in settings)
        self._ctl("-o", options, "-l", str(self.folder / "server.log"), "start")

    def stop(self, mode: str = "fast") -> None:
        self._ctl("-m", mode, "stop")

    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()


def _initdb(folder: Path, durable: bool = False) -> Server:
    binary = binaries()
    if binary is None:
        raise Unavailable("PostgreSQL n'est pas installé (ni initdb dans PATH, ni /usr/lib/postgresql/*/bin)")
    user = _server_user()
    password = secrets.token_hex(12)
    folder.chmod(0o755)
    (folder / "password").write_text(password)
    data = folder / "data"
    data.mkdir()
    if user is not None:
        os.chown(folder, *user)
        os.chown(data, *user)
        os.chown(folder / "password", *user)
    (folder / "password").chmod(0o600)
    command = _as(user, [
        str(binary / "initdb"), "-D", str(data), "-U", USER, "--auth=scram-sha-256",
        f"--pwfile={folder / 'password'}", "-E", "UTF8", "--locale=C", "--no-sync",
    ])
    result = subprocess.run(command, capture_output=True, text=True, cwd="/", check=False)
    if result.returncode != 0:
        raise Unavailable(f"initdb a échoué : {(result.stderr or result.stdout).strip()[-400:]}")
    server = Server(folder, _free_port(), password, durable)
    server.start()
    return server


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    with open(folder / "lock", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def shared_server(folder: Path) -> Server:
    """The run's server, started by whichever worker asks first; ``Unavailable`` (remembered for
    the others) when it cannot be."""
    with _locked(folder):
        address, reason = folder / "address", folder / "unavailable"
        if reason.exists():
            raise Unavailable(reason.read_text())
        if address.exists():
            port, password = address.read_text().split()
            return Server(folder / "server", int(port), password)
        try:
            folder.chmod(0o711)  # the server's user must reach its folder inside
            (folder / "server").mkdir()
            server = _initdb(folder / "server")
        except (Unavailable, OSError, subprocess.SubprocessError) as error:
            reason.write_text(str(error))
            raise Unavailable(str(error)) from None
        address.write_text(f"{server.port} {server.password}")
        return server


def stop_shared(folder: Path) -> str | None:
    """At the end of the run: stops the server if one was started; what happened, for the summary."""
    said = None
    if (folder / "unavailable").exists():
        said = (folder / "unavailable").read_text()
    elif (folder / "address").exists():
        port, password = (folder / "address").read_text().split()
        server = Server(folder / "server", int(port), password)
        with contextlib.suppress(Unavailable):
            if server.running():
                server.stop("immediate")
    shutil.rmtree(folder, ignore_errors=True)
    return said


@contextlib.contextmanager
def own_server(durable: bool = False) -> Iterator[Server]:
    """A server of its own for a test that stops and starts it (the run's is shared by the other
    tests), or for the bench (``durable``: fsync on); ``Unavailable`` as for the shared one."""
    folder = Path(tempfile.mkdtemp(prefix="taverne-pg-own-"))
    try:
        folder.chmod(0o711)
        (folder / "server").mkdir()
        server = _initdb(folder / "server", durable)
        try:
            yield server
        finally:
            with contextlib.suppress(Unavailable):
                if server.running():
                    server.stop("immediate")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
