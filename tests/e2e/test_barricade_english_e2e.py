"""A whole game of Barricade / Ruée vers l'or on an English server (/config langue:en) with English
clients, through the Discord emulator: the same careful players as tests/e2e/test_barricade_whole_game.py
(the French game), but the first barrier they leave is moved through the row select, then a point.
Every message the channel reads, every button, list and private answer is English: a miner, its tent,
the barriers and the gold mine are English words; only the name « Ruée vers l'or » stays French."""

from __future__ import annotations

from emulator import Emulator, Message, User
from games.barricade import GAME
from tests import layout
from tests.e2e.table import open_table, table_message
from tests.e2e.tavern import Tavern
from tests.e2e.test_barricade_whole_game import MAX_CLICKS, best, click_action, to_play
from tests.e2e.test_chevre_english_e2e import seat_and_start_in_english
from tests.french import french_lines


def readable(message: Message) -> str:
    """What any client reads of a message: its words, its buttons' and lists' words."""
    parts = [message.text()]
    for component in message.iter_components():
        parts += [component.label or "", str(component.raw.get("placeholder") or "")]
        parts += [f"{o.get('label', '')}\n{o.get('description', '')}" for o in component.raw.get("options") or []]
    return "\n".join(parts)


def french_in(texts: list[str]) -> list[str]:
    return [line for text in texts for line in french_lines(text)]


async def move_the_barrier(emu: Emulator, tavern: Tavern, table: Message, user: User) -> str:
    """The barrier's new place in two steps, as a player picks it: a row, then a free point of it.
    Returns what the table showed with the row's points open."""
    [rows] = [s for s in table.selects if (s.custom_id or "").startswith("tvb:")]
    assert rows.raw["placeholder"] == "Move the barrier: first choose a row…"
    row = next(o for o in rows.options if o["label"] == "Row E")
    assert row["description"].split(":")[0].endswith("free points"), row
    picked = await emu.select(table, user, [row["value"]], custom_id=rows.custom_id)
    assert not picked.errors and not picked.ephemeral, picked
    table = table_message(tavern.channel)
    [points] = [s for s in table.selects if (s.custom_id or "").startswith("tvs:")]
    assert points.raw["placeholder"] == "Row E: where does the barrier go?"
    option = points.options[0]
    assert option["description"].endswith("points from the mine"), option
    seen = readable(table)
    chosen = await emu.select(table, user, [option["value"]], custom_id=points.custom_id)
    assert not chosen.errors and not chosen.ephemeral, chosen
    return seen


async def test_a_whole_game_in_english_by_clicks_from_play_to_the_winner(emu: Emulator, tavern: Tavern) -> None:
    tavern.at_test_speed()
    arthur, perceval = tavern.arthur, tavern.perceval
    for user in (arthur, perceval):
        user.locale = "en-US"
    users = {str(arthur.id): arthur, str(perceval.id): perceval}
    shown: list[str] = []
    async with tavern.bot({"barricade": GAME}) as bot:
        await emu.slash(tavern.channel, emu.owner, "config", {"langue": "en"})
        lobby = await open_table(emu, tavern.channel, arthur, "barricade", options="graine=11")
        await seat_and_start_in_english(emu, lobby, arthur, [perceval])
        start = len(tavern.channel.public_messages)
        first = table_message(tavern.channel)
        assert layout.header(first.components) == "⛏️ Barricade / Ruée vers l'or"
        assert "Order of play: " in first.text() and "(red)" in first.text()
        clicks, moved = 0, False
        while clicks < MAX_CLICKS and (turn := to_play(bot, tavern)) is not None:
            state, player, legal = turn
            table = table_message(tavern.channel)
            shown.append(readable(table))
            if state.phase == "barriere" and not moved:
                other = next(u for p, u in users.items() if p != player)
                refused = await emu.select(
                    table, other, ["E"], custom_id=next(s.custom_id for s in table.selects if (s.custom_id or "").startswith("tvb:"))
                )
                assert refused.ephemeral and refused.content == "It is not your turn.", refused
                shown.append(await move_the_barrier(emu, tavern, table, users[player]))
                moved = True
            else:
                reply = await click_action(emu, table, users[player], best(legal), legal)
                assert not reply.errors and not reply.ephemeral, reply
            clicks += 1
        assert moved and bot.manager.in_channel(tavern.channel.id) is None
        end = lobby.shown()
        [trophy] = [line for line in end.splitlines() if line.startswith("🏆")]
        [winner] = [u for u in users.values() if trophy.endswith(f"@{u.name}")]
        assert "Game over" in end
        assert f"**{winner.name}**: ⛺ 0 in the tent · 🛤️ 0 on the way · ⛏️ 5/5 in the mine" in end
        said = [readable(m) for m in tavern.channel.public_messages[start:]]
        assert any("is sent back to its tent by" in text for text in said) or any(
            "in the gold mine" in text for text in said
        )
        assert not french_in(said + shown + [end]), french_in(said + shown + [end])
    emu.assert_no_violations()
