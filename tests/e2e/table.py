"""Playing at a Taverne table the way players do: slash command, lobby buttons, the table's buttons.

The table's buttons are found by the game action they stand for, read from their custom_id
(`tv:<table>:<turn>:<action code>`, see bot/ui/ids.py), so that wording changes on the buttons
do not break the tests; the players' view (texts, scores) is read from the messages.
"""

from __future__ import annotations

import re

from emulator import Channel, Component, Emulator, InteractionRecord, Message, User
from games.core import Action

SCORE_LINE = re.compile(r"\*\*(?P<name>[^*]+)\*\* ?: (?P<score>-?\d+)")


async def open_table(
    emu: Emulator, channel: Channel, host: User, game: str = "culdechouette", options: str | None = None
) -> Message:
    chosen = {"jeu": game} | ({"options": options} if options else {})
    reply = await emu.slash(channel, host, "jouer", chosen)
    assert reply.message is not None and not reply.ephemeral, reply.content
    return reply.message


async def seat_and_start(emu: Emulator, lobby: Message, host: User, guests: list[User]) -> None:
    for guest in guests:
        joined = await emu.click(lobby, guest, label="Rejoindre")
        assert not joined.errors
    started = await emu.click(lobby, host, label="Commencer")
    assert not started.errors and not started.ephemeral, started.content


def action_code(component: Component) -> str | None:
    custom_id = component.custom_id or ""
    parts = custom_id.split(":", 3)
    return parts[3] if len(parts) == 4 and parts[0] == "tv" else None


def action_kind(component: Component) -> str | None:
    code = action_code(component)
    return code.split("~")[0] if code and not code.startswith("#") else None


def table_message(channel: Channel) -> Message:
    """The newest public message of the bot that carries game buttons."""
    for message in reversed(channel.public_messages):
        if any(action_code(b) for b in message.buttons):
            return message
    raise LookupError(f"no table message with game buttons in #{channel.name}")


def button_for(message: Message, action: Action | str) -> Component:
    kind = action if isinstance(action, str) else action.kind
    found = [b for b in message.buttons if action_kind(b) == kind]
    if len(found) != 1:
        raise LookupError(f"{len(found)} buttons for {kind!r}: {[action_code(b) for b in message.buttons]}")
    return found[0]


async def act(
    emu: Emulator,
    message: Message,
    user: User,
    action: Action | str,
    *,
    at_ms: int | None = None,
    timeout: float = 3.0,
) -> InteractionRecord:
    button = button_for(message, action)
    return await emu.click(message, user, button.custom_id, at_ms=at_ms, timeout=timeout)


def scores(message: Message) -> dict[str, int]:
    """The scores as the table shows them (« **Arthur** : 12 », in English « **Arthur**: 12 »)."""
    return {m["name"]: int(m["score"]) for m in SCORE_LINE.finditer(message.text())}
