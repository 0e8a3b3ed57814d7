"""Actions, events, the action vocabulary and the fields every game state shares."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

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


def offer(kind: str, **args: ArgValue) -> Action:
    """An action a game offers (``legal_actions``): one shared instance per kind and arguments.

    ``Action`` is frozen and its model validates every argument, which made building the offers
    a good part of ``legal_actions``' cost (asked for every player after every accepted action).
    The key carries each value's type: ``True`` and ``1`` are equal in Python, not as arguments.
    """
    return _shared(kind, tuple((name, _typed(value)) for name, value in args.items()))


def _typed(value: ArgValue) -> tuple[Any, ...]:
    if isinstance(value, list):
        return (list, tuple((type(item), item) for item in value))
    return (type(value), value)


@lru_cache(maxsize=8192)
def _shared(kind: str, key: tuple[tuple[str, tuple[Any, ...]], ...]) -> Action:
    args: dict[str, ArgValue] = {}
    for name, typed in key:
        args[name] = [item for _, item in typed[1]] if typed[0] is list else typed[1]
    return Action(kind=kind, args=args)


_ENVELOPE = frozenset({"kind", "to"})


class Event(BaseModel):
    """Something that happened. ``to`` limits who may see it (None: everyone at the table).

    Each game declares its events as subclasses, one per kind (``kind: Literal[...]``), their fields
    typed and named in English, gathered in a union discriminated by ``kind`` (``Game.events``).
    The base itself takes any field (a test's toy game writes ``Event(kind=..., data={...})``).
    Tables stored before the events were typed keep them as ``{kind, data, to}``, some keys French:
    they are read back through the same models (``upgraded``)."""

    model_config = ConfigDict(extra="allow")

    kind: str
    to: list[PlayerId] | None = None

    # Keys an older version stored under ``data``, by their name now (``{"joueur": "player"}``).
    renamed: ClassVar[dict[str, str]] = {}

    @model_validator(mode="before")
    @classmethod
    def _from_stored(cls, raw: Any) -> Any:
        if isinstance(raw, dict) and isinstance(raw.get("data"), dict):
            fields = {k: v for k, v in raw.items() if k != "data"}
            return {**cls.upgraded(dict(raw["data"])), **fields}
        return raw

    @classmethod
    def upgraded(cls, data: dict[str, Any]) -> dict[str, Any]:
        """An older version's ``data`` as this model's fields (a model with nested renames says more).
        A key named like the envelope's (``kind``: a shout's kind) must be renamed by the model; left
        as it is, it is kept as ``kind_``, and ``data`` gives it back by its name."""
        fields: dict[str, Any] = {}
        for key, value in data.items():
            name = cls.renamed.get(key, key)
            fields[f"{name}_" if name in _ENVELOPE else name] = value
        return fields

    @property
    def data(self) -> dict[str, Any]:
        """The event's own fields (all but ``kind`` and ``to``), as JSON: the terminal's ``--json``."""
        fields = self.model_dump(mode="json", exclude=set(_ENVELOPE))
        for name in _ENVELOPE:
            if f"{name}_" in fields:
                fields[name] = fields.pop(f"{name}_")
        return fields

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
