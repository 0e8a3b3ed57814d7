"""Fixtures shared by every test: a test fails when the bot logs an ERROR it did not expect; the
tests that run the real bot get a local Discord emulator (discord.py pointed at it for the test) and
a server with three players and an outsider (``tests/e2e/tavern.py``), the bot's database in tmp_path."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from emulator import Emulator, pointed_at
from tests.e2e.tavern import Tavern, make_tavern

EXPECTED_ERRORS = "bot_errors"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{EXPECTED_ERRORS}(*patterns): the test makes the bot log these ERRORs on purpose (regular "
        "expressions searched in each record's message); any other ERROR of a bot.* logger fails it",
    )


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
def tavern(emu: Emulator, tmp_path: Path) -> Tavern:
    return make_tavern(emu, tmp_path / "taverne.sqlite3")
