"""The end of a game of Barricade / Ruée vers l'or through the Discord emulator: the real bot
(discord.py, its commands, buttons and selects, the session manager on SQLite) from ``/jouer`` to
the winner, driven by two players' clicks on what the table shows them.

A whole game is thousands of throws, so the table is opened and started by the players, the bot is
stopped, the stored state is set to a position near the end (with the next throws loaded), and the
bot is started again: it restores the table as after any restart, and the game is played to its
end by clicks — a throw, a move onto the mine's door barrier, a miner into the mine, the barrier
moved by its row then its point, the fifth miner in and the win.
"""

from __future__ import annotations

from bot.store import Store
from emulator import Component, Emulator, InteractionRecord, Message, User
from games.barricade import GAME, BarricadeState, load_board, numbered_destinations
from games.barricade.state import TENT
from games.core import Dice
from tests.e2e.table import open_table, seat_and_start
from tests.e2e.tavern import Tavern

BOARD = load_board()


def fields(message: Message) -> dict[str, str]:
    [embed] = message.embeds
    return {f["name"]: f["value"] for f in embed.get("fields") or []}


def board_png(message: Message) -> bytes:
    [picture] = message.attachments
    assert picture.filename == "plateau.png" and picture.data.startswith(b"\x89PNG")
    assert message.embeds[0]["image"]["url"] == "attachment://plateau.png"
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
    """Writes the stored table at a late position: Arthur 3 miners in the mine, one on M10, one on
    M12; Perceval 2 in the mine, one on M20, two in the tent. Arthur throws next: 3, then 1, then 2;
    Perceval 2, then 4."""
    store = await Store.open(tavern.database)
    try:
        [rec] = await store.open_sessions()
        assert rec.state is not None
        state = GAME.load(rec.state)
        mine = BOARD.mine
        state.order, state.current = [arthur, perceval], 0
        state.miners = {
            arthur: [BOARD.by_label("M10"), BOARD.by_label("M12"), mine, mine, mine],
            perceval: [BOARD.by_label("M20"), mine, mine, TENT, TENT],
        }
        state.barriers = sorted(BOARD.barriers)
        state.dice = Dice(seed=5, loaded=[3, 2, 1, 4, 2])
        state.turn_no += 1  # buttons drawn before the change are old ones now
        rec.state = state.model_dump_json()
        await store.save_session(rec)
    finally:
        await store.close()


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
            "1 : M7",
            "2 : M13",
            "3 : M9",
        ]
        assert move_labels(table) == [
            "1 : mineur 1 → M7",
            "2 : mineur 1 → M13 · barrière",
            "3 : mineur 2 → M9",
        ]
        assert board_png(table) != before
        await clicked(emu, table, arthur, "2 : mineur 1 → M13 · barrière")
        assert "Arthur s'arrête sur la barrière du point M13." in table.text()

        # Perceval throws a 2 and takes the first move offered.
        assert fields(table)["À jouer"] == f"🔵 <@{p}> (bleu) lance le dé."
        await clicked(emu, table, perceval, "Lancer le dé")
        await clicked(emu, table, perceval, move_labels(table)[0])

        # Arthur's 1 takes his miner off the barrier and into the mine: the barrier is his to move.
        await clicked(emu, table, arthur, "Lancer le dé")
        assert move_labels(table) == ["1 : mineur 1 → mine d'or", "2 : mineur 2 → M11"]
        await clicked(emu, table, arthur, "1 : mineur 1 → mine d'or")
        await emu.wait_for_message(tavern.channel, lambda m: "⛏️ Arthur a 4 mineurs sur 5" in m.content)
        assert move_labels(table) == ["Laisser la barrière en M13"]
        rows = select_with(table, "tvb:")
        assert "M" in [o["value"] for o in rows.options] and "A" not in [o["value"] for o in rows.options]

        refused = await emu.select(table, perceval, ["M"], custom_id=rows.custom_id)
        assert refused.ephemeral and refused.content == "Ce n'est pas ton tour."
        assert [s.custom_id for s in table.selects] == [rows.custom_id]

        chose = await picked(emu, table, arthur, "tvb:", "Rangée M")
        assert chose.response_type == 7 and not chose.errors
        points = select_with(table, "tvs:")
        assert (
            "M15" in points.option_labels and "M13" not in points.option_labels and len(points.options) <= 25
        )
        placed = await picked(emu, table, arthur, "tvs:", "M15")
        assert placed.response_type == 7 and not placed.errors
        assert "Arthur déplace la barrière de M13 vers M15." in table.text()
        assert table.selects == []

        await clicked(emu, table, perceval, "Lancer le dé")
        await clicked(emu, table, perceval, move_labels(table)[0])

        # Arthur's 2 brings his last miner through the free door into the mine.
        await clicked(emu, table, arthur, "Lancer le dé")
        assert move_labels(table) == ["1 : mineur 2 → M10", "2 : mineur 2 → M14", "3 : mineur 2 → mine d'or"]
        await clicked(emu, table, arthur, "3 : mineur 2 → mine d'or")
        await emu.wait_for_message(tavern.channel, lambda m: "Victoire : <@" + a in m.content)
        shown = fields(table)
        assert shown["Partie terminée"] == f"🏆 🔴 <@{a}>"
        assert shown["Mineurs"].startswith("🔴 **Arthur** : ⛺ 0 sous la tente · 🛤️ 0 en route · ⛏️ 5/5")
        assert table.buttons == [] and table.selects == []
        board_png(table)
    emu.assert_no_violations()
