"""A table under stress from its own players: a flood of messages during a Chante-Sloubi, a player
leaving in the middle of a throw. One effect per rule, the table consistent, no Discord rule broken."""

from __future__ import annotations

import asyncio

import pytest

from bot.ui.ids import to36
from emulator import Emulator, User
from games.culdechouette.state import CulState, Song
from tests.e2e.dice import LoadedCulDeChouette
from tests.e2e.table import act, open_table, seat_and_start, table_message
from tests.e2e.tavern import Tavern

pytestmark = pytest.mark.both_databases

ARTHUR_STARTS = [1, 5, 6]
# Arthur a Velute of 5 (+50), Perceval and Karadoc a Néant each: the round ends, the Sloubi is worth 5.
ROUND_ONE = [2, 3, 5, 1, 3, 6, 1, 3, 6]
FLOOD = 120


async def test_a_flood_of_messages_during_a_chante_sloubi_interrupts_it_once(
    emu: Emulator, tavern: Tavern
) -> None:
    arthur, perceval, karadoc, singer = (*tavern.players, tavern.outsider)
    crowd = [emu.add_user(f"Chevalier {n}") for n in range(4)]
    for user in crowd:
        tavern.guild.add_member(user)
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + ROUND_ONE)}) as bot:
        lobby = await open_table(emu, tavern.channel, arthur)
        await seat_and_start(emu, lobby, arthur, [perceval, karadoc])
        for player in (arthur, perceval, karadoc):
            for _ in range(2):
                await act(emu, table_message(tavern.channel), player, "lancer")
        table = table_message(tavern.channel)
        joined = await emu.click(table, singer, label="Chante-Sloubi !")
        assert not joined.ephemeral and not joined.errors
        session = bot.manager.in_channel(tavern.channel.id)
        assert session is not None
        state = session.state
        assert isinstance(state, CulState) and state.song is not None and state.song.target == 5

        def song() -> Song | None:
            assert session is not None and isinstance(session.state, CulState)
            return session.state.song

        for n in (1, 2):
            await emu.send_message(tavern.channel, singer, f"Sloubi {n}")
        await emu.wait_until(lambda: (sung := song()) is not None and sung.next == 3)
        bot_messages_before = len(emu.bot_messages(tavern.channel))

        # Everyone talks at once; the singer goes on singing in the middle of it.
        talkers: list[User] = [arthur, perceval, karadoc, *crowd]
        flood = [
            emu.send_message(tavern.channel, talkers[n % len(talkers)], f"Allez ! {n}") for n in range(FLOOD)
        ]
        flood.insert(FLOOD // 2, emu.send_message(tavern.channel, singer, "Sloubi 3"))
        await asyncio.gather(*flood)
        await emu.wait_until(lambda: song() is None, 5)
        await asyncio.sleep(0.5)  # let the bot finish with the flood

        state = session.state
        assert isinstance(state, CulState)
        # Interrupted once: no bonus, no Bévue, the entry value kept; the game goes on with Arthur.
        assert state.scores == {
            str(arthur.id): 50,
            str(perceval.id): 0,
            str(karadoc.id): 0,
            str(singer.id): 5,
        }
        assert table.text().count("interrompt le Sloubi") == 1, table.text()
        # The bot answered the interruption, not each of the hundred messages.
        assert len(emu.bot_messages(tavern.channel)) - bot_messages_before <= 3
        thrown = await act(emu, table_message(tavern.channel), arthur, "lancer")
        assert thrown.response_type == 7 and not thrown.ephemeral
    emu.assert_no_violations()


async def test_a_player_leaving_in_the_middle_of_his_throw_hands_the_turn_on(
    emu: Emulator, tavern: Tavern
) -> None:
    arthur, perceval, karadoc = tavern.players
    async with tavern.bot({"culdechouette": LoadedCulDeChouette([*ARTHUR_STARTS, 2, 2])}) as bot:
        lobby = await open_table(emu, tavern.channel, arthur)
        await seat_and_start(emu, lobby, arthur, [perceval, karadoc])
        table = table_message(tavern.channel)
        await act(emu, table, arthur, "lancer")
        on_his_screen = table.snapshot()  # the chouettes thrown, the cul still to throw
        asked = await emu.click(table, arthur, label="Quitter")
        assert asked.ephemeral and asked.message is not None
        left = await emu.click(asked.message, arthur, label="Oui, je quitte la partie")
        assert not left.errors
        session = bot.manager.in_channel(tavern.channel.id)
        assert session is not None and isinstance(session.state, CulState)
        state = session.state
        assert state.players == [str(perceval.id), str(karadoc.id)]
        assert session.game.to_act(state) == [str(perceval.id)] and state.phase == "chouettes"
        # His half-thrown turn is gone: his old button is refused privately, the table does not move.
        late = await act(emu, on_his_screen, arthur, "lancer")
        assert late.ephemeral and session.state is state
        # The table shows the next player's turn (edited through the channel, a moment after the
        # confirmation was answered), and he plays from it.
        turn = f"tv:{to36(session.id)}:{to36(state.turn_no)}:"

        def shows_the_next_turn() -> bool:
            return any((b.custom_id or "").startswith(turn) for b in table_message(tavern.channel).buttons)

        await emu.wait_until(shows_the_next_turn, 3, "the table showing Perceval's turn")
        thrown = await act(emu, table_message(tavern.channel), perceval, "lancer")
        assert thrown.response_type == 7 and session.state is not state
    emu.assert_no_violations()
