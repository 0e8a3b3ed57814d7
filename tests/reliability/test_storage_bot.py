"""The database failing under the real bot: locked by another program, or holding a table it can no
longer read. The players get an answer, nothing is half-written, the other tables go on."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.store.store import SqliteStore
from emulator import Channel, Emulator, InteractionRecord, Message
from tests.e2e.dice import LoadedCulDeChouette
from tests.e2e.table import act, button_for, open_table, seat_and_start, table_message
from tests.e2e.tavern import Tavern

ARTHUR_STARTS = [1, 5, 6]
CHOUETTES = [2, 2, 4]
# The store waits this long for a lock (PRAGMA busy_timeout) before giving up: 5 s in production,
# 1 s here (the store's own ``busy_ms``), so that outlasting it costs the test one second, not five.
BUSY_TIMEOUT_S = 1.0
UNAVAILABLE = (
    "La base de données est indisponible pour l'instant : rien n'a été fait, réessaie dans un instant."
)
UNREADABLE = (
    "⚠️ La table de Cul de chouette de ce salon est fermée : son état enregistré est illisible. "
    "Ouvrez-en une nouvelle avec /jouer."
)


async def started(emu: Emulator, tavern: Tavern, channel: Channel) -> Message:
    lobby = await open_table(emu, channel, tavern.arthur)
    await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval, tavern.karadoc])
    return table_message(channel)


def answer_text(record: InteractionRecord) -> str:
    """What the clicker was told privately, in the answer or in a followup."""
    private = [m.text() for m in record.followups if m.ephemeral]
    if record.ephemeral:
        private.insert(0, record.content)
    return "\n".join(private)


def status_of(tavern: Tavern, channel: Channel) -> list[str]:
    with sqlite3.connect(tavern.database) as db:
        return [
            r[0]
            for r in db.execute("SELECT status FROM sessions WHERE channel_id = ? ORDER BY id", (channel.id,))
        ]


async def click_while_locked(emu: Emulator, tavern: Tavern, table: Message) -> InteractionRecord:
    """Arthur throws while another program holds the database's write lock longer than the store
    waits for it; the lock is let go once the bot has given up and said so."""
    lock = sqlite3.connect(tavern.database, isolation_level=None)
    try:
        lock.execute("BEGIN EXCLUSIVE")
        record = await emu.click(table, tavern.arthur, button_for(table, "lancer").custom_id)
        # Held until the bot has answered (it gave up on the lock), not for a time of its own.
        await emu.wait_until(lambda: answer_text(record), BUSY_TIMEOUT_S + 10, f"a private answer to {record!r}")
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    return record


@pytest.fixture
def short_busy_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot's store opened with ``busy_ms`` = BUSY_TIMEOUT_S (what it passes itself otherwise)."""
    connect = SqliteStore.connect.__func__  # type: ignore[attr-defined]

    async def shorter(cls: type[SqliteStore], path: Path | str, **options: Any) -> SqliteStore:
        store: SqliteStore = await connect(cls, path, **{"busy_ms": int(BUSY_TIMEOUT_S * 1000), **options})
        return store

    monkeypatch.setattr(SqliteStore, "connect", classmethod(shorter))


