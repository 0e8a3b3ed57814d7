"""Players who click what the rules let them, until the game ends: a whole game by clicks only.

Who may do what is asked from the game itself (`legal_actions` on the table's state): the same
oracle the table uses for its buttons. The clicks go through the emulator like a player's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from bot.app import TaverneBot
from bot.ui.ids import to36
from emulator import Channel, Emulator, Message, User
from tests.e2e.table import act, action_kind, table_message

SHOUT_FOR_WINDOW = {"pas_mou": "pas_mou_le_caillou", "grelotte": "grelotte_ca_picote", "moisissure": "sans_fin"}
# What a careful player does when it is up to them, best first.
PREFERENCES = ("refuser_sloubi", "couche_sirop", "garder", "siroter", "lancer")


class TimeKeeper:
    """Time for tables played at once on a frozen emulator clock (``emu.freeze_clock()``): it moves
    on only when every table still playing waits for it, to the earliest time one of them asked. A
    table in the middle of its shouts never sees its window close because another table needed time.
    """

    def __init__(self, emu: Emulator, tables: int) -> None:
        self.emu = emu
        self.playing = tables
        self._wanted: list[tuple[int, asyncio.Future[None]]] = []

    async def wait_past(self, due_ms: int) -> None:
        waiter = asyncio.get_running_loop().create_future()
        self._wanted.append((due_ms, waiter))
        self._move_on()
        await waiter

    def done(self) -> None:
        """A table stopped playing: it no longer holds time back."""
        self.playing -= 1
        self._move_on()

    def _move_on(self) -> None:
        if not self._wanted or len(self._wanted) < self.playing:
            return
        due = min(d for d, _ in self._wanted)
        if due > self.emu.now_ms():
            self.emu.advance((due - self.emu.now_ms()) / 1000)
        now = self.emu.now_ms()
        for wanted in [w for w in self._wanted if w[0] <= now]:
            self._wanted.remove(wanted)
            wanted[1].set_result(None)


async def shown(emu: Emulator, channel: Channel, state: Any, kind: str) -> Message:
    """The table message once it shows ``state``'s turn with a button for ``kind``: the answer to
    the last click may still be on its way (a loaded bot defers a click, then edits the table)."""
    turn = to36(state.turn_no)

    def ready() -> Message | None:
        try:
            message = table_message(channel)
        except LookupError:
            return None
        ids = [(b.custom_id or "").split(":") for b in message.buttons if action_kind(b) == kind]
        return message if any(len(i) == 4 and i[2] == turn for i in ids) else None

    found: Message = await emu.wait_until(ready, 10, f"#{channel.name} to offer {kind!r} at turn {state.turn_no}")
    return found


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
    time: TimeKeeper | None = None,
) -> int:
    """Play until the game is over (or `stop_after` clicks); returns the number of clicks.

    On a frozen emulator clock, a window nobody has to answer is closed by moving time past it:
    at once, or through ``time`` when several tables share the clock.

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
        legal = {p: {a.kind for a in game.legal_actions(state, p)} for p in state.players}
        if state.phase == "cris" and state.shouts is not None:
            shout = SHOUT_FOR_WINDOW[state.shouts.kind]
            shouters = [p for p in state.players if shout in legal[p]]
            for player in shouters:
                table = await shown(emu, channel, state, shout)
                reply = await act(emu, table, by_id[player], shout, at_ms=next_ms(200))
                assert not reply.errors and reply.acknowledged, reply
                clicks += 1
            if shouters:
                continue
        chosen = next(
            ((p, k) for k in PREFERENCES for p in state.players if k in legal[p]),
            None,
        )
        if chosen is not None:
            table = await shown(emu, channel, state, chosen[1])
            reply = await act(emu, table, by_id[chosen[0]], chosen[1], at_ms=next_ms())
            assert not reply.errors and reply.acknowledged, reply
            clicks += 1
            continue
        # A window nobody has to answer (bets everyone placed, a claim): the table's timer closes it.
        deadline = game.deadline(state)
        if emu.clock_frozen and deadline is not None:
            # Time moves only when the test says: past the window and the bot's grace for late clicks.
            due = max(deadline, last_ms) + bot.manager.grace_ms + 1
            if time is not None:
                await time.wait_past(due)
            elif due > emu.now_ms():
                emu.advance((due - emu.now_ms()) / 1000)
        await emu.wait_until(
            _state_changed(bot, channel, state), timeout=5, what=f"the table to leave phase {state.phase}"
        )
    raise AssertionError(f"no end after {max_clicks} clicks:\n{channel.transcript()}")
