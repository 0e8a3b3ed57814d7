"""What the bot says after a restart about tables the previous run left half-told: a lobby stored
before its message went out, a game won just before the bot died (its table closed then or not),
and a table whose stored state no longer reads. The bot is the real one, against the emulator; the
"previous run" that died is played with a session manager on the same database."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from pathlib import Path

import pytest

from bot.sessions import Notice, Session, SessionManager
from bot.store import LOBBY, SessionRecord, Store
from bot.ui.listener import TableListener
from emulator import Emulator, Message
from games.cabane import GAME as CABANE
from games.core import Action, Event, registry
from tests.e2e.table import open_table, seat_and_start, table_message
from tests.e2e.tavern import Tavern

BATAILLE = "mode=bataille cible=3"


@pytest.fixture(autouse=True)
def channel_limit(emu: Emulator) -> None:
    """Messages sent faster than Discord's 5 per 5 s (the test plays at machine speed)."""
    emu.set_rate_limit(1000, 1.0)


class Dying:
    """The listener of a bot that dies before it says anything."""

    async def table_changed(self, session: Session, events: list[Event], notice: Notice) -> None:
        return None


async def cabane_started(emu: Emulator, tavern: Tavern) -> Message:
    lobby = await open_table(emu, tavern.channel, tavern.arthur, game="cabane", options=BATAILLE)
    await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval])
    return table_message(tavern.channel)


async def play_to_the_end_then_die(database: Path, monkeypatch: pytest.MonkeyPatch, *, closed: bool) -> None:
    """The last run: the table's throws until the game is won, committed, and the bot dead before
    the 🏆 message (``closed``), or before the table was closed at all."""
    store = await Store.open(database)
    manager = SessionManager(store, registry.available(), listener=Dying())
    try:
        [session] = await manager.restore()
        if not closed:

            async def dies(*_: object) -> None:
                raise SystemExit("le bot meurt entre le dernier coup et la fermeture de la table")

            monkeypatch.setattr(store, "finish", dies)
        with contextlib.nullcontext() if closed else pytest.raises(SystemExit):
            while session.state is not None and not session.state.over:
                player = session.game.to_act(session.state)[0]
                await manager.act(session.id, player, Action(kind="lancer"), manager.clock())
        monkeypatch.undo()
    finally:
        await manager.close()
        await store.close()


def winner(tavern: Tavern) -> str:
    with sqlite3.connect(tavern.database) as db:
        [raw] = db.execute("SELECT state FROM sessions").fetchone()
    state = CABANE.load(raw)
    assert state.over and len(state.winners) == 1 and CABANE.scores(state)[state.winners[0]] == 3
    return state.winners[0]


def told_at_restore(caplog: pytest.LogCaptureFixture) -> int:
    """How many ends the restart decided to tell (bot/sessions/journal.py logs each as it does)."""
    return sum("fin de partie annoncée après le redémarrage" in r.getMessage() for r in caplog.records)


def statuses(tavern: Tavern) -> list[tuple[str, int]]:
    with sqlite3.connect(tavern.database) as db:
        return [(r[0], r[1]) for r in db.execute("SELECT status, end_shown FROM sessions ORDER BY id")]


