"""Which tables the bot redraws and announces after a restart: a table whose message may not show
its last move (moved just before the bot stopped), or that changed while the bot was away; not the
thousands whose message already shows them as they are (redrawing those all at once kept the bot
from answering anyone for minutes)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from bot.sessions import Notice, Session, SessionManager
from bot.store import PLAYING, SessionRecord, Store
from bot.ui.batch import TimerNews
from bot.ui.ids import to36
from bot.ui.listener import SHOWN_BEFORE_STOP_MS, TableListener, worth_telling
from emulator import Channel, Emulator, Message
from games.cabane import GAME as CABANE
from games.core import Action, Event, registry
from tests.e2e.table import act, open_table, seat_and_start, table_message
from tests.e2e.tavern import Tavern

BATAILLE = "mode=bataille cible=3"

STOPPED_MS = 1_700_000_000_000


def table(channel: int, last_move_ms: int) -> Session:
    state, _ = CABANE.start(["1", "2"], {}, seed=channel, now_ms=last_move_ms)
    rec = SessionRecord(
        channel_id=channel,
        game="cabane",
        host_id="1",
        names={"1": "Arthur", "2": "Perceval"},
        status=PLAYING,
        state=state.model_dump_json(),
        active_ms=last_move_ms,
        started_ms=last_move_ms - 60_000,  # moves were played since the start
        message_id=channel * 1000,  # its table message, showing it
        id=channel,
    )
    return Session(rec=rec, game=CABANE, state=state)


def told(queued: list[tuple[Session, list[Event], Notice]]) -> list[int]:
    return [session.id for session, _, _ in worth_telling(queued)]


def test_a_table_last_played_long_before_the_stop_is_left_as_its_message_shows_it() -> None:
    recent = table(1, STOPPED_MS)
    old = table(2, STOPPED_MS - SHOWN_BEFORE_STOP_MS - 1)
    queued = [(old, [], Notice("resumed")), (recent, [], Notice("resumed"))]
    assert told(queued) == [1]


def test_tables_played_in_the_last_minute_before_the_stop_are_all_redrawn() -> None:
    queued = [(table(i, STOPPED_MS - i * 1000), [], Notice("resumed")) for i in range(1, 6)]
    assert told(queued) == [1, 2, 3, 4, 5]


def test_an_old_table_that_changed_while_the_bot_was_away_is_still_told() -> None:
    old = table(2, STOPPED_MS - 10 * SHOWN_BEFORE_STOP_MS)
    window = Event(kind="window_closed", data={})
    queued = [
        (table(1, STOPPED_MS), [], Notice("resumed")),
        (old, [window], Notice("resumed")),
        (table(3, STOPPED_MS - 10 * SHOWN_BEFORE_STOP_MS), [], Notice("ended")),
    ]
    assert told(queued) == [1, 2, 3]


def test_an_old_table_with_no_move_since_its_start_is_shown() -> None:
    """« Commencer » stored, then the bot died before the table's answer: the channel still shows the
    lobby, or nothing (the crash test's tables stuck on turn 0 after a long run of kills)."""
    old = STOPPED_MS - 10 * SHOWN_BEFORE_STOP_MS
    lobby_still_shown, never_shown, played = table(2, old), table(3, old), table(4, old)
    for session in (lobby_still_shown, never_shown):
        session.rec.started_ms = old
    never_shown.rec.message_id = None
    played.rec.started_ms = old - 5_000  # moves since its start: its message shows them
    queued = [(table(1, STOPPED_MS), [], Notice("resumed"))] + [
        (s, [], Notice("resumed")) for s in (lobby_still_shown, never_shown, played)
    ]
    assert told(queued) == [1, 2, 3]


def test_an_old_table_whose_message_never_went_out_is_redrawn() -> None:
    """Started, then the bot died before the table's first message, and again before redrawing it
    (kills a fraction of a second after each start): a minute later nothing shows it anywhere."""
    never_shown = table(2, STOPPED_MS - 10 * SHOWN_BEFORE_STOP_MS)
    never_shown.rec.message_id = None
    queued = [(table(1, STOPPED_MS), [], Notice("resumed")), (never_shown, [], Notice("resumed"))]
    assert told(queued) == [1, 2]


def test_redraws_owed_by_a_life_killed_before_making_them_are_made_by_the_next() -> None:
    """A table started just before a crash, its redraw owed; the next life was killed too before
    making it, and by the third start its last move is minutes older than the others': the oldest
    move still owed (kept in the database by the listener) keeps it among the redrawn."""
    owed = table(2, STOPPED_MS - 10 * SHOWN_BEFORE_STOP_MS)
    queued = [(table(1, STOPPED_MS), [], Notice("resumed")), (owed, [], Notice("resumed"))]
    assert told(queued) == [1]
    assert [s.id for s, _, _ in worth_telling(queued, STOPPED_MS - 10 * SHOWN_BEFORE_STOP_MS)] == [1, 2]


async def test_a_redraw_stays_owed_until_its_held_edit_went_out(tmp_path: Path) -> None:
    """The restart's redraws are held a moment before their edit (TimerNews): a life killed after
    queuing the last of them, but before that edit went out, must leave it owed to the next life
    (it was cleared as soon as they were queued: the next life left that table as it was)."""
    store = await Store.open(tmp_path / "taverne.db")
    editing, edited = asyncio.Event(), asyncio.Event()
    shown: list[int] = []

    async def edit(session: Session, lines: list[str]) -> None:
        editing.set()
        await edited.wait()
        shown.append(session.id)

    ui = SimpleNamespace(manager=SimpleNamespace(store=store, shards=None), news=SimpleNamespace(held=TimerNews(edit)))
    listener = TableListener(cast(Any, ui))
    listener._is_ready = True  # the channels known: what a restart owes is told now
    owed = table(2, STOPPED_MS)
    try:
        restart = asyncio.create_task(listener._after_restart([], [(owed, [], Notice("resumed"))]))
        await asyncio.wait_for(editing.wait(), 5)
        assert await store.bot_state("redraws_owed_since:all") == str(STOPPED_MS - SHOWN_BEFORE_STOP_MS)
        edited.set()
        await asyncio.wait_for(restart, 5)
        assert shown == [2]
        assert await store.bot_state("redraws_owed_since:all") == ""
    finally:
        await store.close()


class Dying:
    """The listener of a bot that dies before it says anything."""

    async def table_changed(self, session: Session, events: list[Event], notice: Notice) -> None:
        return None


def shows_turn(channel: Channel, table_id: int, turn: int) -> Message | None:
    """The channel's message whose buttons are table ``table_id``'s at ``turn``, if one is."""
    prefix = f"tv:{to36(table_id)}:{to36(turn)}:"
    for message in reversed(channel.public_messages):
        if any((b.custom_id or "").startswith(prefix) for b in message.buttons):
            return message
    return None


def stored_state(database: Path, table_id: int) -> Any:
    with sqlite3.connect(database) as db:
        [raw] = db.execute("SELECT state FROM sessions WHERE id = ?", (table_id,)).fetchone()
    return CABANE.load(raw)


async def test_a_table_left_behind_before_a_run_of_lives_killed_before_their_redraws_is_redrawn(
    emu: Emulator, tavern: Tavern
) -> None:
    """A bot killed between storing a throw and answering it leaves that table's message a turn
    behind, for the restart to redraw. The restart redraws after on_ready, which discord.py sends
    seconds after READY (its wait for the guilds); killed again a moment after each READY, no life
    got that far, and none kept what it owed (it was written with the redraws). Clicks are
    answered from READY, so the other tables played on; once the bot lived, their moves were more
    than a minute newer than the table left behind, which it judged shown as it is: its players
    waited for ever on a table whose buttons were a turn old (the crash test under load)."""
    tavern.at_test_speed()
    emu.freeze_clock()
    other = tavern.guild.add_channel("cabane-2")
    async with tavern.bot():
        behind = await open_table(emu, tavern.channel, tavern.arthur, game="cabane", options=BATAILLE)
        await seat_and_start(emu, behind, tavern.arthur, [tavern.perceval])
        moving = await open_table(emu, other, tavern.arthur, game="cabane", options=BATAILLE)
        await seat_and_start(emu, moving, tavern.arthur, [tavern.perceval])
    behind_id, moving_id = 1, 2
    emu.advance(1.0)  # a throw after the start (a table with no move since its start is always redrawn)
    # The last run stored a throw at the first table, then died before answering it.
    store = await Store.open(tavern.database)
    manager = SessionManager(store, registry.available(), listener=Dying(), clock=emu.now_ms)
    try:
        await manager.restore()
        session = manager.by_id(behind_id)
        assert session is not None and session.state is not None
        await manager.act(behind_id, session.game.to_act(session.state)[0], Action(kind="lancer"), emu.now_ms())
    finally:
        await manager.close()
        await store.close()
    turn = stored_state(tavern.database, behind_id).turn_no
    assert shows_turn(tavern.channel, behind_id, turn) is None, "the throw was not left unshown"
    # A minute and more later, a life killed before its on_ready: the other table is played.
    emu.advance(SHOWN_BEFORE_STOP_MS / 1000 + 5)
    async with tavern.bot(guild_ready_s=3600):
        current = stored_state(tavern.database, moving_id).current
        thrower = next(u for u in (tavern.arthur, tavern.perceval) if str(u.id) == current)
        answered = await act(emu, table_message(other), thrower, "lancer")
        assert answered.acknowledged and not answered.ephemeral, answered.content
    # The life that lives redraws the table left behind.
    async with tavern.bot():
        shown = await emu.wait_until(
            lambda: shows_turn(tavern.channel, behind_id, turn),
            10,
            f"table {behind_id}'s message redrawn at turn {turn} (stored before the kills)",
        )
        assert shown.id == behind.id
    emu.assert_no_violations()
