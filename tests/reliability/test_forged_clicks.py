"""custom_ids edited by hand (a modified client, a message from an older version of the bot): another
table, another turn, garbage, too long. Each is answered privately, and nothing happens anywhere."""

from __future__ import annotations

import pytest

from bot.ui.ids import to36
from emulator import Emulator, Message
from tests.e2e.dice import LoadedCulDeChouette
from tests.e2e.table import act, open_table, seat_and_start, table_message
from tests.e2e.tavern import Tavern

pytestmark = pytest.mark.both_databases

ARTHUR_STARTS = [1, 5, 6]


def forged(message: Message, custom_id: str) -> Message:
    """What a player with a modified client sees: the table with its first button's id replaced."""
    copy = message.snapshot()
    first = next(b for b in copy.buttons)  # the same dicts as in the copy's component tree
    first.raw["custom_id"] = custom_id
    return copy


async def test_forged_custom_ids_are_answered_privately_and_change_nothing(
    emu: Emulator, tavern: Tavern
) -> None:
    second = tavern.guild.add_channel("taverne-2")
    games = {"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS)}
    async with tavern.bot(games) as bot:
        for channel in (tavern.channel, second):
            lobby = await open_table(emu, channel, tavern.arthur)
            await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval, tavern.karadoc])
        here, there = (bot.manager.in_channel(c.id) for c in (tavern.channel, second))
        assert here is not None and there is not None and here.state is not None
        table = table_message(tavern.channel)
        sid, turn = to36(here.id), to36(here.state.turn_no)
        attempts = [
            f"tv:{to36(there.id)}:{turn}:lancer",  # the table of another channel
            f"tv:{to36(here.id + 50)}:{turn}:lancer",  # a table that never existed
            f"tv:{sid}:{to36(here.state.turn_no + 7)}:lancer",  # a turn to come
            f"tv:{sid}:{turn}:lancer~1~2~3",  # arguments lancer does not take
            f"tv:{sid}:{turn}:oiseau~Pingouin",  # a choice outside the list
            f"tv:{sid}:{turn}:grelottine~<@{tavern.outsider.id}>",  # a player not at the table
            f"tv:{sid}:{turn}:#000000000000",  # a hash matching no legal action
            f"tv:{sid}:{turn}:expulser~{tavern.perceval.id}",  # the table's own power
            f"tv:{sid}:{turn}:tick",
            f"tvs:{sid}:{turn}:0",  # a select id on a button, without values
            f"tvm:{sid}:{turn}:admin",
            f"tvq:{sid}:{turn}:inconnu",
            f"tvl:{sid}:explose",
            f"tvl:{sid}:start",  # the lobby's start, long after the start
            "tvr:..%2F..%2Fetc:0",
            f"tvre:{sid}:ask",  # « Revanche » of a game still played
            f"tvre:{to36(there.id)}:ask",  # of another channel's table
            f"tvre:{sid}:yes",  # « Je rejoue » on a table that is no rematch's lobby
            f"tvre:{to36(here.id + 50)}:yes",
            "tvre:zz:encore",
            f"tv:{sid}:-1:lancer",
            "tv:zzzzzzzzzzzzzzzzzz:0:lancer",
            "tv:::",
            "tv:" + "9" * 97,
            f"tv:{sid}:{turn}:" + "lancer" * 40,  # longer than Discord's 100 characters
        ]
        # Not here: a shout the table does not offer (« Pas mou le caillou ! » with no Chouette-Velute)
        # is a Bévue the game accepts, as the rules want, whether its button was forged or not.
        before, elsewhere, edits = here.state, there.state, table.edits
        for custom_id in attempts:
            for user in (tavern.arthur, tavern.outsider):
                reply = await emu.click(forged(table, custom_id), user, custom_id)
                assert reply.acknowledged, (
                    f"{custom_id!r}: no answer, the player sees « Échec de l'interaction »"
                )
                assert reply.ephemeral, f"{custom_id!r}: answered in public: {reply.content}"
                # A reason, or that nothing was done; never « Oups, quelque chose s'est mal passé ».
                assert reply.content.endswith(".") and "Oups" not in reply.content, reply.content
                assert reply.message is not None and reply.message.visible_to == user
                assert here.state is before and there.state is elsewhere, custom_id
        assert table.edits == edits
        # After all that, the table plays on.
        thrown = await act(emu, table, tavern.arthur, "lancer")
        assert thrown.response_type == 7 and here.state is not before
    emu.assert_no_violations()


async def test_a_custom_id_this_bot_never_wrote_is_answered(emu: Emulator, tavern: Tavern) -> None:
    """docs/BOT.md: « a custom_id this bot did not write, answers privately that nothing happened »
    (a message of another bot version, a modified client)."""
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS)}):
        lobby = await open_table(emu, tavern.channel, tavern.arthur)
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval, tavern.karadoc])
        table = table_message(tavern.channel)
        for custom_id in ("bonjour", "taverne:1:2:lancer", "x" * 100):
            reply = await emu.click(forged(table, custom_id), tavern.arthur, custom_id)
            assert reply.acknowledged and reply.ephemeral, custom_id
            assert reply.content == "Ce bouton n'est pas reconnu : rien n'a été fait.", reply.content
    emu.assert_no_violations()
