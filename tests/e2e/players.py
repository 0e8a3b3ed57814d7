"""Players who click what the rules let them, until the game ends: a whole game by clicks only.

Who may do what is asked from the game itself (`legal_actions` on the table's state): the same
oracle the table uses for its buttons. The clicks go through the emulator like a player's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.app import TaverneBot
from emulator import Channel, Emulator, User
from tests.e2e.table import act, table_message

SHOUT_FOR_WINDOW = {"pas_mou": "pas_mou_le_caillou", "grelotte": "grelotte_ca_picote", "moisissure": "sans_fin"}
# What a careful player does when it is up to them, best first.
PREFERENCES = ("refuser_sloubi", "couche_sirop", "garder", "siroter", "lancer")


def _state_changed(bot: TaverneBot, channel: Channel, before: Any) -> Callable[[], bool]:
    def changed() -> bool:
        session = bot.manager.in_channel(channel.id)
        return session is None or session.state is not before

    return changed


async def play_cul_de_chouette(
    emu: Emulator,
    bot: TaverneBot,
    channel: Channel,
    players: list[User],
    *,
    max_clicks: int = 2000,
    stop_after: int | None = None,
) -> int:
    """Play until the game is over (or `stop_after` clicks); returns the number of clicks.

    Every click gets its own time, never earlier than the one before; shouts are 200 ms apart in seat
    order (more than the 150 ms tie tolerance), so the first and the last are well defined.
    """
    by_id = {str(u.id): u for u in players}
    clicks = 0
    last_ms = 0

    def next_ms(gap: int = 10) -> int:
        nonlocal last_ms
        last_ms = max(last_ms + gap, emu.now_ms())
        return last_ms

    while clicks < max_clicks:
        if stop_after is not None and clicks >= stop_after:
            return clicks
        session = bot.manager.in_channel(channel.id)
        state: Any = session.state if session is not None else None
        if session is None or state is None or state.over:
            return clicks
        game = session.game
        table = table_message(channel)
        legal = {p: {a.kind for a in game.legal_actions(state, p)} for p in state.players}
        if state.phase == "cris" and state.shouts is not None:
            shout = SHOUT_FOR_WINDOW[state.shouts.kind]
            for player in [p for p in state.players if shout in legal[p]]:
                reply = await act(emu, table, by_id[player], shout, at_ms=next_ms(200))
                assert not reply.errors and reply.acknowledged, reply
                clicks += 1
            continue
        chosen = next(
            ((p, k) for k in PREFERENCES for p in state.players if k in legal[p]),
            None,
        )
        if chosen is not None:
            reply = await act(emu, table, by_id[chosen[0]], chosen[1], at_ms=next_ms())
            assert not reply.errors and reply.acknowledged, reply
            clicks += 1
            continue
        # A window nobody has to answer (bets everyone placed, a claim): the table's timer closes it.
        await emu.wait_until(
            _state_changed(bot, channel, state), timeout=5, what=f"the table to leave phase {state.phase}"
        )
    raise AssertionError(f"no end after {max_clicks} clicks:\n{channel.transcript()}")
