"""Fixtures shared by every test that runs the real bot: a local Discord emulator (discord.py pointed
at it for the test) and a server with three players and an outsider (``tests/e2e/tavern.py``), the
bot's database in tmp_path."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from emulator import Emulator, pointed_at
from tests.e2e.tavern import Tavern, make_tavern


@pytest.fixture
async def emu() -> AsyncIterator[Emulator]:
    async with Emulator() as emulator:
        with pointed_at(emulator):
            yield emulator


@pytest.fixture
def tavern(emu: Emulator, tmp_path: Path) -> Tavern:
    return make_tavern(emu, tmp_path / "taverne.sqlite3")
