"""A whole game of Barricade / Ruée vers l'or through the Discord emulator, from ``/jouer`` to the
winner: two players who click what the table shows them — the throw, then the move bringing a miner
closest to the mine (by its numbered button or list), and they leave every barrier where it is.
"""

from __future__ import annotations

from typing import Any

from bot.app import TaverneBot
from bot.ui.ids import decode_action
from emulator import Emulator, InteractionRecord, Message, User
from games.barricade import GAME, BarricadeState, load_board
from games.barricade.board import distances_to_mine
from games.core import Action
from tests.e2e.table import action_code, open_table, seat_and_start, table_message
from tests.e2e.tavern import Tavern

DISTANCE = distances_to_mine(load_board())
VOCABULARY = GAME.full_vocabulary()
MAX_CLICKS = 4000


def best(actions: list[Action]) -> Action:
    """A careful player's pick: a throw first; the move ending nearest the mine; leave barriers."""
    kinds = {a.kind for a in actions}
    if "lancer" in kinds:
        return next(a for a in actions if a.kind == "lancer")
    if "laisser" in kinds:
        return next(a for a in actions if a.kind == "laisser")
    moves = [a for a in actions if a.kind == "deplacer"]

    def distance(action: Action) -> int:
        destination: Any = action.args["destination"]
        return DISTANCE.get(int(destination), 10_000)

    return min(moves, key=distance)


async def click_action(
    emu: Emulator, table: Message, user: User, action: Action, legal: list[Action]
) -> InteractionRecord:
    """Clicks the button, or picks the list option, that the table drew for ``action``."""
    for button in table.buttons:
        code = action_code(button)
        if code is not None and decode_action(code, VOCABULARY, legal) == action:
            return await emu.click(table, user, button.custom_id)
    for menu in table.selects:
        if not (menu.custom_id or "").startswith("tvs:"):
            continue
        for option in menu.options:
            if decode_action(option["value"], VOCABULARY, legal) == action:
                return await emu.select(table, user, [option["value"]], custom_id=menu.custom_id)
    raise LookupError(f"the table shows no way to {action}")


def to_play(bot: TaverneBot, tavern: Tavern) -> tuple[BarricadeState, str, list[Action]] | None:
    """The channel's game, who is to play and what they may do; None once the game is won (the
    table closes)."""
    session = bot.manager.in_channel(tavern.channel.id)
    if session is None:
        return None
    state = session.state
    assert isinstance(state, BarricadeState) and not state.over
    [(player, legal)] = [(p, actions) for p in state.players if (actions := GAME.legal_actions(state, p))]
    return state, player, legal


async def test_a_whole_game_by_clicks_from_jouer_to_the_winner(emu: Emulator, tavern: Tavern) -> None:
    tavern.at_test_speed()  # a game played at machine speed: pings are not paced to 5 per 5 s
    users = {str(tavern.arthur.id): tavern.arthur, str(tavern.perceval.id): tavern.perceval}
    async with tavern.bot({"barricade": GAME}) as bot:
        lobby = await open_table(emu, tavern.channel, tavern.arthur, "barricade", options="graine=11")
        await seat_and_start(emu, lobby, tavern.arthur, [tavern.perceval])
        clicks = 0
        while clicks < MAX_CLICKS and (turn := to_play(bot, tavern)) is not None:
            _, player, legal = turn
            table = table_message(tavern.channel)
            reply = await click_action(emu, table, users[player], best(legal), legal)
            assert not reply.errors and not reply.ephemeral, reply
            clicks += 1
        assert bot.manager.in_channel(tavern.channel.id) is None
        shown = lobby.shown()
        [trophy] = [line for line in shown.splitlines() if line.startswith("🏆")]
        [winner] = [u for u in users.values() if trophy.endswith(f"@{u.name}")]
        assert "Partie terminée" in shown
        assert f"**{winner.name}** : ⛺ 0 sous la tente · 🛤️ 0 en route · ⛏️ 5/5 à la mine" in shown
        assert [b for b in lobby.buttons if (b.custom_id or "").startswith("tv:")] == []
        assert 100 < clicks < MAX_CLICKS, clicks
    emu.assert_no_violations()
