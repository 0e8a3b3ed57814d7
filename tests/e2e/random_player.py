"""Players who pick at random among the moves the table offers them, through the table's own components.

A move is offered when a component of the table message stands for one of the player's legal
actions: a button (`tv:`), an option of a select (`tvs:`), or a form (`tvq:<kind>`, a modal whose
fields are the action's arguments). The codes are read with the bot's own codec (bot/ui/ids.py).
This exercises every presenter through Discord, so that any message breaking a Discord limit shows
up as a violation in the emulator.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.app import TaverneBot
from bot.ui.ids import BadId, decode_action
from emulator import Channel, Component, Emulator, InteractionRecord, Message, User
from games.core import Action

TABLE_PREFIXES = ("tv:", "tvs:", "tvq:")


@dataclass
class Move:
    player: str
    action: Action
    perform: Callable[[User], Awaitable[InteractionRecord]]


def game_table(channel: Channel) -> Message | None:
    for message in reversed(channel.public_messages):
        if any((c.custom_id or "").startswith(TABLE_PREFIXES) for c in message.iter_components()):
            return message
    return None


def _code(component: Component) -> str:
    return (component.custom_id or "").split(":", 3)[-1]


def _field(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    return str(value)


def _words(action: Action) -> tuple[str, dict[str, str]]:
    # A code carries words: a text argument comes back as "11" where the game's action holds 11.
    return action.kind, {name: _field(value) for name, value in action.args.items()}


def _decode(code: str, vocabulary: Any, legal: list[Action]) -> Action | None:
    try:
        decoded = decode_action(code, vocabulary, legal)
    except (BadId, LookupError):
        return None
    return next((a for a in legal if _words(a) == _words(decoded)), None)


async def _click(emu: Emulator, table: Message, custom_id: str, user: User) -> InteractionRecord:
    return await emu.click(table, user, custom_id)


async def _select(emu: Emulator, table: Message, custom_id: str, value: str, user: User) -> InteractionRecord:
    return await emu.select(table, user, [value], custom_id)


def moves(emu: Emulator, table: Message, player: str, legal: list[Action], vocabulary: Any) -> list[Move]:
    found: list[Move] = []
    for component in table.iter_components():
        custom_id = component.custom_id or ""
        if custom_id.startswith("tv:"):
            action = _decode(_code(component), vocabulary, legal)
            if action is not None:
                found.append(Move(player, action, functools.partial(_click, emu, table, custom_id)))
        elif custom_id.startswith("tvs:"):
            for option in component.options:
                action = _decode(option["value"], vocabulary, legal)
                if action is not None:
                    pick = functools.partial(_select, emu, table, custom_id, option["value"])
                    found.append(Move(player, action, pick))
        elif custom_id.startswith("tvq:"):
            kind = _code(component)
            for action in (a for a in legal if a.kind == kind):

                async def fill(user: User, c: str = custom_id, a: Action = action) -> InteractionRecord:
                    opened = await emu.click(table, user, c)
                    if opened.modal is None:
                        return opened
                    values = {name: _field(value) for name, value in a.args.items()}
                    return await emu.submit_modal(opened, values)

                found.append(Move(player, action, fill))
    return found


async def play_randomly(
    emu: Emulator,
    bot: TaverneBot,
    channel: Channel,
    users: dict[str, User],
    rng: random.Random,
    *,
    steps: int,
) -> int:
    """Up to `steps` random moves (fewer when the game ends); returns how many were played."""
    for played in range(steps):
        session = bot.manager.in_channel(channel.id)
        state: Any = session.state if session is not None else None
        if session is None or state is None or state.over:
            return played
        game = session.game
        table = game_table(channel)
        vocabulary = game.full_vocabulary()
        offered: list[Move] = []
        waiting: dict[str, list[str]] = {}
        for player in state.players:
            legal = [a for a in game.legal_actions(state, player) if a.kind != "quitter"]
            if legal and table is not None:
                mine = moves(emu, table, player, legal, vocabulary)
                offered += mine
                if not mine:
                    waiting[player] = [a.kind for a in legal]
        if not offered:
            # Nobody can move now: a window only the table's timer closes, or the table being redrawn.
            # On a frozen clock, time moves to when the bot's timer is due (its window and grace),
            # and the test waits for the state it brings, however slow the machine.
            if emu.clock_frozen and game.deadline(state) is not None:
                due = bot.manager.next_due(session)
                if due.kind == "window":
                    emu.advance(max(0, due.at - emu.now_ms()) / 1000)
            await emu.wait_until(
                _changed(bot, channel, state, _components(table)),
                timeout=30 if emu.clock_frozen else 10,
                what=f"a move to be offered (unoffered: {waiting}, table: {table is not None}, {_phase(game, state)})",
            )
            continue
        move = rng.choice(offered)
        reply = await move.perform(users[move.player])
        assert reply.acknowledged, f"{move.action} unanswered:\n{channel.transcript()}"
    return steps


def _phase(game: Any, state: Any) -> str:
    return f"phase={getattr(state, 'phase', '?')} deadline={game.deadline(state)} turn={state.turn_no}"


def _components(table: Message | None) -> list[str | None]:
    return [c.custom_id for c in table.iter_components()] if table is not None else []


def _changed(bot: TaverneBot, channel: Channel, before: Any, drawn: list[str | None]) -> Callable[[], bool]:
    def changed() -> bool:
        session = bot.manager.in_channel(channel.id)
        return session is None or session.state is not before or _components(game_table(channel)) != drawn

    return changed
