"""Removing a player during a game, as players do it on Discord: the host's « Exclure… » (a private
choice, then a private confirmation), a vote of the other seated humans (removed once strictly
more than half voted), votes kept across a restart, and the refusals, each private and clear."""

from __future__ import annotations

import pytest

from bot.app import TaverneBot
from bot.sessions import Session, TableError
from bot.words import table_error
from emulator import Emulator, Message, User
from games.core import SYSTEM
from tests.e2e.dice import LoadedCulDeChouette
from tests.e2e.robots import table_of
from tests.e2e.table import act, open_table, seat_and_start, table_message
from tests.e2e.tavern import Tavern

# Arthur throws lowest for the order: he starts (as in test_table_life.py).
ARTHUR_STARTS = [1, 5, 6]
ARTHUR_STARTS_AT_FOUR = [1, 4, 5, 6]
REMOVE = "Exclure…"


async def started(tavern: Tavern, bot: TaverneBot, guests: list[User]) -> Session:
    lobby = await open_table(tavern.emu, tavern.channel, tavern.arthur)
    await seat_and_start(tavern.emu, lobby, tavern.arthur, guests)
    session = table_of(bot, tavern.channel)
    assert session is not None
    return session


async def choice(emu: Emulator, table: Message, user: User) -> Message:
    """``user`` clicks « Exclure… »: the private choice of whom to remove (or vote out)."""
    opened = await emu.click(table, user, label=REMOVE)
    assert opened.ephemeral and opened.message is not None and opened.message.visible_to == user
    assert opened.message.selects, opened.content
    return opened.message


async def pick(emu: Emulator, private: Message, user: User, target: User) -> Message:
    """``target`` picked in the private choice: the private confirmation, its one button."""
    confirmed = await emu.select(private, user, [str(target.id)])
    assert confirmed.ephemeral and confirmed.message is not None, confirmed.content
    assert len(confirmed.message.buttons) == 1, confirmed.content
    return confirmed.message


def said(tavern: Tavern, line: str) -> bool:
    return any(line in m.text() for m in tavern.channel.public_messages)


def fourth(tavern: Tavern) -> User:
    bohort = tavern.emu.add_user("Bohort")
    tavern.guild.add_member(bohort)
    return bohort


async def test_the_host_removes_a_player_and_the_game_goes_on_with_the_others(tavern: Tavern) -> None:
    emu = tavern.emu
    arthur, perceval, karadoc = tavern.arthur, tavern.perceval, tavern.karadoc
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS)}) as bot:
        session = await started(tavern, bot, [perceval, karadoc])
        table = table_message(tavern.channel)
        private = await choice(emu, table, arthur)
        # The host chooses among the others; himself is not offered.
        [select] = private.selects
        assert sorted(select.option_labels) == ["Karadoc", "Perceval"]
        confirm = await pick(emu, private, arthur, perceval)
        assert confirm.text() == "Exclure Perceval de la partie ?"
        assert str(perceval.id) in session.players  # nothing done before the confirmation
        stale_confirmation = confirm.snapshot()
        done = await emu.click(confirm, arthur, label="Oui, exclure Perceval")
        assert done.ephemeral and done.content == "Perceval est exclu·e de la partie."
        assert session.players == [str(arthur.id), str(karadoc.id)]
        await emu.wait_until(lambda: said(tavern, "🚫 Arthur (l'hôte) exclut Perceval de la partie."), 5, "told")
        # The game's own words for a player leaving, on the redrawn table.
        table = table_message(tavern.channel)
        assert "Perceval quitte la table." in table.text()
        # Committed: the bot's database has the game's « expulser » action.
        player, action, _ = (await bot.manager.store.actions(session.id))[-1]
        assert player == SYSTEM and '"expulser"' in action and str(perceval.id) in action
        # The game goes on with Arthur and Karadoc; Perceval's buttons are refused.
        thrown = await act(emu, table, arthur, "lancer")
        assert not thrown.ephemeral, thrown.content
        refused = await act(emu, table_message(tavern.channel), perceval, "lancer")
        assert refused.ephemeral and "pas à cette table" in refused.content
        # The confirmation clicked again: Perceval is gone already, nothing happens.
        again = await emu.click(stale_confirmation, arthur, label="Oui, exclure Perceval")
        assert again.ephemeral
        assert again.content == "Ce joueur n'est pas (ou plus) assis à cette table : rien n'a été fait."
        assert session.players == [str(arthur.id), str(karadoc.id)] and session.state is not None
    emu.assert_no_violations()