@pytest.mark.bot_errors(r"écriture en base impossible")
@pytest.mark.usefixtures("short_busy_timeout")
async def test_a_locked_database_is_explained_changes_nothing_and_the_bot_plays_on_after(
    emu: Emulator, tavern: Tavern
) -> None:
    games = {"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + CHOUETTES)}
    async with tavern.bot(games) as bot:
        table = await started(emu, tavern, tavern.channel)
        session = bot.manager.in_channel(tavern.channel.id)
        assert session is not None and session.state is not None
        before, shown = session.state, table.text()
        record = await click_while_locked(emu, tavern, table)
        await emu.wait_until(lambda: answer_text(record), 2, f"a private answer to {record!r}")
        assert answer_text(record) == UNAVAILABLE
        assert session.state is before and table.text() == shown
        with sqlite3.connect(tavern.database) as db:
            assert db.execute("SELECT COUNT(*) FROM actions").fetchone() == (0,)
        # The lock is gone: the same button works, and throws once.
        thrown = await act(emu, table, tavern.arthur, "lancer")
        assert thrown.response_type == 7 and "2 et 2" in table.text()
        assert session.state.dice.counter == before.dice.counter + 2
    emu.assert_no_violations()


async def corrupt(tavern: Tavern, corruption: dict[int, tuple[str, str]]) -> None:
    with sqlite3.connect(tavern.database) as db:
        for channel_id, (column, value) in corruption.items():
            db.execute(f"UPDATE sessions SET {column} = ? WHERE channel_id = ?", (value, channel_id))


async def three_tables(emu: Emulator, tavern: Tavern) -> list[tuple[Channel, Message]]:
    channels = [tavern.channel, tavern.guild.add_channel("taverne-2"), tavern.guild.add_channel("taverne-3")]
    return [(channel, await started(emu, tavern, channel)) for channel in channels]


async def told_unreadable(emu: Emulator, channel: Channel, table: Message, seen: int) -> None:
    """The channel is told its table is closed, and the table message loses its buttons."""
    await emu.wait_until(
        lambda: any(m.content == UNREADABLE for m in channel.public_messages[seen:]),
        3,
        f"#{channel.name} told",
    )
    await emu.wait_until(lambda: not table.buttons, 3, f"#{channel.name}'s buttons cleared")


@pytest.mark.bot_errors(r"illisible, mise de côté")
async def test_unreadable_tables_are_set_aside_told_and_the_others_go_on(
    emu: Emulator, tavern: Tavern
) -> None:
    games = {"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + CHOUETTES)}
    async with tavern.bot(games):
        (a, table_a), (b, table_b), (c, table_c) = await three_tables(emu, tavern)
    await corrupt(
        tavern,
        {
            a.id: ("state", '{"game": "culdechouette", "players": ["1", "2"], "sco'),  # cut short
            c.id: ("state", '{"game": "culdechouette", "players": "tout le monde"}'),  # not a game
        },
    )
    # What a player whose screen was not refreshed still sees: the old buttons.
    old = {channel.id: table.snapshot() for channel, table in ((a, table_a), (c, table_c))}
    seen = {channel.id: len(channel.public_messages) for channel in (a, b, c)}
    async with tavern.bot(games) as bot:
        for channel, table in ((a, table_a), (c, table_c)):
            await told_unreadable(emu, channel, table, seen[channel.id])
        assert bot.manager.in_channel(a.id) is None and bot.manager.in_channel(c.id) is None
        assert status_of(tavern, a) == status_of(tavern, c) == ["broken"]
        # The good table is told nothing of the sort, and goes on from its old buttons.
        assert not any(m.content == UNREADABLE for m in b.public_messages)
        thrown = await act(emu, table_b, tavern.arthur, "lancer")
        assert thrown.response_type == 7 and "2 et 2" in table_b.text()
        # An old button of a set-aside table is answered privately; its channel is free again.
        for stale in old.values():
            refused = await act(emu, stale, tavern.arthur, "lancer")
            assert refused.ephemeral and "fermée" in refused.content, refused.content
        again = await open_table(emu, a, tavern.perceval)
        assert "Rejoindre" in again.button_labels and status_of(tavern, a) == ["broken", "lobby"]
    emu.assert_no_violations()


@pytest.mark.bot_errors(r"colonne illisible")
async def test_a_table_with_unreadable_names_does_not_keep_the_bot_from_starting(
    emu: Emulator, tavern: Tavern
) -> None:
    """Each open row is read on its own: a bad JSON column (here the players' names) sets that
    table aside, and the bot starts with the others."""
    games = {"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + CHOUETTES)}
    async with tavern.bot(games):
        (a, table_a), (_, table_b), _ = await three_tables(emu, tavern)
    await corrupt(tavern, {a.id: ("names", "{pas du json")})
    seen = len(a.public_messages)
    async with tavern.bot(games):
        thrown = await act(emu, table_b, tavern.arthur, "lancer")
        assert thrown.response_type == 7
        await told_unreadable(emu, a, table_a, seen)
        assert status_of(tavern, a) == ["broken"]
    emu.assert_no_violations()
