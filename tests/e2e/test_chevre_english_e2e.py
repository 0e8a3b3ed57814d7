"""A whole game of Dominos « Chèvre » on an English server (/config langue:en) with English clients,
through the Discord emulator: the same deal as tests/e2e/test_chevre_e2e.py (the French game), played
by clicks to the chèvre. Every message the channel reads and every private answer (« My hand », the
lay form, the tile drawn) is English but for the game's words (chèvre, bazar, poisson) and names;
the hands stay private as in French."""

from __future__ import annotations

import re

from emulator import Emulator, InteractionRecord, Message, User
from games.chevre import ChevreState
from games.chevre.tiles import sort_key
from tests.e2e.dice import DealtChevre
from tests.e2e.table import open_table
from tests.e2e.tavern import Tavern
from tests.e2e.test_chevre_e2e import (
    FIRST_DEAL,
    MAX_TURNS,
    MENTION,
    SEED,
    everything_in,
    fields,
    quiet,
    state_of,
    tiles_in,
)
from tests.french import french_lines

MOVE = re.compile(r"([0-6]-[0-6]) on the (left|right)")
OPENING = re.compile(r"You open the round with the \*\*([0-6]-[0-6])\*\*")


async def seat_and_start_in_english(emu: Emulator, lobby: Message, host: User, guests: list[User]) -> None:
    """The lobby of an English server: « Join », « Start »."""
    for guest in guests:
        assert not (await emu.click(lobby, guest, label="Join")).errors
    started = await emu.click(lobby, host, label="Start")
    assert not started.errors and not started.ephemeral, started.content


def french_in(texts: list[str]) -> list[str]:
    return [line for text in texts for line in french_lines(text)]


async def my_hand(emu: Emulator, table: Message, user: User, hand: list[str]) -> str:
    reply = await emu.click(table, user, label="My hand")
    assert reply.ephemeral and reply.message is not None and reply.message.visible_to == user, reply
    count = f"{len(hand)} domino{'es' if len(hand) != 1 else ''}"
    assert reply.content.split("\n")[0] == f"**Your hand** ({count}): " + " · ".join(sorted(hand, key=sort_key))
    return reply.content


async def lay(emu: Emulator, table: Message, user: User, tile: str, side: str | None) -> InteractionRecord:
    opened = await emu.click(table, user, label="Lay a domino…")
    assert opened.response_type == 9 and opened.modal is not None, opened
    assert opened.modal["title"] == "Lay a domino"
    form = str(opened.modal)
    assert "The domino, for example 2-5" in form and "(left or right)" in form and not french_in([form]), form
    values = {"tuile": tile} | ({"cote": side} if side else {})
    return await emu.submit_modal(opened, values)


async def said_after(
    emu: Emulator, tavern: Tavern, count: int, reply: InteractionRecord, before: ChevreState, after: ChevreState
) -> None:
    """Waits for what closes a move, as in French: the round's table, the next player's ping, or the
    tile drawn told to the drawer alone (then the channel stays quiet)."""

    def news() -> list[Message]:
        return tavern.channel.public_messages[count:]

    if after.over or after.round_no != before.round_no:
        await emu.wait_until(lambda: any("```" in m.content for m in news()), 5, "the round's table")
    elif after.turn_player() != before.turn_player():
        ping = f"<@{after.turn_player()}>, your turn!"
        await emu.wait_until(lambda: any(ping in m.content for m in news()), 5, ping)
    else:
        drawn = lambda: any(m.text().startswith("You draw the ") for m in reply.followups)  # noqa: E731
        await emu.wait_until(drawn, 5, "the tile drawn")
        await quiet(emu, "the channel to be quiet after a draw")