@pytest.mark.parametrize("closed", [True, False], ids=["closed-not-told", "won-not-closed"])
async def test_a_game_won_just_before_the_bot_died_has_its_end_told_after_the_restart(
    emu: Emulator, tavern: Tavern, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, closed: bool
) -> None:
    caplog.set_level(logging.INFO, logger="bot")
    async with tavern.bot():
        table = await cabane_started(emu, tavern)
    await play_to_the_end_then_die(tavern.database, monkeypatch, closed=closed)
    assert statuses(tavern) == ([("over", 0)] if closed else [("playing", 1)])
    seen = len(tavern.channel.public_messages)
    caplog.clear()
    async with tavern.bot():
        assert told_at_restore(caplog) == 1
        await emu.wait_until(
            lambda: any("terminée" in m.content for m in tavern.channel.public_messages[seen:]), 3, "the 🏆"
        )
        [told] = [m for m in tavern.channel.public_messages[seen:] if "terminée" in m.content]
        assert told.content.startswith("🔁 Le bot a redémarré.")
        assert f"🏆 Partie de {CABANE.title} terminée ! Victoire : <@{winner(tavern)}>." in told.content
        # The finished table keeps only « Revanche » (its game's buttons are gone).
        assert table.button_labels == ["Revanche"], "the finished table still shows its game's buttons"
        # Noted as told once the message is out.
        await emu.wait_until(lambda: statuses(tavern) == [("over", 1)], 3, "the end noted as told")
        # Counted: the server's statistics show the game, and the channel takes a new /jouer.
        stats = await emu.slash(tavern.channel, tavern.arthur, "stats")
        assert stats.message is not None and "1 partie, " in stats.message.text()
        again = await open_table(emu, tavern.channel, tavern.perceval, game="cabane")
        assert "Rejoindre" in again.button_labels
    # Told once: another restart says nothing more.
    seen = len(tavern.channel.public_messages)
    caplog.clear()
    async with tavern.bot() as bot:
        # What a restart tells is decided while it restores its tables, before it connects, and the
        # bot says it then: nothing this time, so nothing can go out later (no wait for it).
        assert told_at_restore(caplog) == 0
        await bot.clicks.settle()  # and what was held to be shown, shown
        assert not any("terminée" in m.content for m in tavern.channel.public_messages[seen:])
    emu.assert_no_violations()


async def test_a_lobby_stored_before_its_message_went_out_is_shown_again_after_the_restart(
    emu: Emulator, tavern: Tavern
) -> None:
    # The last run stored the lobby, then died before answering /jouer.
    store = await Store.open(tavern.database)
    try:
        await store.create_session(
            SessionRecord(
                guild_id=tavern.guild.id,
                channel_id=tavern.channel.id,
                game="cabane",
                host_id=str(tavern.arthur.id),
                names={str(tavern.arthur.id): "Arthur"},
                options={"mode": "bataille", "cible": 3},
                status=LOBBY,
                created_ms=emu.now_ms(),
                active_ms=emu.now_ms(),
            )
        )
    finally:
        await store.close()
    async with tavern.bot():
        await emu.wait_until(lambda: tavern.channel.public_messages, 3, "the lobby shown again")
        [lobby] = tavern.channel.public_messages
        assert lobby.content.startswith("🔁 Le bot a redémarré") and "Rejoindre" in lobby.button_labels
        # The players sit down and play from it.
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval])
        assert "lancer" in (table_message(tavern.channel).buttons[0].custom_id or "")
    with sqlite3.connect(tavern.database) as db:
        assert db.execute("SELECT status, message_id FROM sessions").fetchone() == ("playing", lobby.id)
    emu.assert_no_violations()


async def test_a_seat_stored_by_a_bot_that_died_before_answering_shows_on_the_lobby_after_the_restart(
    emu: Emulator, tavern: Tavern
) -> None:
    async with tavern.bot():
        lobby = await open_table(emu, tavern.channel, tavern.arthur, game="cabane", options=BATAILLE)
    assert [b.disabled for b in lobby.buttons if b.label == "Commencer"] == [True]
    # The last run stored Perceval's seat, then died before answering his click.
    store = await Store.open(tavern.database)
    manager = SessionManager(store, registry.available(), listener=Dying())
    try:
        [session] = await manager.restore()
        await manager.join(session.id, str(tavern.perceval.id), "Perceval")
    finally:
        await manager.close()
        await store.close()
    async with tavern.bot():
        await emu.wait_until(
            lambda: [b.disabled for b in lobby.buttons if b.label == "Commencer"] == [False],
            3,
            "« Commencer » usable on the lobby",
        )
        assert f"<@{tavern.perceval.id}>" in lobby.text()
        started = await emu.click(lobby, tavern.arthur, label="Commencer")
        assert not started.errors and not started.ephemeral, started.content
    emu.assert_no_violations()


@pytest.mark.bot_errors(r"colonne illisible")
async def test_an_unreadable_table_is_told_in_its_channel_and_loses_its_buttons(
    emu: Emulator, tavern: Tavern
) -> None:
    async with tavern.bot():
        table = await cabane_started(emu, tavern)
    with sqlite3.connect(tavern.database) as db:
        db.execute("UPDATE sessions SET log = 'pas du json'")
    seen = len(tavern.channel.public_messages)
    async with tavern.bot() as bot:
        await emu.wait_until(lambda: len(tavern.channel.public_messages) > seen, 3, "a word in the channel")
        said = tavern.channel.public_messages[-1].content
        assert said == (
            f"⚠️ La table de {CABANE.title} de ce salon est fermée : son état enregistré est illisible. "
            "Ouvrez-en une nouvelle avec /jouer."
        )
        assert not table.buttons and bot.manager.in_channel(tavern.channel.id) is None
    with sqlite3.connect(tavern.database) as db:
        # Set aside as found: only its status changed, the bad column is kept for a look.
        assert db.execute("SELECT status, log FROM sessions").fetchone() == ("broken", "pas du json")
    emu.assert_no_violations()


