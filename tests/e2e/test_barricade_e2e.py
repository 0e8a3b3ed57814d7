"""The end of a game of Barricade / Ruée vers l'or through the Discord emulator: the real bot
(discord.py, its commands, buttons and selects, the session manager on SQLite) from ``/jouer`` to
the winner, driven by two players' clicks on what the table shows them.

A whole game is thousands of throws, so the table is opened and started by the players, the bot is
stopped, the stored state is set to a position near the end (with the next throws loaded), and the
bot is started again: it restores the table as after any restart, and the game is played to its
end by clicks — a throw, a move onto the camp's barrier below the mine, a miner into the mine, the
barrier moved by its row then its point, and a last throw whose only move the table plays: the
fifth miner in and the win.
"""

from __future__ import annotations

import pytest

from bot.store import Store
from emulator import Component, Emulator, InteractionRecord, Message, User
from games.barricade import GAME, BarricadeState, load_board, numbered_destinations
from games.barricade.state import TENT
from games.core import Dice
from tests import layout
from tests.e2e.table import open_table, seat_and_start
from tests.e2e.tavern import Tavern

BOARD = load_board()


def fields(message: Message) -> dict[str, str]:
    return layout.fields(message.components)


def board_png(message: Message) -> bytes:
    [picture] = message.attachments
    assert picture.filename == "plateau.png" and picture.data.startswith(b"\x89PNG")
    assert [p["media"]["url"] for p in message.gallery()] == ["attachment://plateau.png"]
    return picture.data


def move_labels(message: Message) -> list[str]:
    return [b.label or "" for b in message.buttons if (b.custom_id or "").startswith("tv:")]


async def clicked(emu: Emulator, table: Message, user: User, label: str) -> InteractionRecord:
    reply = await emu.click(table, user, label=label)
    assert reply.response_type == 7 and not reply.errors, reply
    return reply


def select_with(table: Message, prefix: str) -> Component:
    [menu] = [s for s in table.selects if (s.custom_id or "").startswith(prefix)]
    return menu


async def picked(emu: Emulator, table: Message, user: User, prefix: str, label: str) -> InteractionRecord:
    menu = select_with(table, prefix)
    [value] = [o["value"] for o in menu.options if o["label"] == label]
    return await emu.select(table, user, [value], custom_id=menu.custom_id)


async def near_the_end(tavern: Tavern, arthur: str, perceval: str) -> None:
    """Writes the stored table at a late position: Arthur 3 miners in the mine, one on G7, one on
    F5 (the top of his lane); Perceval 2 in the mine, one on E17, two in the tent. Arthur throws
    next: 3, then 2, then 6; Perceval 2, then 4."""
    store = await Store.open(tavern.database)
    try:
        [rec] = await store.open_sessions()
        assert rec.state is not None
        state = GAME.load(rec.state)
        mine = BOARD.mine
        state.order, state.current = [arthur, perceval], 0
        state.miners = {
            arthur: [BOARD.by_label("G7"), BOARD.by_label("F5"), mine, mine, mine],
            perceval: [BOARD.by_label("E17"), mine, mine, TENT, TENT],
        }
        state.barriers = sorted(BOARD.barriers)
        state.dice = Dice(seed=5, loaded=[3, 2, 2, 4, 6])
        state.turn_no += 1  # buttons drawn before the change are old ones now
        rec.state = state.model_dump_json()
        await store.save_session(rec)
    finally:
        await store.close()