async def test_a_vote_removes_a_player_once_more_than_half_of_the_others_voted(tavern: Tavern) -> None:
    emu = tavern.emu
    arthur, perceval, karadoc = tavern.arthur, tavern.perceval, tavern.karadoc
    bohort = fourth(tavern)
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS_AT_FOUR)}) as bot:
        session = await started(tavern, bot, [perceval, karadoc, bohort])
        table = table_message(tavern.channel)
        # Karadoc votes Perceval out: one vote of the two needed (three others vote: Arthur, Karadoc, Bohort).
        private = await choice(emu, table, karadoc)
        assert sorted(private.selects[0].option_labels) == ["Arthur", "Bohort", "Perceval"]
        confirm = await pick(emu, private, karadoc, perceval)
        assert confirm.text() == "Voter l'exclusion de Perceval ? Votes : 0/2."
        counted = await emu.click(confirm, karadoc, label="Oui, je vote l'exclusion de Perceval")
        assert counted.ephemeral and counted.content == "Ton vote est compté : 1/2 pour exclure Perceval."
        await emu.wait_until(lambda: said(tavern, "🗳️ Karadoc vote l'exclusion de Perceval (1/2)."), 5, "told")
        assert str(perceval.id) in session.players
        # Karadoc sees his own vote; clicking again offers to withdraw it, and he does, then votes again.
        private = await choice(emu, table_message(tavern.channel), karadoc)
        counts = {o["label"]: o.get("description") for o in private.selects[0].options}
        assert counts["Perceval"] == "1/2 votes, dont le tien" and counts["Bohort"] == "0/2 votes"
        mine = await pick(emu, private, karadoc, perceval)
        assert mine.text() == "Tu as voté l'exclusion de Perceval (1/2). Retirer ton vote ?"
        withdrawn = await emu.click(mine, karadoc, label="Retirer mon vote")
        assert withdrawn.content == "Ton vote est retiré : 0/2 pour exclure Perceval."
        await emu.wait_until(lambda: said(tavern, "🗳️ Karadoc retire son vote contre Perceval (0/2)."), 5, "told")
        assert session.rec.votes == {}
        await vote(emu, tavern, karadoc, perceval)
        # Perceval's own vote does not count against him, and he cannot vote for himself: not offered.
        private = await choice(emu, table_message(tavern.channel), perceval)
        assert sorted(private.selects[0].option_labels) == ["Arthur", "Bohort", "Karadoc"]
        # Bohort's vote makes two of three: Perceval is removed, the game goes on with three.
        out = await vote(emu, tavern, bohort, perceval)
        assert out == "Ton vote est compté (2/2) : Perceval est exclu·e de la partie."
        await emu.wait_until(lambda: said(tavern, "🚫 Perceval est exclu·e de la partie par un vote (2/2)."), 5, "told")
        assert said(tavern, "🗳️ Bohort vote l'exclusion de Perceval (2/2).")
        assert session.players == [str(arthur.id), str(karadoc.id), str(bohort.id)]
        assert session.rec.votes == {}  # the votes on a removed player go with him
        assert "Perceval quitte la table." in table_message(tavern.channel).text()
        thrown = await act(emu, table_message(tavern.channel), arthur, "lancer")
        assert not thrown.ephemeral, thrown.content
    emu.assert_no_violations()


async def vote(emu: Emulator, tavern: Tavern, voter: User, target: User) -> str:
    """``voter`` votes ``target`` out through the table's button; the private answer."""
    private = await choice(emu, table_message(tavern.channel), voter)
    confirm = await pick(emu, private, voter, target)
    counted = await emu.click(confirm, voter, label=f"Oui, je vote l'exclusion de {target.name}")
    assert counted.ephemeral, counted.content
    return counted.content


