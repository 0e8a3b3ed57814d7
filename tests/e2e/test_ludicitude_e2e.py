"""A whole game of Ludicitude through the Discord emulator: the real bot (discord.py, its commands,
buttons and selects, the session manager on SQLite) from ``/jouer`` to the winner, driven by two
players' clicks on what the table shows them.

The dice: a seed alone (``graine=``) would not give the throws this test needs, so the bot is given
``LoadedLudicitude`` (tests/e2e/dice.py): the real game whose games start with chosen dice (the
worst throw 1 1 1 2 2 2 2, a take-over, only carrots, only clapiers after carrots), then a fixed
seed. The game is then the same at every run. After the chosen opening, each player picks the
set-aside worth the most, stops from 8 points on, takes over a situation worth 5 points or more.

The channel's rate limit is raised (``tavern.at_test_speed()``) so the end-of-turn lines of a fast
test game are not paced to Discord's 5 per 5 s: pacing is the emulator's own tests' business.
"""

from __future__ import annotations

import re
from typing import Any

from bot.sessions import Session
from emulator import Component, Emulator, InteractionRecord, Message, User
from games.ludicitude import LudicitudeState
from tests import layout
from tests.e2e.dice import LoadedLudicitude
from tests.e2e.table import action_kind, open_table, scores, seat_and_start
from tests.e2e.tavern import Tavern

OPENING = [1, 1, 1, 2, 2, 2, 2, 1, 1, 3, 6, 6, 6, 6, 3, 5, 5]
SEED = 4
TARGET = 150
MAX_CLICKS = 300
MENTION = re.compile(r"<@(\d+)>")
POINTS = re.compile(r"(\d+) points?\b")


def fields(message: Message) -> dict[str, str]:
    return layout.fields(message.components)


def state_of(session: Session) -> LudicitudeState:
    """The bot's own state of the table (kept by the test: the manager lets go of a finished table)."""
    assert isinstance(session.state, LudicitudeState)
    return session.state


def worth(label: str) -> int:
    """The points a button or option says (« … → tour à 44 points », « Reprendre … (3 points) »)."""
    found = POINTS.findall(label)
    return int(found[-1]) if found else 0


async def picked(emu: Emulator, table: Message, user: User, label: str) -> InteractionRecord:
    """``user`` picks the select option showing ``label``."""
    for menu in table.selects:
        for option in menu.options:
            if option["label"] == label:
                return await emu.select(table, user, [option["value"]], custom_id=menu.custom_id)
    raise LookupError(f"no option « {label} »: {[m.option_labels for m in table.selects]}")


async def clicked(emu: Emulator, table: Message, user: User, label: str) -> InteractionRecord:
    reply = await emu.click(table, user, label=label)
    assert reply.response_type == 7 and not reply.errors, reply
    return reply


async def said(emu: Emulator, tavern: Tavern, text: str) -> Message:
    return await emu.wait_for_message(tavern.channel, lambda m: text in m.content, timeout=5)


def best_choice(table: Message) -> tuple[str, Component | None, dict[str, Any] | None]:
    """The set-aside worth the most, as a button or a select option (label, button, option)."""
    buttons = [(b.label or "", b, None) for b in table.buttons if action_kind(b) == "ecarter"]
    options = [(o["label"], menu, o) for menu in table.selects for o in menu.options]
    label, component, option = max([*buttons, *options], key=lambda c: worth(c[0]))
    return label, component, option


async def play_one(emu: Emulator, session: Session, tavern: Tavern, table: Message) -> str:
    """The player the table names does what a prudent player does; returns what they clicked."""
    state = state_of(session)
    [named] = MENTION.findall(fields(table)["À jouer"])
    assert named == state.players[state.current]
    user = next(u for u in tavern.players if str(u.id) == named)
    kinds = {action_kind(b): b.label or "" for b in table.buttons if action_kind(b)}
    if table.selects or "ecarter" in kinds:
        label, component, option = best_choice(table)
        if option is not None and component is not None:
            await emu.select(table, user, [option["value"]], custom_id=component.custom_id)
        else:
            await clicked(emu, table, user, label)
        return label
    if "reprendre" in kinds and worth(kinds["reprendre"]) >= 5:
        label = kinds["reprendre"]
    elif "arreter" in kinds and worth(kinds["arreter"]) >= 8:
        label = kinds["arreter"]
    else:
        label = kinds.get("relancer") or kinds["tout_relancer"]
    await clicked(emu, table, user, label)
    return label


