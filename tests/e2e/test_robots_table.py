"""Robots at a table, focused: the lobby (only the host adds or removes them), pings, the leave
flow's seat handed to a robot, a table left without humans, Cul de chouette shouts decided by
timestamps between a robot and a human, and /stats keeping robots out of the rankings."""

from __future__ import annotations

import re

import pytest

from bot.app import TaverneBot
from bot.sessions import Session, TableError
from emulator import Channel, Message
from tests.e2e.dice import LoadedCulDeChouette
from tests.e2e.robots import add_robots, game_told_over, play_with_robots, table_of
from tests.e2e.table import act, open_table, table_message
from tests.e2e.tavern import Tavern

# Arthur throws 1, the robot 6 for the order: Arthur starts; then Arthur's Chouette-Velute de 4.
ARTHUR_STARTS = [1, 6]
CHOUETTE_VELUTE = [2, 2, 4]


def lobby_select(lobby: Message, what: str) -> str:
    return next(str(s.custom_id) for s in lobby.selects if (s.custom_id or "").endswith(f":{what}"))


def mentioned(channel: Channel) -> set[str]:
    return {m for message in channel.public_messages for m in re.findall(r"<@!?(\w[\w-]*)>", message.content or "")}


async def test_only_the_host_adds_and_removes_robots_and_others_are_told_privately(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot() as bot:
        lobby = await open_table(emu, tavern.channel, tavern.arthur, "ludicitude")
        await add_robots(emu, lobby, tavern.arthur, "debutant", 1)
        await add_robots(emu, lobby, tavern.arthur, "fort", 1)
        assert "🤖 Gaston (robot débutant)" in lobby.text() and "🤖 Huguette (robot fort)" in lobby.text()
        await emu.click(lobby, tavern.perceval, label="Rejoindre")
        refused = await emu.select(lobby, tavern.perceval, ["fort"], custom_id=lobby_select(lobby, "robot"))
        assert refused.ephemeral and refused.content == "Seul·e l'hôte de la table (Arthur) peut faire ça."
        refused = await emu.select(lobby, tavern.perceval, ["robot-1"], custom_id=lobby_select(lobby, "unrobot"))
        assert refused.ephemeral and "Seul·e l'hôte" in refused.content
        session = table_of(bot, tavern.channel)
        assert session is not None and list(session.rec.robots) == ["robot-1", "robot-2"]
        removed = await emu.select(lobby, tavern.arthur, ["robot-1"], custom_id=lobby_select(lobby, "unrobot"))
        assert not removed.ephemeral
        assert "Gaston" not in lobby.text() and "🤖 Huguette" in lobby.text()
        assert list(session.rec.robots) == ["robot-2"]
        # A choice made stale meanwhile (the robot is gone already) changes nothing and says why.
        with pytest.raises(TableError) as gone:
            await bot.manager.remove_robot(session.id, str(tavern.arthur.id), "robot-1")
        assert gone.value.text == "Ce robot n'est plus à la table : rien n'a été fait."
    emu.assert_no_violations()


async def test_jouer_seats_robots_and_a_human_alone_with_them_is_a_table(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot() as bot:
        reply = await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": "chevre", "robots": 2, "niveau": "debutant"})
        assert reply.message is not None and not reply.ephemeral
        session = table_of(bot, tavern.channel)
        assert session is not None and session.rec.robots == {"robot-1": "debutant", "robot-2": "debutant"}
        started = await emu.click(reply.message, tavern.arthur, label="Commencer")
        assert not started.ephemeral, started.content
        assert [p for p in session.players if p not in session.rec.robots] == [str(tavern.arthur.id)]
    emu.assert_no_violations()


async def test_jouer_refuses_more_robots_than_the_game_seats_and_opens_nothing(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot() as bot:
        reply = await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": "chevre", "robots": 4})
        assert reply.ephemeral
        assert reply.content == "Trop de robots : 3 au plus à cette table (l'hôte compte une place)."
        assert table_of(bot, tavern.channel) is None
    emu.assert_no_violations()


async def test_robots_are_never_pinged_and_play_before_any_turn_timer(tavern: Tavern) -> None:
    emu = tavern.emu
    tavern.at_test_speed()
    emu.freeze_clock()
    async with tavern.bot() as bot:
        # A one-minute turn timer: the robots' pace stays well within it.
        reply = await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": "ludicitude", "options": "objectif=60 graine=3", "robots": 2, "delai": 1})
        assert reply.message is not None
        await emu.click(reply.message, tavern.arthur, label="Commencer")
        session = table_of(bot, tavern.channel)
        assert session is not None
        for _ in range(40):
            if session.state is None or session.state.over or session is not table_of(bot, tavern.channel):
                break
            due = bot.manager.next_due(session)
            if due.kind == "robot":
                limit = session.rec.waiting_since_ms + bot.manager.turn_timeout(session)
                assert due.at < limit
            await play_with_robots(emu, bot, tavern.channel, [tavern.arthur], stop_after=1)
        assert session.rec.warned is False
    assert mentioned(tavern.channel) <= {str(tavern.arthur.id)}
    assert str(tavern.arthur.id) in mentioned(tavern.channel)
    assert "⏰" not in tavern.channel.transcript()
    emu.assert_no_violations()


async def arthur_and_perceval_at_ludicitude(tavern: Tavern, bot: TaverneBot, robots: int) -> Session:
    """A Ludicitude table started by Arthur with Perceval and ``robots`` strong robots."""
    emu = tavern.emu
    lobby = await open_table(emu, tavern.channel, tavern.arthur, "ludicitude", "objectif=60 graine=4")
    await emu.click(lobby, tavern.perceval, label="Rejoindre")
    if robots:
        await add_robots(emu, lobby, tavern.arthur, "fort", robots)
    await emu.click(lobby, tavern.arthur, label="Commencer")
    session = table_of(bot, tavern.channel)
    assert session is not None
    return session


async def test_a_player_leaving_hands_the_seat_to_a_robot_which_plays_on(tavern: Tavern) -> None:
    emu = tavern.emu
    tavern.at_test_speed()
    emu.freeze_clock()
    async with tavern.bot() as bot:
        session = await arthur_and_perceval_at_ludicitude(tavern, bot, robots=1)
        perceval = str(tavern.perceval.id)
        table = table_message(tavern.channel)
        confirm = await emu.click(table, tavern.perceval, label="Quitter")
        assert confirm.ephemeral and confirm.message is not None
        given = await emu.click(confirm.message, tavern.perceval, label="Laisser ma place à un robot")
        assert given.content == "Tu as quitté la partie : 🤖 Huguette joue ta place."
        assert session.rec.robots[perceval] == "fort" and perceval in session.players
        told = "🤖 Perceval quitte la partie : 🤖 Huguette (robot fort) joue sa place."
        await emu.wait_until(lambda: told in tavern.channel.transcript(), 5, "the channel told")
        # Perceval's old buttons no longer play for the robot's seat.
        refused = await emu.click(table_message(tavern.channel), tavern.perceval, label="Quitter")
        assert refused.ephemeral
        await play_with_robots(emu, bot, tavern.channel, [tavern.arthur])
        await game_told_over(emu, tavern.channel)
    emu.assert_no_violations()


async def test_the_host_gives_the_seat_of_a_player_who_walked_away_to_a_robot(tavern: Tavern) -> None:
    emu = tavern.emu
    tavern.at_test_speed()
    emu.freeze_clock()
    async with tavern.bot() as bot:
        session = await arthur_and_perceval_at_ludicitude(tavern, bot, robots=0)
        perceval = str(tavern.perceval.id)
        # Only the host is offered another's seat: Perceval's own « Quitter » has no such choice.
        own = await emu.click(table_message(tavern.channel), tavern.perceval, label="Quitter")
        assert own.message is not None and not own.message.selects
        confirm = await emu.click(table_message(tavern.channel), tavern.arthur, label="Quitter")
        stale = await emu.click(table_message(tavern.channel), tavern.arthur, label="Quitter")
        assert confirm.message is not None and stale.message is not None
        given = await emu.select(confirm.message, tavern.arthur, [perceval])
        assert given.content == "🤖 Gaston joue désormais la place de Perceval."
        assert session.rec.robots[perceval] == "fort" and perceval in session.players
        told = "🤖 L'hôte confie la place de Perceval à 🤖 Gaston (robot fort)."
        await emu.wait_until(lambda: told in tavern.channel.transcript(), 5, "the channel told")
        # A menu opened before cannot give that seat again: refused privately, nothing changes.
        again = await emu.select(stale.message, tavern.arthur, [perceval])
        assert again.ephemeral and session.rec.robots == {perceval: "fort"}
        assert again.content == "Cette place n'est pas (ou plus) celle d'un autre joueur humain : rien n'a été fait."
        await play_with_robots(emu, bot, tavern.channel, [tavern.arthur])
        await game_told_over(emu, tavern.channel)
    emu.assert_no_violations()


async def test_a_table_left_without_humans_ends_and_says_so(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot() as bot:
        lobby = await open_table(emu, tavern.channel, tavern.arthur, "barricade")
        await add_robots(emu, lobby, tavern.arthur, "fort", 2)
        await emu.click(lobby, tavern.arthur, label="Commencer")
        confirm = await emu.click(table_message(tavern.channel), tavern.arthur, label="Quitter")
        assert confirm.message is not None
        await emu.click(confirm.message, tavern.arthur, label="Oui, je quitte la partie")
        await emu.wait_until(lambda: "Plus aucun humain" in tavern.channel.transcript(), 5, "the end told")
        assert table_of(bot, tavern.channel) is None
        assert "(elle ne compte pas dans /stats)" in tavern.channel.transcript()
        await emu.wait_until(lambda: not game_buttons(tavern.channel), 5, "the table's buttons taken off")
    emu.assert_no_violations()


def game_buttons(channel: Channel) -> list[str]:
    return [
        str(c.custom_id)
        for m in channel.public_messages
        for c in m.iter_components()
        if (c.custom_id or "").startswith(("tv:", "tvm:"))
    ]


async def chouette_velute_thrown(tavern: Tavern) -> tuple[Message, int]:
    """Arthur and a strong robot; Arthur throws a Chouette-Velute de 4: the window opens at the
    stamp of his click."""
    emu = tavern.emu
    lobby = await open_table(emu, tavern.channel, tavern.arthur)
    await add_robots(emu, lobby, tavern.arthur, "fort", 1)
    await emu.click(lobby, tavern.arthur, label="Commencer")
    await act(emu, table_message(tavern.channel), tavern.arthur, "lancer")
    opened = emu.now_ms()
    await act(emu, table_message(tavern.channel), tavern.arthur, "lancer", at_ms=opened)
    table = table_message(tavern.channel)
    assert "Chouette-Velute de 4" in table.text()
    return table, opened


async def robot_shout_time(tavern: Tavern, bot: object) -> int:
    session = table_of(bot, tavern.channel)  # type: ignore[arg-type]
    assert session is not None
    due = bot.manager.next_due(session)  # type: ignore[attr-defined]
    assert due.kind == "robot"
    return int(due.at)


async def test_a_quick_human_beats_the_robots_shout_by_its_timestamp(tavern: Tavern) -> None:
    emu = tavern.emu
    emu.freeze_clock()
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + CHOUETTE_VELUTE)}) as bot:
        table, opened = await chouette_velute_thrown(tavern)
        robot_at = await robot_shout_time(tavern, bot)
        assert opened + 300 <= robot_at <= opened + 900  # the strong robot's reaction time
        await act(emu, table, tavern.arthur, "pas_mou_le_caillou", at_ms=opened + 100)
        await play_with_robots(emu, bot, tavern.channel, [], stop_after=2)  # the robot's shout, the close
        await emu.wait_until(lambda: "Arthur gagne la Chouette-Velute : +32" in tavern.channel.transcript(), 5, "told")
        assert "🤖 Gaston gagne la Chouette-Velute" not in tavern.channel.transcript()
    emu.assert_no_violations()


async def test_the_robots_shout_beats_a_slow_human_though_it_arrives_later(tavern: Tavern) -> None:
    emu = tavern.emu
    emu.freeze_clock()
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + CHOUETTE_VELUTE)}) as bot:
        table, _ = await chouette_velute_thrown(tavern)
        robot_at = await robot_shout_time(tavern, bot)
        # Arthur's click reaches the bot first, but Discord stamped it after the robot's shout time.
        await act(emu, table, tavern.arthur, "pas_mou_le_caillou", at_ms=robot_at + 1000)
        await play_with_robots(emu, bot, tavern.channel, [], stop_after=2)  # the robot's shout, the close
        await emu.wait_until(lambda: "🤖 Gaston gagne la Chouette-Velute : +32" in tavern.channel.transcript(), 5, "told")
        assert "Arthur gagne la Chouette-Velute" not in tavern.channel.transcript()
    emu.assert_no_violations()