@pytest.mark.both_databases  # restarts / stored data: see docs/SCALING.md
async def test_the_last_turns_of_a_game_by_clicks_after_a_restart(emu: Emulator, tavern: Tavern) -> None:
    tavern.at_test_speed()  # the pings and announcements of a fast game are not paced to 5 per 5 s
    arthur, perceval = tavern.arthur, tavern.perceval
    a, p = str(arthur.id), str(perceval.id)
    async with tavern.bot({"barricade": GAME}) as bot:
        table = await open_table(emu, tavern.channel, arthur, "barricade")
        await seat_and_start(emu, table, arthur, [perceval])
        session = bot.manager.in_channel(tavern.channel.id)
        assert session is not None and isinstance(session.state, BarricadeState)
        first = session.state.order[0]
        colour = {a: "🔴 ", p: "🔵 "}[first]
        assert fields(table)["À jouer"] == f"{colour}<@{first}> ({session.state.colours[first]}) lance le dé."
        assert move_labels(table) == ["Lancer le dé"]
        board_png(table)
    await near_the_end(tavern, a, p)

    async with tavern.bot({"barricade": GAME}) as bot:
        await emu.wait_for_message(tavern.channel, lambda m: "redémarré" in m.content, timeout=10)
        session = bot.manager.in_channel(tavern.channel.id)
        assert session is not None
        assert fields(table)["À jouer"] == f"🔴 <@{a}> (rouge) lance le dé."
        assert fields(table)["Mineurs"] == (
            "▶ 🔴 **Arthur** : ⛺ 0 sous la tente · 🛤️ 2 en route · ⛏️ 3/5 à la mine\n"
            "🔵 **Perceval** : ⛺ 2 sous la tente · 🛤️ 1 en route · ⛏️ 2/5 à la mine"
        )
        before = board_png(table)

        refused = await emu.click(table, perceval, label="Lancer le dé")
        assert refused.ephemeral and refused.content == "Ce n'est pas ton tour."

        # Arthur throws a 3: his buttons are the numbers drawn on the board.
        await clicked(emu, table, arthur, "Lancer le dé")
        state = session.state
        assert isinstance(state, BarricadeState)
        assert [f"{d.number} : {BOARD.label(d.point)}" for d in numbered_destinations(state)] == [
            "1 : I12",
            "2 : H6",
        ]
        assert move_labels(table) == [
            "1 : mineur 1 → I12 · barrière",
            "2 : mineur 2 → H6",
        ]
        assert board_png(table) != before
        await clicked(emu, table, arthur, "1 : mineur 1 → I12 · barrière")
        assert "Arthur s'arrête sur la barrière du point I12." in table.text()

        # Perceval throws a 2 and takes the first move offered.
        assert fields(table)["À jouer"] == f"🔵 <@{p}> (bleu) lance le dé."
        await clicked(emu, table, perceval, "Lancer le dé")
        await clicked(emu, table, perceval, move_labels(table)[0])

        # Arthur's 2 takes his miner off the barrier, through a door into the mine: the barrier is
        # his to move.
        await clicked(emu, table, arthur, "Lancer le dé")
        assert move_labels(table) == ["1 : mineur 1 → mine d'or", "2 : mineur 2 → G6"]
        await clicked(emu, table, arthur, "1 : mineur 1 → mine d'or")
        await emu.wait_for_message(tavern.channel, lambda m: "⛏️ Arthur a 4 mineurs sur 5" in m.content)
        assert move_labels(table) == ["Laisser la barrière en I12"]
        rows = select_with(table, "tvb:")
        assert "H" in [o["value"] for o in rows.options] and "A" not in [o["value"] for o in rows.options]

        refused = await emu.select(table, perceval, ["H"], custom_id=rows.custom_id)
        assert refused.ephemeral and refused.content == "Ce n'est pas ton tour."
        assert [s.custom_id for s in table.selects] == [rows.custom_id]

        # Onto the top of Perceval's lane, the one point every miner of his must pass.
        chose = await picked(emu, table, arthur, "tvb:", "Rangée H")
        assert chose.response_type == 7 and not chose.errors
        points = select_with(table, "tvs:")
        assert points.option_labels == ["H2", "H6", "H10", "H14", "H18", "H22"]
        placed = await picked(emu, table, arthur, "tvs:", "H18")
        assert placed.response_type == 7 and not placed.errors
        assert "Arthur déplace la barrière de I12 vers H18." in table.text()
        assert table.selects == []

        await clicked(emu, table, perceval, "Lancer le dé")
        await clicked(emu, table, perceval, move_labels(table)[0])

        # Arthur's 6 leaves one move, his last miner up his lane, across the camp and through a
        # door: the table plays it for him and says so.
        await clicked(emu, table, arthur, "Lancer le dé")
        await emu.wait_for_message(tavern.channel, lambda m: "Victoire : <@" + a in m.content)
        assert (
            "🤖 Arthur, coup joué pour toi : Mineur 2 de Arthur entre dans la mine d'or. (seul coup possible)"
            in table.text()
        )
        shown = fields(table)
        assert shown["Partie terminée"] == f"🏆 🔴 <@{a}>"
        assert shown["Mineurs"].startswith("🔴 **Arthur** : ⛺ 0 sous la tente · 🛤️ 0 en route · ⛏️ 5/5")
        assert table.button_labels == ["Revanche"] and table.selects == []
        board_png(table)
    emu.assert_no_violations()
