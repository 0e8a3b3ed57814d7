"""« Revanche » through the emulator: a game of La Cabane sul' Dos (a bataille in 3 points, quick)
played to its end, then its rematch: the same options and seats (the robot with its level) and new
dice, each player confirming with one click, the host starting; a seat left unconfirmed freed by the
table's timer, also when its time ran out while the bot was down; restarts between the end and the
click and between the click and the confirmation; and the clicks that must change nothing (not a
player, a double click, a second click, an old button, another table in the channel)."""

from __future__ import annotations

import asyncio

from bot.app import TaverneBot
from bot.sessions import Session
from bot.sessions.rematch import CONFIRM_MS
from emulator import Emulator, InteractionRecord, Message, User
from tests.e2e.robots import add_robots, game_told_over, play_with_robots, table_of
from tests.e2e.table import open_table, seat_and_start
from tests.e2e.tavern import Tavern

OPTIONS = "mode=bataille cible=3 graine=6"


async def finished_game(
    tavern: Tavern, bot: TaverneBot, guests: list[User], robots: int = 0
) -> tuple[Message, Session]:
    """Arthur's table with ``guests`` (and ``robots`` beginners) played to its end; its message
    (the lobby turned table) and its session as it ended."""
    emu = tavern.emu
    lobby = await open_table(emu, tavern.channel, tavern.arthur, "cabane", OPTIONS)
    if robots:
        await add_robots(emu, lobby, tavern.arthur, "debutant", robots)
    await seat_and_start(emu, lobby, tavern.arthur, guests)
    session = table_of(bot, tavern.channel)
    assert session is not None
    await play_with_robots(emu, bot, tavern.channel, [tavern.arthur, *guests])
    assert session.state is not None and session.state.over
    await game_told_over(emu, tavern.channel)
    await emu.wait_until(lambda: "Revanche" in lobby.button_labels, 5, "the finished table's « Revanche »")
    return lobby, session


async def ask(emu: Emulator, table: Message, user: User) -> InteractionRecord:
    return await emu.click(table, user, label="Revanche")


async def rematch_asked(tavern: Tavern, bot: TaverneBot, guests: list[User]) -> tuple[Message, Session]:
    """Arthur's finished game with ``guests``, his « Revanche » clicked: the rematch's lobby, and
    the finished table."""
    table, old = await finished_game(tavern, bot, guests)
    asked = await ask(tavern.emu, table, tavern.arthur)
    assert asked.message is not None and not asked.ephemeral, asked.content
    return asked.message, old


async def seat_freed(tavern: Tavern, lobby: Message, player: User, timeout: float) -> None:
    """The channel told that ``player``'s seat was freed, and the lobby no longer shows it."""
    emu = tavern.emu
    told = await emu.wait_for_message(tavern.channel, lambda m: "place libérée" in (m.content or ""), timeout=timeout)
    assert f"<@{player.id}>" in told.content
    await emu.wait_until(lambda: f"<@{player.id}>" not in lobby.text(), 5, f"{player.name}'s seat gone from the lobby")


def seated(session: Session) -> list[str]:
    assert session.state is not None
    return list(session.state.players)


async def test_revanche_seats_the_same_players_and_robot_with_new_dice(tavern: Tavern) -> None:
    emu = tavern.emu
    tavern.at_test_speed()
    emu.freeze_clock()
    arthur, perceval = tavern.arthur, tavern.perceval
    async with tavern.bot() as bot:
        table, old = await finished_game(tavern, bot, [perceval], robots=1)
        assert table.button_labels == ["Revanche"]  # a finished table offers only that
    async with tavern.bot() as bot:  # the button still answers after a restart
        asked = await ask(emu, table, perceval)
        assert not asked.ephemeral and asked.message is not None, asked.content
        lobby = asked.message
        rematch = table_of(bot, tavern.channel)
        assert rematch is not None and rematch.id != old.id
        # Perceval asked: he hosts it, his seat taken; Arthur's seat waits for his click.
        assert rematch.rec.host_id == str(perceval.id)
        text = lobby.text()
        assert f"⏳ <@{arthur.id}> (à confirmer)" in text and f"⏳ <@{perceval.id}>" not in text
        assert "`mode=bataille`" in text and "`cible=3`" in text
        assert "2. 🤖 Gaston (robot débutant)" in text and "3. <@" in text
        assert "Je rejoue" in lobby.button_labels
        refused = await emu.click(lobby, perceval, label="Commencer")
        assert refused.ephemeral and "Arthur" in refused.content and "confirmation" in refused.content
        confirmed = await emu.click(lobby, arthur, label="Je rejoue")
        assert not confirmed.ephemeral, confirmed.content
        assert "⏳" not in lobby.text() and "Je rejoue" not in lobby.button_labels
        started = await emu.click(lobby, perceval, label="Commencer")
        assert not started.ephemeral, started.content
        new = table_of(bot, tavern.channel)
        assert new is rematch and new.state is not None and old.state is not None
        # The same seats in the same order, the robot with its level; the same options; new dice.
        assert seated(new) == seated(old)
        assert new.rec.robots == old.rec.robots and list(new.rec.robots.values()) == ["debutant"]
        assert new.rec.options == old.rec.options and new.rec.turn_timeout_ms == old.rec.turn_timeout_ms
        assert new.state.dice.seed != old.state.dice.seed
        before = new.state.version
        await play_with_robots(emu, bot, tavern.channel, [arthur, perceval], stop_after=2)
        assert new.state.version > before  # the rematch is played
    emu.assert_no_violations()


