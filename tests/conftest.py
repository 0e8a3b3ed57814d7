"""Fixtures shared by every test: a test fails when the bot logs an ERROR it did not expect; the
tests that run the real bot get a local Discord emulator (discord.py pointed at it for the test) and
a server with three players and an outsider (``tests/e2e/tavern.py``), the bot's database in tmp_path."""

from __future__ import annotations

import logging
import os
import re
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from emulator import Emulator, pointed_at
from emulator.forks import Zygote
from tests import postgres_server, scheduling
from tests.databases import BACKENDS, MARKER, TestDatabase, _in_thread, new_postgres_database
from tests.e2e.tavern import Tavern, make_tavern

EXPECTED_ERRORS = "bot_errors"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{EXPECTED_ERRORS}(*patterns): the test makes the bot log these ERRORs on purpose (regular "
        "expressions searched in each record's message); any other ERROR of a bot.* logger fails it",
    )
    config.addinivalue_line(
        "markers",
        f"{MARKER}: each test using the `database` fixture runs on SQLite and on PostgreSQL (tests/databases.py)",
    )
    # The controller (or a run without xdist) chooses the folder of the run's PostgreSQL server; the
    # workers, started after this, inherit it from the environment.
    if not hasattr(config, "workerinput") and postgres_server.DIR_VARIABLE not in os.environ:
        os.environ[postgres_server.DIR_VARIABLE] = tempfile.mkdtemp(prefix="taverne-pg-")
        config.stash[_PG_FOLDER] = Path(os.environ[postgres_server.DIR_VARIABLE])


_PG_FOLDER = pytest.StashKey[Path]()


def pytest_report_header(config: pytest.Config) -> str:
    binaries = postgres_server.binaries()
    if binaries is None:
        return (
            "PostgreSQL: NOT INSTALLED here: the tests on PostgreSQL will FAIL, saying so "
            "(apt-get install postgresql; .ci/run installs it)"
        )
    return f"PostgreSQL: {binaries} (a server is started for the tests marked {MARKER})"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    folder = config.stash.get(_PG_FOLDER, None)
    if folder is None:
        return
    if (folder / "unavailable").exists():
        reason = (folder / "unavailable").read_text()
        terminalreporter.write_sep("!", f"PostgreSQL tests FAILED: no server could be started: {reason}", red=True)
    elif (folder / "address").exists():
        terminalreporter.write_line("PostgreSQL: the tests marked both_databases ran on SQLite and on PostgreSQL")


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(_PG_FOLDER, None)
    if folder is not None:
        postgres_server.stop_shared(folder)
        os.environ.pop(postgres_server.DIR_VARIABLE, None)


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected: the shares are of what runs
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On several workers, the slowest tests start first, spread over them (tests/scheduling.py)."""
    workers = scheduling.workers(config)
    if workers > 1:
        items[:] = scheduling.slowest_first(items, workers, scheduling.recorded_costs())


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "database" in metafunc.fixturenames and metafunc.definition.get_closest_marker(MARKER):
        metafunc.parametrize("database", BACKENDS, indirect=True)


@pytest.fixture(scope="session")
def postgres() -> postgres_server.Server:
    """The run's PostgreSQL server; its tests fail, saying why and what to install, when none can
    be started here (never skipped: they are part of the suite)."""
    try:
        return postgres_server.shared_server(Path(os.environ[postgres_server.DIR_VARIABLE]))
    except postgres_server.Unavailable as error:
        pytest.fail(f"PostgreSQL is needed (apt-get install postgresql; .ci/run installs it) but: {error}", pytrace=False)


@pytest.fixture(scope="session")
def bot_zygote() -> Iterator[Zygote]:
    """A process that imported the bot once, forking each start of the tests that start it often
    (the crash and shard tests): a real process each time, without a second of imports."""
    zygote = Zygote.for_bot()
    try:
        yield zygote
    finally:
        zygote.close()


@pytest.fixture
def database(request: pytest.FixtureRequest, tmp_path: Path) -> TestDatabase:
    """The bot's database for this test: SQLite unless the test runs on both backends (``both_databases``)."""
    kind = getattr(request, "param", "sqlite")
    if kind == "sqlite":
        return TestDatabase("sqlite", tmp_path / "taverne.sqlite3")
    server: postgres_server.Server = request.getfixturevalue("postgres")
    return TestDatabase("postgresql", _in_thread(new_postgres_database(server)), server)


class Collected(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def no_unexpected_bot_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """An ERROR (or worse) logged by ``bot`` or a ``bot.*`` logger in the bot's process during the test,
    its fixtures included, is a failure unless the test's ``bot_errors`` marker names it: an error
    a player would never see is still a bug, or a test that should say it expects it."""
    collected = Collected()
    logger = logging.getLogger("bot")
    logger.addHandler(collected)
    try:
        yield
    finally:
        logger.removeHandler(collected)
    marker = request.node.get_closest_marker(EXPECTED_ERRORS)
    patterns = [re.compile(p) for p in marker.args] if marker is not None else []
    unexpected = [
        r for r in collected.records if not any(p.search(r.getMessage()) for p in patterns)
    ]
    if unexpected:
        lines = "\n".join(f"  {r.name} {r.levelname}: {r.getMessage()[:300]}" for r in unexpected)
        pytest.fail(
            f"the bot logged {len(unexpected)} unexpected error(s) (mark the test with "
            f"@pytest.mark.{EXPECTED_ERRORS}(pattern) if they are expected):\n{lines}",
            pytrace=False,
        )


@pytest.fixture
async def emu() -> AsyncIterator[Emulator]:
    async with Emulator() as emulator:
        with pointed_at(emulator):
            yield emulator


@pytest.fixture
def tavern(emu: Emulator, database: TestDatabase) -> Tavern:
    return make_tavern(emu, database.target)
