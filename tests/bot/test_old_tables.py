"""Table messages posted before the layout messages (an embed and classic rows of buttons, as the
previous version drew them) still answer: a click on one plays and turns that very message into
the layout message (Discord lets an edit set the layout flag while clearing the embed); a click on
an old table message that is no longer the table's says where the table is."""

from __future__ import annotations

import discord

from bot.app import TaverneBot
from bot.sessions import Session
from bot.tables import presenter_for
from emulator import Message
from emulator.limits import COMPONENTS_V2_FLAG
from tests import layout
from tests.e2e.table import act, open_table, seat_and_start
from tests.e2e.tavern import Tavern
from tests.games.core.toy import GAME as TOY

NO_SIX = 3  # the toy's dice under this seed: 3, 1, 1, 4 (no shout window)


async def classic_copy(tavern: Tavern, bot: TaverneBot, session: Session) -> Message:
    """The table sent the way the previous version drew it: its embed and its classic rows."""
    presenter = presenter_for(session.game)
    channel = bot.get_channel(tavern.channel.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send(embed=presenter.embed(session), view=presenter.components(session))
    copy = tavern.channel.public_messages[-1]
    assert copy.id == sent.id and copy.embeds and not copy.flags & COMPONENTS_V2_FLAG
    return copy


async def posted_as_before(tavern: Tavern, bot: TaverneBot) -> tuple[Message, Session]:
    """A toy table of Arthur and Perceval whose message is the one the previous version posted."""
    lobby = await open_table(tavern.emu, tavern.channel, tavern.arthur, "toy", f"graine={NO_SIX}")
    await seat_and_start(tavern.emu, lobby, tavern.arthur, [tavern.perceval])
    session = bot.manager.in_channel(tavern.channel.id)
    assert session is not None
    old = await classic_copy(tavern, bot, session)
    await bot.manager.shown(session, message_id=old.id)
    return old, session


async def test_a_click_on_a_table_posted_before_the_layout_plays_and_redraws_it_as_a_layout(
    tavern: Tavern,
) -> None:
    emu = tavern.emu
    arthur, perceval = tavern.arthur, tavern.perceval
    async with tavern.bot({"toy": TOY}) as bot:
        old, _ = await posted_as_before(tavern, bot)
        assert old.embeds[0]["title"] == "Jouet"

        reply = await act(emu, old, arthur, "lancer")
        assert not reply.errors and not reply.ephemeral, reply.content
        assert old.flags & COMPONENTS_V2_FLAG and old.embeds == [] and old.content == ""
        assert layout.header(old.components) == "Jouet"
        assert layout.fields(old.components)["À jouer"] == f"<@{perceval.id}>"
        assert layout.fields(old.components)["Scores"].startswith("**Arthur** : 3")
        # Its buttons answer again: Perceval throws from the same message.
        assert not (await act(emu, old, perceval, "lancer")).errors
        assert layout.fields(old.components)["À jouer"] == f"<@{arthur.id}>"
    emu.assert_no_violations()


async def test_a_stale_click_on_a_table_posted_before_the_layout_redraws_it(tavern: Tavern) -> None:
    emu = tavern.emu
    arthur, perceval = tavern.arthur, tavern.perceval
    async with tavern.bot({"toy": TOY}) as bot:
        old, session = await posted_as_before(tavern, bot)
        before = old.snapshot()
        # Arthur plays elsewhere (the turn moves on); the old message still shows his « Lancer ».
        await bot.manager.act(session.id, str(arthur.id), TOY.legal_actions(session.state, str(arthur.id))[0], 0)
        refused = await act(emu, before, arthur, "lancer")
        assert refused.ephemeral and "tour précédent" in (refused.content or "")
        await emu.wait_until(lambda: bool(old.flags & COMPONENTS_V2_FLAG))
        assert layout.fields(old.components)["À jouer"] == f"<@{perceval.id}>"
    emu.assert_no_violations()


async def test_a_click_on_an_old_table_message_no_longer_the_table_says_where_it_is(tavern: Tavern) -> None:
    emu = tavern.emu
    arthur = tavern.arthur
    async with tavern.bot({"toy": TOY}) as bot:
        old, session = await posted_as_before(tavern, bot)
        # The table's message is a layout one now; another classic copy of it lingers, with its
        # old buttons (a table re-posted before the upgrade, say).
        assert await bot.clicks.sender.refresh(session) is None
        assert old.flags & COMPONENTS_V2_FLAG
        stale = await classic_copy(tavern, bot, session)
        await bot.manager.act(session.id, str(arthur.id), TOY.legal_actions(session.state, str(arthur.id))[0], 0)
        refused = await act(emu, stale, arthur, "lancer")
        link = f"https://discord.com/channels/{tavern.guild.id}/{tavern.channel.id}/{old.id}"
        assert refused.ephemeral and link in (refused.content or ""), refused.content
        assert not stale.flags & COMPONENTS_V2_FLAG  # not the table's: left as it was
    emu.assert_no_violations()