async def test_a_whole_game_from_the_worst_throw_to_the_winner(emu: Emulator, tavern: Tavern) -> None:
    tavern.at_test_speed()
    arthur, perceval = tavern.arthur, tavern.perceval
    async with tavern.bot({"ludicitude": LoadedLudicitude(OPENING, fixed_seed=SEED)}) as bot:
        table = await open_table(emu, tavern.channel, arthur, "ludicitude", f"objectif={TARGET}")
        await seat_and_start(emu, table, arthur, [perceval])
        session = bot.manager.in_channel(tavern.channel.id)
        assert session is not None
        shown = fields(table)
        assert shown["Situation laissée"] == "Aucune : Arthur lance les 7 dés."
        assert shown[f"Scores (premier à {TARGET})"] == "🎲 **Arthur** : 0\n**Perceval** : 0"
        assert table.button_labels == ["Tout relancer (7 dés)", "Exclure…", "Quitter"]

        # Not his turn: Perceval is told so privately, and the table does not move.
        refused = await emu.click(table, perceval, label="Tout relancer (7 dés)")
        assert refused.ephemeral and refused.content == "Ce n'est pas ton tour."

        # The worst throw: 34 choices, split by clapier into two selects.
        await clicked(emu, table, arthur, "Tout relancer (7 dés)")
        assert fields(table)["Lancer de Arthur"].startswith("🐇 🐇 🐇 🐇🐇/🏠2 🐇🐇/🏠2 🐇🐇/🏠2 🐇🐇/🏠2\n")
        assert [len(m.options) for m in table.selects] == [19, 15]
        assert [m.raw["placeholder"] for m in table.selects][1] == "Écarter avec le clapier pour 2…"
        await picked(emu, table, arthur, "1 lapin, le clapier pour 2 → tour à 2 points")
        assert fields(table)["Écartés ce tour"] == "🐇 · 🏠2\nLe tour vaut **1 × 2 = 2 points**."
        await clicked(emu, table, arthur, "S'arrêter et marquer 2 points")
        await said(emu, tavern, "Arthur s'arrête : 2 points (1 × 2). Total : 2.")
        await said(
            emu, tavern, "À Perceval : reprendre la situation laissée (1 lapin, clapiers 2, vaut 2 points"
        )

        # Perceval takes over the rabbit and the clapier, and throws the five other dice: his 3
        # goes on Arthur's 2.
        assert "Vaut **1 × 2 = 2 points**. Perceval choisit" in fields(table)["Situation laissée"]
        await clicked(emu, table, perceval, "Reprendre la situation (2 points)")
        assert fields(table)["Lancer de Perceval"].startswith("🐇 🐇 🏠3 🥕 🥕\n")
        await clicked(emu, table, perceval, "1 pile de deux lapins, le clapier pour 3 → tour à 33 points")
        await clicked(emu, table, perceval, "Relancer (2 dés)")
        assert fields(table)["Que des carottes !"] == "Perceval doit relancer ses 3 dés lapins."
        assert "🧠 11 points de lapins mémorisés" in fields(table)["Écartés ce tour"]
        await clicked(emu, table, perceval, "Relancer mes 3 dés lapins")
        await said(
            emu, tavern, "Que des clapiers après des carottes : Perceval marque quand même : 33 points"
        )
        assert scores(table) == {"Arthur": 2, "Perceval": 33}

        # From here the seeded dice decide; the players play prudently until someone wins.
        played: list[str] = []
        from_a_select = 0
        while not state_of(session).over:
            assert len(played) < MAX_CLICKS, "the game did not end"
            from_a_select += bool(table.selects)
            played.append(await play_one(emu, session, tavern, table))
        state = state_of(session)
        [winner] = state.winners
        shown = fields(table)
        assert shown["Partie terminée"] == f"🏆 <@{winner}>"
        assert "À jouer" not in shown and table.button_labels == ["Revanche"] and table.selects == []
        assert max(scores(table).values()) == state.scores[winner] >= TARGET
        # What this seed's game went through, so the loop is known to have met each of them.
        assert any(label.startswith("Reprendre la situation (") for label in played)
        assert from_a_select > 0
        channel_text = "\n".join(m.content for m in tavern.channel.public_messages)
        assert "Aucun lapin ! " in channel_text
        await said(emu, tavern, f"🏆 Partie de Ludicitude terminée ! Victoire : <@{winner}>.")
    emu.assert_no_violations()