async def test_a_lost_lobby_started_before_the_restart_tells_it_stays_the_game_table(
    emu: Emulator, tavern: Tavern, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last run posted the lobby, then died before noting its message: the restart owes it a
    lobby posted again. Clicks are answered from the gateway's READY, seconds before the restart's
    notices (on_ready): the players sit down and start from the lobby still in the channel first.
    The lobby then posted again was the game's message from then on, and the game's table a stray:
    the channel showed a lobby for a game being played (the crash test's table stuck on turn 0)."""
    async with tavern.bot():
        lobby = await open_table(emu, tavern.channel, tavern.arthur, game="cabane", options=BATAILLE)
    with sqlite3.connect(tavern.database) as db:
        db.execute("UPDATE sessions SET message_id = NULL")
    # The restart's notices held until the game is started (on_ready comes after the guilds' wait).
    told, asked = asyncio.Event(), asyncio.Event()
    ready = TableListener.ready

    def ready_after_the_start(self: TableListener) -> None:
        async def later() -> None:
            await told.wait()
            ready(self)

        asked.set()
        self._in_background(later())

    monkeypatch.setattr(TableListener, "ready", ready_after_the_start)
    async with tavern.bot() as bot:
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval])
        assert table_message(tavern.channel).id == lobby.id
        told.set()
        await asyncio.wait_for(asked.wait(), 5)
        listener = bot.clicks.listener
        while listener._tasks:
            await asyncio.gather(*listener._tasks)
        await bot.clicks.settle()
        assert not [m.content for m in tavern.channel.public_messages if m.content.startswith("🔁")]
        assert table_message(tavern.channel).id == lobby.id
        assert not any(b.custom_id and b.custom_id.startswith("tvl:") for m in tavern.channel.public_messages for b in m.buttons)
    with sqlite3.connect(tavern.database) as db:
        assert db.execute("SELECT status, message_id FROM sessions").fetchone() == ("playing", lobby.id)
    emu.assert_no_violations()


def noted_message(database: Path | str) -> int | None:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT message_id FROM sessions").fetchone()[0]


async def a_lobby_posted_but_not_noted(emu: Emulator, tavern: Tavern) -> Message:
    """The last run posted the lobby, then died before noting its message: the restart posts a copy
    and notes it, while the first one is still in the channel, its buttons live."""
    async with tavern.bot():
        lobby = await open_table(emu, tavern.channel, tavern.arthur, game="cabane", options=BATAILLE)
    with sqlite3.connect(tavern.database) as db:
        db.execute("UPDATE sessions SET message_id = NULL")
    return lobby


async def the_copy_noted(emu: Emulator, tavern: Tavern) -> Message:
    """The lobby's copy posted by the restart, once noted as the table's message."""
    copy: Message = await emu.wait_until(
        lambda: next((m for m in tavern.channel.public_messages if m.content.startswith("🔁")), None),
        3,
        "the lobby's copy",
    )
    await emu.wait_until(lambda: noted_message(tavern.database) == copy.id, 3, "the copy noted")
    return copy


def commencer_usable(message: Message) -> bool:
    return [b.disabled for b in message.buttons if b.label == "Commencer"] == [False]


