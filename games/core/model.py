"""Actions, events, the action vocabulary and the fields every game state shares."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .dice import Dice
from .errors import IllegalAction

PlayerId = str
# The caller (session manager, local runner) acts as this player to pass time in or remove someone.
SYSTEM: PlayerId = "*"

ArgValue = int | str | bool | list[int] | list[str]


class Action(BaseModel):
    """What a player does: a kind from the game's vocabulary and its arguments."""

    model_config = ConfigDict(frozen=True)

    kind: str
    args: dict[str, ArgValue] = Field(default_factory=dict)

    def int_arg(self, name: str, default: int | None = None) -> int:
        """A whole-number argument (``default`` when absent), or the refusal naming it."""
        value = self.args.get(name, default)
        if value is None:
            raise IllegalAction("missing_argument", name=name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise IllegalAction("bad_argument", name=name)
        return value

    def text_arg(self, name: str) -> str:
        """A word argument, or the refusal naming it."""
        value = self.args.get(name)
        if value is None:
            raise IllegalAction("missing_argument", name=name)
        if not isinstance(value, str):
            raise IllegalAction("bad_argument", name=name)
        return value

    def __str__(self) -> str:
        parts = [self.kind]
        for key, value in self.args.items():
            if isinstance(value, list):
                value = ",".join(str(v) for v in value)
            parts.append(f"{key}={value}")
        return " ".join(parts)


class Event(BaseModel):
    """Something that happened. ``to`` limits who may see it (None: everyone at the table)."""

    kind: str
    data: dict[str, Any] = Field(default_factory=dict)
    to: list[PlayerId] | None = None

    def visible_to(self, player: PlayerId | None) -> bool:
        return self.to is None or (player is not None and player in self.to)


ArgType = Literal["int", "player", "choice", "ints", "text"]


class ArgSpec(BaseModel):
    name: str
    type: ArgType
    help: str = ""
    choices: list[str] = Field(default_factory=list)
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False


class ActionSpec(BaseModel):
    """One word of a game's vocabulary, as the local runner and the bot present it."""

    kind: str
    # Empty in the games (their actions' words are ``<game>.action.<kind>`` in speech/); a presenter's
    # form may carry its reader's hint here, and a test's toy game without a catalogue its own words.
    help: str = ""
    args: list[ArgSpec] = Field(default_factory=list)
    # "turn": the player whose turn it is; "any": anyone at the table; "system": the caller.
    who: Literal["turn", "any", "system"] = "turn"


class OpenView(BaseModel):
    """A view a game gives as a plain dict of its own shape, without a model: its keys as fields."""

    model_config = ConfigDict(extra="allow", frozen=True)


class BaseState(BaseModel):
    """Fields every game state has. Subclasses add options, phase, scores and pending windows."""

    game: str
    players: list[PlayerId]
    dice: Dice = Field(default_factory=Dice)
    # Bumped whenever the buttons on offer change meaning (a new throw, a new turn): buttons carry
    # it, so a click on a button from an earlier turn is recognised as stale.
    turn_no: int = 0
    # Count of accepted actions, for logs and stale detection.
    version: int = 0
    over: bool = False
    winners: list[PlayerId] = Field(default_factory=list)
