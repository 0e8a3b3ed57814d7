"""« Ma main » through the Discord emulator and the real bot: the hand privately with its moves as
buttons and its picture; a move clicked there redraws that private message (the hand after the
move, no stale buttons) and the public table through the channel; an old private button answers
in that same message, the hand as it is now."""

from __future__ import annotations

import re

import pytest

from bot.tables.chevre import HAND_FILE
from emulator import Message
from tests import layout
from tests.e2e.dice import DealtChevre
from tests.e2e.table import open_table, seat_and_start
from tests.e2e.tavern import Tavern

UPDATE_MESSAGE = 7  # the interaction's answer edits the message the click came from
PNG = b"\x89PNG"
# The lobby starts games with a random seed, and no seed deals this: the deal is loaded.
DEAL = [
    ["1-1", "0-2", "2-3", "3-5", "4-6", "0-5", "1-4"],  # Arthur opens with the 1-1
    ["2-2", "0-1", "1-3", "2-5", "3-6", "4-5", "0-6"],  # Perceval: the 0-1 and the 1-3 fit then
    ["3-3", "1-2", "0-3", "1-6", "2-4", "5-6", "0-4"],
]


@pytest.fixture(autouse=True)
def at_test_speed(tavern: Tavern) -> None:
    """The real bot's pings of a fast game are not paced to Discord's 5 messages per 5 s."""
    tavern.at_test_speed()


def footer_turn(table: Message) -> int:
    found = re.search(r"tour (\d+)", layout.footer(table.components))
    assert found is not None
    return int(found.group(1))


async def test_a_move_from_ma_main_redraws_the_hand_and_the_table(tavern: Tavern) -> None:
    emu = tavern.emu
    arthur, perceval, karadoc = tavern.players
    async with tavern.bot({"chevre": DealtChevre(DEAL)}):
        table = await open_table(emu, tavern.channel, arthur, "chevre", "limite=13")
        await seat_and_start(emu, table, arthur, [perceval, karadoc])
        chain_picture = table.attachment("chaine.png").id

        opened = await emu.click(table, arthur, label="Ma main")
        hand = opened.message
        assert opened.ephemeral and hand is not None and hand.visible_to == arthur
        assert hand.text().startswith("**Ta main** (7 dominos) : ")
        assert hand.button_labels == ["Ouvrir avec le 1-1"]
        assert hand.attachment(HAND_FILE).data.startswith(PNG)
        first_picture = hand.attachment(HAND_FILE).id

        turn = footer_turn(table)
        played = await emu.click(hand, arthur, label="Ouvrir avec le 1-1")
        assert played.response_type == UPDATE_MESSAGE and played.message is hand and not played.errors
        assert hand.text().startswith("✅ C'est joué.\n\n**Ta main** (6 dominos) : ")
        assert "1-1" not in hand.text()
        assert hand.buttons == []  # Perceval's turn now: no move of Arthur's to click
        assert hand.attachment(HAND_FILE).id != first_picture  # the hand changed: a new picture

        await emu.wait_until(lambda: footer_turn(table) > turn, 5, "the table edited through the channel")
        assert "[1|1]" in table.text() and table.attachment("chaine.png").id != chain_picture
        assert table.button_labels == ["Poser un domino…", "Ma main", "Exclure…", "Quitter"]
        ping = await emu.wait_for_message(tavern.channel, lambda m: m.content.endswith("à toi !"), timeout=5)
        assert ping.content == f"<@{perceval.id}>, à toi !"


async def test_an_old_button_of_a_hand_answers_in_that_hand(tavern: Tavern) -> None:
    emu = tavern.emu
    arthur, perceval, karadoc = tavern.players
    async with tavern.bot({"chevre": DealtChevre(DEAL)}):
        table = await open_table(emu, tavern.channel, arthur, "chevre", "limite=13")
        await seat_and_start(emu, table, arthur, [perceval, karadoc])
        opening = await emu.click(table, arthur, label="Ma main")
        assert opening.message is not None
        await emu.click(opening.message, arthur, label="Ouvrir avec le 1-1")

        # Perceval opens « Ma main » twice, then plays from the first one.
        first = (await emu.click(table, perceval, label="Ma main")).message
        second = (await emu.click(table, perceval, label="Ma main")).message
        assert first is not None and second is not None and first is not second
        moves = ["0-1 à gauche", "0-1 à droite", "1-3 à gauche", "1-3 à droite"]
        assert first.button_labels == moves and second.button_labels == moves
        await emu.click(first, perceval, label="1-3 à droite")

        old = await emu.click(second, perceval, label="0-1 à gauche")
        assert old.response_type == UPDATE_MESSAGE and old.message is second
        assert second.text().startswith("⚠️ Ce bouton date d'un tour précédent : rien n'a été fait.")
        assert "**Ta main** (6 dominos) : " in second.text() and "1-3" not in second.text()
        assert second.buttons == []
        assert old.followups == []  # nothing else was said