async def test_a_seat_taken_while_the_restarts_copy_of_a_lost_lobby_goes_out_shows_on_that_copy(
    emu: Emulator, tavern: Tavern
) -> None:
    """The crash test's table stuck in its lobby: the copy was drawn, Perceval sat down from the first
    lobby while the copy was on its way, and the copy, noted as the table's message, went on showing
    the lobby without him (« Commencer » grey) while his click's answer drew the first one."""
    first = await a_lobby_posted_but_not_noted(emu, tavern)
    copy_sent = emu.hold("POST", "/api/v10/channels/{channel_id}/messages")
    async with tavern.bot():
        await copy_sent.reached()
        joined = await emu.click(first, tavern.perceval, label="Rejoindre")
        assert not joined.errors and not joined.ephemeral, joined.content
        copy_sent.release()
        copy = await the_copy_noted(emu, tavern)
        await emu.wait_until(lambda: commencer_usable(copy), 3, "« Commencer » usable on the copy")
        assert f"<@{tavern.perceval.id}>" in copy.text()
        started = await emu.click(copy, tavern.arthur, label="Commencer")
        assert not started.errors and not started.ephemeral, started.content
    emu.assert_no_violations()


async def test_clicks_on_a_lost_lobby_after_the_restart_posted_its_copy_keep_the_copy_true(
    emu: Emulator, tavern: Tavern
) -> None:
    """Perceval sits down from the first lobby: the copy shows him too. Arthur starts from the first
    lobby: it becomes the table, and the copy keeps its words without its buttons."""
    first = await a_lobby_posted_but_not_noted(emu, tavern)
    async with tavern.bot() as bot:
        copy = await the_copy_noted(emu, tavern)
        joined = await emu.click(first, tavern.perceval, label="Rejoindre")
        assert not joined.errors and not joined.ephemeral, joined.content
        await emu.wait_until(lambda: commencer_usable(copy), 3, "« Commencer » usable on the copy")
        assert f"<@{tavern.perceval.id}>" in copy.text() and f"<@{tavern.perceval.id}>" in first.text()
        started = await emu.click(first, tavern.arthur, label="Commencer")
        assert not started.errors and not started.ephemeral, started.content
        await emu.wait_until(lambda: not copy.buttons, 3, "the copy without buttons")
        await bot.clicks.settle()
        assert table_message(tavern.channel).id == first.id
        assert copy.content.startswith("🔁") and f"<@{tavern.perceval.id}>" in copy.text()
    assert noted_message(tavern.database) == first.id
    emu.assert_no_violations()


async def test_a_seat_taken_while_the_restart_redraws_the_lobby_is_not_undone_by_that_redraw(
    emu: Emulator, tavern: Tavern
) -> None:
    """The restart draws every lobby again from the database; Perceval sits down while that edit is
    on its way. His click's answer lands first: the restart's edit, drawn before his seat, must not
    be the lobby's last word."""
    async with tavern.bot():
        lobby = await open_table(emu, tavern.channel, tavern.arthur, game="cabane", options=BATAILLE)
    redrawn = emu.hold("PATCH", "/api/v10/channels/{channel_id}/messages/{message_id}")
    before = len(emu.calls)
    async with tavern.bot() as bot:
        await redrawn.reached()
        joined = await emu.click(lobby, tavern.perceval, label="Rejoindre")
        assert not joined.errors and not joined.ephemeral, joined.content
        assert commencer_usable(lobby)
        redrawn.release()
        await emu.wait_until(
            lambda: any(c.method == "PATCH" and c.route == redrawn.route for c in emu.calls[before:]), 3, "the restart's edit"
        )
        await emu.wait_until(lambda: commencer_usable(lobby), 3, "« Commencer » usable again")
        listener = bot.clicks.listener
        while listener._tasks:
            await asyncio.gather(*listener._tasks)
        assert commencer_usable(lobby) and f"<@{tavern.perceval.id}>" in lobby.text()
        started = await emu.click(lobby, tavern.arthur, label="Commencer")
        assert not started.errors and not started.ephemeral, started.content
    emu.assert_no_violations()


async def test_the_last_seat_left_on_a_lost_lobby_takes_the_buttons_off_the_restarts_copy(
    emu: Emulator, tavern: Tavern
) -> None:
    first = await a_lobby_posted_but_not_noted(emu, tavern)
    async with tavern.bot():
        copy = await the_copy_noted(emu, tavern)
        left = await emu.click(first, tavern.arthur, label="Quitter")
        assert not left.errors and not left.ephemeral, left.content
        assert not first.buttons
        await emu.wait_until(lambda: not copy.buttons, 3, "the copy without buttons")
        # The channel is free again.
        reopened = await open_table(emu, tavern.channel, tavern.arthur, game="cabane", options=BATAILLE)
        assert "Rejoindre" in reopened.button_labels
    emu.assert_no_violations()
