"""What the emulator remembers of the bot's behaviour: interactions, violations, REST calls."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from emulator.limits import EPHEMERAL_FLAG
from emulator.model import Channel, Message, User

PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9

INITIAL_RESPONSE_DEADLINE_S = 3.0
TOKEN_LIFETIME_S = 15 * 60.0


@dataclass
class Violation:
    """Something Discord would have refused or punished, or a test-visible failure ("This interaction failed")."""

    kind: str
    detail: str
    method: str = ""
    path: str = ""
    payload: Any = None

    def __str__(self) -> str:
        where = f" [{self.method} {self.path}]" if self.method else ""
        return f"{self.kind}{where}: {self.detail}"


@dataclass
class RestCall:
    method: str
    path: str
    route: str
    status: int
    at: float
    payload: Any = None


@dataclass
class InteractionRecord:
    """One interaction the emulator sent, and what the bot did with it."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    payload: dict[str, Any]
    dispatched_at: float
    source_message: Message | None = None
    response_type: int | None = None
    response_at: float | None = None
    # The @original message: what the initial response created, or the component's message it updated.
    message: Message | None = None
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    followups: list[Message] = field(default_factory=list)
    # Error codes the bot received for this interaction (10062, 40060, 50035...).
    errors: list[int] = field(default_factory=list)
    responded: asyncio.Event = field(default_factory=asyncio.Event)
    # Set when the user's wait is over: the bot answered, or Discord refused its answer as too late
    # (the user saw « Échec de l'interaction »; a test waits for the refusal, not for 3 s of real time).
    settled: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and bool(self.message.flags & EPHEMERAL_FLAG)

    @property
    def content(self) -> str:
        """The words of the answer the user sees (ephemeral or not)."""
        return self.message.text() if self.message is not None else ""

    def deadline_passed(self, now: float) -> bool:
        return now - self.dispatched_at > INITIAL_RESPONSE_DEADLINE_S

    def token_expired(self, now: float) -> bool:
        return now - self.dispatched_at > TOKEN_LIFETIME_S

    async def wait_response(self, timeout: float = INITIAL_RESPONSE_DEADLINE_S) -> bool:
        """Wait until the bot answered or its answer was refused as too late; whether it answered."""
        try:
            await asyncio.wait_for(self.settled.wait(), timeout)
        except TimeoutError:
            return False
        return self.responded.is_set()

    def __repr__(self) -> str:
        return (
            f"<Interaction {self.id} type={self.type} by {self.user.name} response={self.response_type}"
            f" errors={self.errors}>"
        )