@pytest.mark.both_databases  # restarts / stored data: see docs/SCALING.md
async def test_stats_keep_robots_out_of_the_rankings_and_show_them_apart(tavern: Tavern) -> None:
    emu = tavern.emu
    tavern.at_test_speed()
    emu.freeze_clock()
    async with tavern.bot() as bot:
        lobby = await open_table(emu, tavern.channel, tavern.arthur, "cabane", "cible=4 graine=6")
        await add_robots(emu, lobby, tavern.arthur, "fort", 1)
        await add_robots(emu, lobby, tavern.arthur, "debutant", 1)
        await emu.click(lobby, tavern.arthur, label="Commencer")
        await play_with_robots(emu, bot, tavern.channel, [tavern.arthur])
        stats = await emu.slash(tavern.channel, tavern.arthur, "stats", {})
        assert stats.message is not None
        text = stats.message.text()
    ranking, _, robots = text.partition("Robots (à part des classements)")
    assert "Arthur" in ranking and "Gaston" not in ranking and "Huguette" not in ranking
    assert "🤖 débutant : " in robots and "🤖 fort : " in robots
    emu.assert_no_violations()


async def test_a_seat_given_to_a_robot_no_longer_shows_its_hand_to_the_player_who_left(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot() as bot:
        lobby = await open_table(emu, tavern.channel, tavern.arthur, "chevre", "graine=3")
        await emu.click(lobby, tavern.perceval, label="Rejoindre")
        await add_robots(emu, lobby, tavern.arthur, "fort", 1)
        await emu.click(lobby, tavern.arthur, label="Commencer")
        table = lobby  # the lobby message became the table
        mine = await emu.click(table, tavern.perceval, label="Ma main")
        assert mine.ephemeral and "Ta main" in mine.content
        confirm = await emu.click(table, tavern.perceval, label="Quitter")
        assert confirm.message is not None
        await emu.click(confirm.message, tavern.perceval, label="Laisser ma place à un robot")
        session = table_of(bot, tavern.channel)
        assert session is not None and str(tavern.perceval.id) in session.rec.robots
        hidden = await emu.click(table, tavern.perceval, label="Ma main")
        assert hidden.ephemeral and hidden.content == "Tu n'as rien de caché à cette table."
    emu.assert_no_violations()
