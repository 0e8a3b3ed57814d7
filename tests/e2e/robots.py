"""Tables with computer players through the emulator: the host adds robots in the lobby, the humans
(if any) click what a careful player would, and time moves on the frozen clock to whatever the table
does next by itself — a robot's move, a window's close — so robot delays cost no real time.

The humans choose with the strong robot's policy on their own view (a sensible player, so games end)
and click the table's component standing for that choice (random_player.moves: buttons, selects,
forms); when the table draws no component for it, any move the table offers them.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

from bot.app import TaverneBot
from bot.sessions import Due, Session
from bot.ui.ids import BadId, parse_table_id
from emulator import Channel, Emulator, EmulatorError, Message, User
from games.robots import Shout, decide
from tests.e2e.random_player import game_table, moves

ROBOT_STEP_LIMIT = 5000
NEWS_HOLD_S = 0.0


async def add_robots(emu: Emulator, lobby: Message, host: User, level: str, count: int) -> None:
    for _ in range(count):
        reply = await emu.select(lobby, host, [level], custom_id=_lobby_select(lobby, "robot"))
        assert not reply.errors and not reply.ephemeral, reply.content


def _lobby_select(lobby: Message, what: str) -> str:
    for select in lobby.selects:
        if (select.custom_id or "").endswith(f":{what}"):
            return str(select.custom_id)
    raise LookupError(f"no lobby select {what!r}")


def table_of(bot: TaverneBot, channel: Channel) -> Session | None:
    return bot.manager.in_channel(channel.id)


async def human_move(emu: Emulator, session: Session, channel: Channel, user: User, rng: random.Random) -> bool:
    """One click of ``user`` if the table offers them something they choose to do now."""
    state: Any = session.state
    player = str(user.id)
    game = session.game
    if state is None or player not in state.players:
        return False
    legal = [a for a in game.legal_actions(state, player) if a.kind != "quitter"]
    if not legal:
        return False
    decision = decide(game, state, player, "fort", int(state.dice.seed) + 1)
    awaited = player in bot_waiting(session)
    if decision is None and not awaited:
        return False
    table = await _table_at(emu, session, channel, state.turn_no)
    wanted = decision.action if isinstance(decision, Shout) else decision
    offered = moves(emu, table, player, legal, game.full_vocabulary())
    chosen = [m for m in offered if m.action == wanted] or (offered if awaited else [])
    if not chosen:
        return False
    reply = await rng.choice(chosen).perform(user)
    assert reply.acknowledged, f"unanswered:\n{channel.transcript()}"
    return True


async def _table_at(emu: Emulator, session: Session, channel: Channel, turn: int) -> Message:
    """The table as drawn for this turn (a robot's move is shown a moment after it is played). A
    failure says what the channel shows instead: which messages carry table buttons, for which
    turns (base 36, as in their custom_ids), and which message the bot holds for the table."""
    try:
        found: Message = await emu.wait_until(lambda: _drawn_for(channel, turn), 5, f"the table at turn {turn}")
    except EmulatorError:
        shown = [(m.id, m.edits, sorted(_turns_drawn(m))) for m in channel.public_messages if _turns_drawn(m)]
        raise AssertionError(
            f"no message drew the table at turn {turn} within 5 s; the bot holds message "
            f"{session.rec.message_id} for it; messages with table buttons (id, edits, turns): {shown}\n"
            f"{channel.transcript()[-2000:]}"
        ) from None
    return found


def _drawn_for(channel: Channel, turn: int) -> Message | None:
    table = game_table(channel)
    if table is None:
        return None
    return table if turn in _turns_drawn(table) else None


def _turns_drawn(message: Message) -> set[int]:
    """The turns a message's table buttons and forms were drawn for (read by the bot's id codec)."""
    turns: set[int] = set()
    for component in message.iter_components():
        with contextlib.suppress(BadId):
            parsed = parse_table_id(component.custom_id or "")
            if parsed.prefix in ("tv", "tvs", "tvq"):
                turns.add(parsed.turn)
    return turns


def bot_waiting(session: Session) -> list[str]:
    from bot.sessions import session_waiting_for

    return session_waiting_for(session)


async def play_with_robots(
    emu: Emulator,
    bot: TaverneBot,
    channel: Channel,
    humans: list[User],
    *,
    seed: int = 1,
    stop_after: int | None = None,
) -> int:
    """Plays the table in ``channel`` until it closes (or ``stop_after`` steps); returns the steps.
    A step is a human's click, or time moved to the table's next due (a robot's move...)."""
    rng = random.Random(seed)
    # What timers say is held a quarter second (real time) to gather it into one edit; here robots
    # play as fast as the frozen clock moves, and the human waits for each redraw: not held (what
    # timers say in one moment of the loop is still one edit). 20 ms here was a third of these tests.
    bot.clicks.news.held.delay_s = NEWS_HOLD_S
    for step in range(ROBOT_STEP_LIMIT):
        if stop_after is not None and step >= stop_after:
            return step
        session = table_of(bot, channel)
        if session is not None and session.state is not None and session.state.over:
            await emu.wait_until(lambda: table_of(bot, channel) is None, 10, "the game over to close its table")
            return step
        if session is None or session.state is None:
            return step
        if any([await human_move(emu, session, channel, user, rng) for user in humans[:1]]) or any(
            [await human_move(emu, session, channel, user, rng) for user in humans[1:]]
        ):
            continue
        before = session.state
        due: Due = bot.manager.next_due(session)
        assert due.kind != "idle", f"nothing for the table to do:\n{channel.transcript()[-3000:]}"
        while emu.now_ms() < due.at:  # half a millisecond more: the clock keeps whole ms
            emu.advance((due.at - emu.now_ms() + 0.5) / 1000)
        await emu.wait_until(
            lambda s=session, b=before: table_of(bot, channel) is not s or s.state is not b,
            timeout=10,
            what=f"the table to do {due.kind} at {due.at}",
        )
    raise AssertionError(f"no end after {ROBOT_STEP_LIMIT} steps:\n{channel.transcript()[-3000:]}")


async def game_told_over(emu: Emulator, channel: Channel) -> str:
    """The channel's 🏆 line, once said (what timers say is shown a moment after it happens)."""
    found: str = await emu.wait_until(
        lambda: next((m.content for m in channel.public_messages if "🏆" in (m.content or "")), None),
        10,
        "the end of the game told in the channel",
    )
    return found