async def test_a_seat_left_unconfirmed_is_freed_after_a_restart_and_the_lobby_says_so(tavern: Tavern) -> None:
    emu = tavern.emu
    tavern.at_test_speed()
    emu.freeze_clock()
    arthur, perceval, karadoc = tavern.arthur, tavern.perceval, tavern.karadoc
    async with tavern.bot() as bot:
        lobby, old = await rematch_asked(tavern, bot, [perceval, karadoc])
    # The bot stops between the click and the confirmations; its timer is in the store.
    emu.advance(30)
    async with tavern.bot() as bot:
        confirmed = await emu.click(lobby, perceval, label="Je rejoue")
        assert not confirmed.ephemeral, confirmed.content
        assert f"⏳ <@{perceval.id}>" not in lobby.text() and f"⏳ <@{karadoc.id}>" in lobby.text()
        rematch = table_of(bot, tavern.channel)
        assert rematch is not None
        due = bot.manager.next_due(rematch)
        assert due.kind == "rematch" and due.at == rematch.rec.created_ms + CONFIRM_MS
        emu.advance((due.at - emu.now_ms()) / 1000 + 0.01)
        await seat_freed(tavern, lobby, karadoc, timeout=5)
        assert "Je rejoue" not in lobby.button_labels
        late = await emu.click(lobby, karadoc, label="Rejoindre")  # he may still sit down like anyone
        assert not late.ephemeral, late.content
        await emu.click(lobby, karadoc, label="Quitter")
        started = await emu.click(lobby, arthur, label="Commencer")
        assert not started.ephemeral, started.content
        new = table_of(bot, tavern.channel)
        assert new is not None and seated(new) == [str(arthur.id), str(perceval.id)]
        assert seated(old) == [str(arthur.id), str(perceval.id), str(karadoc.id)]
        # The finished game's end was told once, restart or not.
        assert sum("🏆 Partie" in (m.content or "") for m in tavern.channel.public_messages) == 1
    emu.assert_no_violations()


async def test_seats_whose_time_ran_out_while_the_bot_was_down_are_freed_when_it_is_back(tavern: Tavern) -> None:
    emu = tavern.emu
    tavern.at_test_speed()
    emu.freeze_clock()
    arthur, perceval = tavern.arthur, tavern.perceval
    async with tavern.bot() as bot:
        lobby, _ = await rematch_asked(tavern, bot, [perceval])
    emu.advance(CONFIRM_MS / 1000 + 60)  # down for four minutes
    async with tavern.bot() as bot:
        await seat_freed(tavern, lobby, perceval, timeout=8)
        rematch = table_of(bot, tavern.channel)
        assert rematch is not None and list(rematch.rec.names) == [str(arthur.id)]
        assert "Je rejoue" not in lobby.button_labels  # nothing waits for him: « Rejoindre », like anyone
    emu.assert_no_violations()

async def test_clicks_that_must_change_nothing_are_answered_privately(tavern: Tavern) -> None:
    emu = tavern.emu
    tavern.at_test_speed()
    emu.freeze_clock()
    arthur, perceval, outsider = tavern.arthur, tavern.perceval, tavern.outsider
    async with tavern.bot() as bot:
        table, _ = await finished_game(tavern, bot, [perceval])
        stranger = await ask(emu, table, outsider)
        assert stranger.ephemeral and "Seuls les joueurs" in stranger.content
        assert table_of(bot, tavern.channel) is None
        # A double click: both reach the bot at once, one rematch opens, the other click is told so.
        clicks = await asyncio.gather(ask(emu, table, arthur), ask(emu, table, arthur))
        [asked] = [c for c in clicks if not c.ephemeral]
        [again] = [c for c in clicks if c.ephemeral]
        assert "déjà ouverte" in again.content and asked.message is not None
        lobby, rematch = asked.message, table_of(bot, tavern.channel)
        assert rematch is not None
        assert sum(1 for m in tavern.channel.public_messages if "Je rejoue" in m.button_labels) == 1
        on_his_screen = lobby.snapshot()
        wrong = await emu.click(lobby, outsider, label="Je rejoue")
        assert wrong.ephemeral and "Aucune place" in wrong.content
        # Perceval clicks « Revanche » too: the seat kept for him is his.
        his = await ask(emu, table, perceval)
        assert his.ephemeral and "confirmée" in his.content
        await emu.wait_until(lambda: "⏳" not in lobby.text(), 5, "the lobby redrawn")
        twice = await emu.click(on_his_screen, perceval, label="Je rejoue")
        assert twice.ephemeral and "déjà assis" in twice.content
        gone = await emu.slash(tavern.channel, arthur, "abandonner", {})
        assert not gone.errors
        assert table_of(bot, tavern.channel) is None
    async with tavern.bot() as bot:
        # After a restart, the old table's button: it had its rematch already.
        stale = await ask(emu, table, arthur)
        assert stale.ephemeral and "déjà eu sa revanche" in stale.content
        assert table_of(bot, tavern.channel) is None
        other = await open_table(emu, tavern.channel, perceval, "culdechouette")
        taken = await ask(emu, table, arthur)
        assert taken.ephemeral and "déjà ouverte dans ce salon" in taken.content
        assert table_of(bot, tavern.channel) is not None and other.id != lobby.id
    emu.assert_no_violations()