async def test_a_whole_game_in_english_by_clicks_with_private_hands(emu: Emulator, tavern: Tavern) -> None:
    tavern.at_test_speed()
    arthur, perceval, karadoc = tavern.players
    for player in tavern.players:
        player.locale = "en-US"
    users = {str(u.id): u for u in tavern.players}
    private: list[str] = []
    async with tavern.bot({"chevre": DealtChevre(FIRST_DEAL, fixed_seed=SEED)}) as bot:
        await emu.slash(tavern.channel, emu.owner, "config", {"langue": "en"})
        table = await open_table(emu, tavern.channel, arthur, "chevre", "limite=13")
        await seat_and_start_in_english(emu, table, arthur, [perceval, karadoc])
        start = len(tavern.channel.public_messages)
        session = bot.manager.in_channel(tavern.channel.id)
        assert session is not None
        shown = fields(table)
        assert shown["To play"] == f"<@{arthur.id}> opens the round with the opening domino."
        assert shown["Accounts — the chèvre at 13 points"].startswith("▶ **Arthur**: 0 · account closed · 7 dominoes in hand")
        assert table.button_labels == ["Lay a domino…", "My hand", "Remove…", "Leave"]
        refused = await emu.click(table, perceval, label="Lay a domino…")
        assert refused.modal is None and refused.ephemeral and refused.content == "It is not your turn."

        kinds: list[str] = []
        for _ in range(MAX_TURNS):
            state = state_of(session)
            if state.over:
                break
            [named] = MENTION.findall(fields(table)["To play"])
            player = state.turn_player()
            assert named == player
            user = users[player]
            text = await my_hand(emu, table, user, state.hands[player])
            private.append(text)
            count = len(tavern.channel.public_messages)
            opening = OPENING.search(text)
            moves = MOVE.findall(text.split("You can lay: ")[-1]) if "You can lay: " in text else []
            if opening or "lay any domino you like" in text:
                tile = opening.group(1) if opening else sorted(state.hands[player], key=sort_key)[-1]
                reply = await lay(emu, table, user, tile, None)
                kinds.append("open")
            elif moves:
                tile, where = moves[0]
                reply = await lay(emu, table, user, tile, where)  # the end in the words just read
                kinds.append("lay")
            elif "draw from the bazar" in text:
                assert table.button_labels[0].startswith("Draw from the bazar (")
                reply = await emu.click(table, user, label=table.button_labels[0])
                kinds.append("draw")
            else:
                assert "pass." in text and table.button_labels[0] == "Pass", text
                reply = await emu.click(table, user, label="Pass")
                kinds.append("pass")
            assert reply.response_type == 7 and not reply.errors, reply
            after = state_of(session)
            await said_after(emu, tavern, count, reply, state, after)
            if kinds[-1] == "draw":
                [drawn] = [m for m in reply.followups if m.text().startswith("You draw the ")]
                assert drawn.visible_to == user and tiles_in(drawn.text()) == {after.hands[player][-1]}
            private += [m.text() for m in reply.followups]
            held = {t for hand in after.hands.values() for t in hand}
            for message in tavern.channel.public_messages[count:]:
                if "```" not in message.content:  # a round's table shows the hands, by the rules
                    assert not tiles_in(everything_in(message)) & held, message.text()

        state = state_of(session)
        assert state.over and state.chevres, kinds
        assert set(kinds) == {"open", "lay", "draw", "pass"} and state.round_no == 2
        goats = ", ".join(f"<@{p}> ({state.scores[p]} points)" for p in state.chevres)
        assert fields(table)["🐐 Game over"].startswith(f"The chèvre: {goats}.")
        said = [m.text() for m in tavern.channel.public_messages[start:]] + [table.text()]
        [first_round] = [m for m in tavern.channel.public_messages if "**End of round 1**" in m.content]
        assert first_round.content == (
            "🏁 **End of round 1**: Karadoc has no dominoes left.\n"
            "```\n"
            "Player    Hand  Takes  Account  Memory  Dominoes\n"
            "Arthur      10     10   closed      10  0-0 4-6\n"
            "Perceval     9      9   closed       9  3-6\n"
            "Karadoc      0      0   closed       0  —\n"
            "```\n"
            "Karadoc goes out: their memory is wiped."
        )
        assert any(f"🐐 The chèvre: {goats}!" in text for text in said)
        assert not french_in(said), french_in(said)
        assert not french_in(private), french_in(private)
    emu.assert_no_violations()
