"""A whole game of La Cabane sul' Dos and one of Ludicitude on an English server (``/config
langue:en``) with English clients: every message the channel reads and every private answer a player
gets is English, but for the game words (Façade, Toit, cabane, lapin, clapier, carotte…, see
``tests/french.py``). The French games are tests/e2e/test_cabane_e2e.py and test_ludicitude_e2e.py.

The players click by the action a button stands for (its custom_id), so the test does not depend on
the English labels it checks; whoever the game names plays, prudently (Ludicitude: the first
set-aside offered, stop from 8 points, take over from 5). Once per game a player clicks out of turn
and reads the refusal privately, in English.
"""

from __future__ import annotations

from typing import Any

from bot.sessions import Session
from emulator import Emulator, InteractionRecord, Message, User
from games.cabane import CabaneState
from games.core import BaseState
from games.ludicitude import LudicitudeState, turn_points, value_left
from speech.cabane import count_words
from tests import layout
from tests.e2e.table import act, action_kind, open_table
from tests.e2e.tavern import Tavern
from tests.french import french_lines

MAX_CLICKS = 600


def state_of(session: Session) -> BaseState:
    assert session.state is not None
    return session.state


async def english_table(emu: Emulator, tavern: Tavern, game: str, options: str) -> Message:
    """An English server, English clients; the host opens ``game``, the other sits, the host starts."""
    await emu.slash(tavern.channel, emu.owner, "config", {"langue": "en"})
    for user in tavern.players:
        user.locale = "en-US"
    lobby = await open_table(emu, tavern.channel, tavern.arthur, game, options)
    assert not french_lines(lobby.text()), lobby.text()
    joined = await emu.click(lobby, tavern.perceval, label="Join")
    assert not joined.errors
    started = await emu.click(lobby, tavern.arthur, label="Start")
    assert not started.errors and not started.ephemeral, started.content
    return lobby


def whose_turn(tavern: Tavern, player: str) -> User:
    return next(u for u in tavern.players if str(u.id) == player)


def no_french(texts: list[str]) -> None:
    found = [line for text in texts for line in french_lines(text)]
    assert not found, "French read on an English server:\n" + "\n".join(found)


async def refused_out_of_turn(emu: Emulator, table: Message, other: User, kind: str) -> InteractionRecord:
    refusal = await act(emu, table, other, kind)
    assert refusal.ephemeral
    return refusal


def channel_texts(tavern: Tavern) -> list[str]:
    return [m.text() for m in tavern.channel.public_messages]


async def test_a_whole_cabane_game_in_english(emu: Emulator, tavern: Tavern) -> None:
    tavern.at_test_speed()
    async with tavern.bot() as bot:
        table = await english_table(emu, tavern, "cabane", "mode=deux_des graine=3")
        session = bot.manager.in_channel(tavern.channel.id)
        assert session is not None
        assert layout.header(table.components) == "La Cabane sul' Dos — the 2-dice game"
        assert table.button_labels == ["Throw both dice", "Remove…", "Leave"]
        private: list[str] = []
        clicks, seen_count = 0, False
        while not state_of(session).over:
            state = state_of(session)
            assert isinstance(state, CabaneState)
            assert clicks < MAX_CLICKS, "the game did not end"
            if clicks == 0:
                other = next(u for u in tavern.players if str(u.id) != state.current)
                refusal = await refused_out_of_turn(emu, table, other, "lancer")
                assert refusal.content == f"It is not your turn: {session.name(state.current)} is to throw."
                private.append(refusal.content or "")
            reply = await act(emu, table, whose_turn(tavern, state.current), "lancer")
            assert not reply.errors, reply
            clicks += 1
            after = state_of(session)
            if isinstance(after, CabaneState) and after.phase == "dix_coups" and not after.over:
                seen_count = True
                assert f"counts “{count_words(after.count_said, 'en')}”" in table.text()
        assert seen_count, "the game never reached the ten throws"
        assert "has won the game!" in table.text()
        assert any("Game over" in name for name in layout.fields(table.components))
        no_french([*channel_texts(tavern), *private])
    emu.assert_no_violations()


def ludicitude_move(table: Message, state: LudicitudeState) -> tuple[str, dict[str, Any] | None]:
    """What a prudent player does: an action kind, or a select option to pick."""
    if table.selects:
        menu = table.selects[0]
        return menu.custom_id or "", menu.options[0]
    kinds = {action_kind(b) for b in table.buttons}
    if "ecarter" in kinds:
        return "ecarter", None
    if "reprendre" in kinds and value_left(state) >= 5:
        return "reprendre", None
    if "arreter" in kinds and turn_points(state) >= 8:
        return "arreter", None
    return ("relancer" if "relancer" in kinds else "tout_relancer"), None


async def test_a_whole_ludicitude_game_in_english(emu: Emulator, tavern: Tavern) -> None:
    tavern.at_test_speed()
    async with tavern.bot() as bot:
        table = await english_table(emu, tavern, "ludicitude", "objectif=60 graine=5")
        session = bot.manager.in_channel(tavern.channel.id)
        assert session is not None
        assert table.button_labels == ["Throw all again (7 dice)", "Remove…", "Leave"]
        fields = layout.fields(table.components)
        assert fields["Situation left"] == "None: Arthur throws the 7 dice."
        private: list[str] = []
        clicks = 0
        while not state_of(session).over:
            state = state_of(session)
            assert isinstance(state, LudicitudeState)
            assert clicks < MAX_CLICKS, "the game did not end"
            user = whose_turn(tavern, state.players[state.current])
            if clicks == 0:
                other = next(u for u in tavern.players if u is not user)
                refusal = await refused_out_of_turn(emu, table, other, "tout_relancer")
                assert refusal.content == "It is not your turn."
                private.append(refusal.content or "")
            move, option = ludicitude_move(table, state)
            if option is not None:
                reply = await emu.select(table, user, [option["value"]], custom_id=move)
            else:
                kind = move
                if kind == "ecarter":
                    button = next(b for b in table.buttons if action_kind(b) == "ecarter")
                    reply = await emu.click(table, user, button.custom_id)
                else:
                    reply = await act(emu, table, user, kind)
            assert not reply.errors, reply
            clicks += 1
        text = table.text()
        assert "Game over" in text and "wins with" in text
        channel = "\n".join(channel_texts(tavern))
        assert "stops:" in channel and "your turn!" in channel
        no_french([*channel_texts(tavern), *private])
    emu.assert_no_violations()