@pytest.mark.both_databases
async def test_votes_survive_a_restart_and_a_leaving_voter_no_longer_counts(tavern: Tavern) -> None:
    emu = tavern.emu
    perceval, karadoc = tavern.perceval, tavern.karadoc
    bohort = fourth(tavern)
    games = {"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS_AT_FOUR)}
    async with tavern.bot(games) as bot:
        session = await started(tavern, bot, [perceval, karadoc, bohort])
        assert await vote(emu, tavern, karadoc, perceval) == "Ton vote est compté : 1/2 pour exclure Perceval."
        assert await vote(emu, tavern, perceval, bohort) == "Ton vote est compté : 1/2 pour exclure Bohort."
    async with tavern.bot(games) as bot:
        session = table_of(bot, tavern.channel) or await bot.manager.warm(tavern.channel.id)
        assert session is not None
        assert session.rec.votes == {str(perceval.id): [str(karadoc.id)], str(bohort.id): [str(perceval.id)]}
        # After the restart Karadoc still sees his vote.
        private = await choice(emu, table_message(tavern.channel), karadoc)
        counts = {o["label"]: o.get("description") for o in private.selects[0].options}
        assert counts["Perceval"] == "1/2 votes, dont le tien"
        # Perceval leaves: his vote against Bohort goes with him, and the votes on him too.
        confirm = await emu.click(table_message(tavern.channel), perceval, label="Quitter")
        assert confirm.message is not None
        await emu.click(confirm.message, perceval, label="Oui, je quitte la partie")
        assert session.rec.votes == {}
        # Two others vote on Bohort now (Arthur, Karadoc): both are needed.
        assert await vote(emu, tavern, karadoc, bohort) == "Ton vote est compté : 1/2 pour exclure Bohort."
        assert str(bohort.id) in session.players
        stored = await bot.manager.store.session(session.id)
        assert stored is not None and stored.votes == {str(bohort.id): [str(karadoc.id)]}
    emu.assert_no_violations()


async def test_refusals_are_private_and_change_nothing(tavern: Tavern) -> None:
    emu = tavern.emu
    arthur, perceval, karadoc = tavern.arthur, tavern.perceval, tavern.karadoc
    async with tavern.bot({"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS)}) as bot:
        session = await started(tavern, bot, [perceval, karadoc])
        table = table_message(tavern.channel)
        outsider = await emu.click(table, tavern.outsider, label=REMOVE)
        assert outsider.ephemeral and outsider.content == "Tu n'es pas à cette table."
        # Choices opened before Karadoc leaves: the host's and Perceval's.
        hosts = await choice(emu, table, arthur)
        percevals = await choice(emu, table, perceval)
        confirm = await emu.click(table, karadoc, label="Quitter")
        assert confirm.message is not None
        await emu.click(confirm.message, karadoc, label="Oui, je quitte la partie")
        gone = "Ce joueur n'est pas (ou plus) assis à cette table : rien n'a été fait."
        assert (await emu.select(hosts, arthur, [str(karadoc.id)])).content == gone
        assert (await emu.select(percevals, perceval, [str(karadoc.id)])).content == gone
        # Karadoc, gone, may no longer vote; what the UI never offers is refused by the manager too.
        left = await emu.click(table_message(tavern.channel), karadoc, label=REMOVE)
        assert left.ephemeral and left.content == "Tu n'es pas à cette table."
        refusals = {
            "remove_self": bot.manager.remove_by_host(session.id, str(arthur.id), str(arthur.id)),
            "not_host": bot.manager.remove_by_host(session.id, str(perceval.id), str(arthur.id)),
            "vote_self": bot.manager.vote_removal(session.id, str(perceval.id), str(perceval.id)),
            # Two humans left: no vote (one player alone would remove the other).
            "vote_too_few": bot.manager.vote_removal(session.id, str(perceval.id), str(arthur.id)),
        }
        for code, work in refusals.items():
            with pytest.raises(TableError) as refused:
                await work
            assert refused.value.code == code
        assert table_error("fr", TableError("remove_self")).startswith("Tu ne peux pas t'exclure toi-même")
        assert table_error("en", TableError("vote_self")).startswith("You cannot vote to remove yourself")
        assert session.players == [str(arthur.id), str(perceval.id)] and session.rec.votes == {}
        too_few = await emu.click(table_message(tavern.channel), perceval, label=REMOVE)
        assert too_few.ephemeral and too_few.content.startswith("À moins de trois joueurs humains assis, on ne vote pas")
        # Arthur removes Perceval: one player left, he wins; a choice opened before is refused.
        stale = await choice(emu, table_message(tavern.channel), arthur)
        last = await pick(emu, await choice(emu, table_message(tavern.channel), arthur), arthur, perceval)
        await emu.click(last, arthur, label="Oui, exclure Perceval")
        await emu.wait_until(lambda: table_of(bot, tavern.channel) is None, 5, "the game over")
        closed = await emu.select(stale, arthur, [str(perceval.id)])
        assert closed.ephemeral and closed.content == "Cette table est fermée : rien n'a été fait."
    emu.assert_no_violations()
