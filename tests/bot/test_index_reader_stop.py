"""The bot stopped while the index of its open tables is being opened: the index's own read-only
connection (SQLite) is opened to its end and closed before the manager says it is closed, so that
its thread never calls back into an event loop that closed meanwhile (an unhandled exception in
that thread, and a thread never stopped)."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from typing import Any

import aiosqlite.core
import pytest

from .conftest import MakeManager


async def test_a_manager_closed_while_its_index_opens_closes_the_index_connection_first(
    make_manager: MakeManager, monkeypatch: pytest.MonkeyPatch
) -> None:
    connect = sqlite3.connect
    entered, gate = threading.Event(), threading.Event()
    threads: list[threading.Thread] = []

    def slow_read_only(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        # The index's connection only (read-only URI): a disk that takes its time to open it.
        if "mode=ro" in str(database):
            threads.append(threading.current_thread())
            entered.set()
            gate.wait(10)
        return connect(database, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.core.sqlite3, "connect", slow_read_only)
    manager = await make_manager()
    for _ in range(1000):  # until the index's connection is being opened, in its thread
        if entered.is_set():
            break
        await asyncio.sleep(0.01)
    assert entered.is_set(), "the manager's start opened no index connection"
    closing = asyncio.create_task(manager.close())
    done, _ = await asyncio.wait({closing}, timeout=0.2)
    assert not done, "the manager said it was closed while its index's connection was still opening"
    gate.set()
    await asyncio.wait_for(closing, 10)
    # Opened, then closed and its thread stopped while this loop runs.
    threads[0].join(10)
    assert not threads[0].is_alive()
