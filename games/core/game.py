"""The contract every game implements, and the pure ``apply`` wrapper around it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from functools import cached_property
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter

from .dice import Dice
from .errors import IllegalAction
from .model import SYSTEM, Action, ActionSpec, ArgSpec, BaseState, Event, PlayerId

S = TypeVar("S", bound=BaseState)

TICK = "tick"  # SYSTEM passes time in: windows whose deadline has passed close.
REMOVE = "expulser"  # SYSTEM removes a player (idle, host's decision): args {"joueur": id}.
LEAVE = "quitter"  # a player leaves the table by themselves.

# Their words are ``action.<kind>`` in speech/locales/<lang>/games.po, like every game's own.
COMMON_VOCABULARY = [
    ActionSpec(kind=LEAVE, who="any"),
    ActionSpec(kind=REMOVE, args=[ArgSpec(name="joueur", type="player")], who="system"),
    ActionSpec(kind=TICK, who="system"),
]


class Game(ABC, Generic[S]):
    """A game: pure functions over its state model.

    Subclasses implement ``new``, ``_apply`` (mutating the copy they are given), ``legal_actions``,
    ``vocabulary`` and ``_leave``; windows implement ``deadline`` and ``_advance``. A game writes no
    sentence: it raises error codes and emits events, and its words are ``speech/<game>.py``
    (``speech.words_of(game)``), read by the bot and the terminal table alike.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[BaseModel]]
    state_model: ClassVar[type[BaseState]]
    # The typed model of what ``view`` returns. None: the view is the state without its dice (a
    # game with no secret), read back as the state's own model.
    view_model: ClassVar[type[BaseModel] | None] = None
    # The game's events: the union of its ``Event`` models discriminated by ``kind``
    # (``Annotated[A | B, Field(discriminator="kind")]``); the base ``Event`` for a game that
    # declares none (a test's toy game).
    event_model: ClassVar[Any] = Event

    @cached_property
    def _events(self) -> TypeAdapter[Any]:
        # Built on first use, not at import: a start reads no event before its first table.
        return TypeAdapter(self.event_model)

    def read_event(self, raw: Any) -> Event:
        """One stored event (as dumped now, or an older version's ``{kind, data, to}``) as the
        game's model; raises ``pydantic.ValidationError`` for a kind the game does not know."""
        event = self._events.validate_python(raw)
        assert isinstance(event, Event)
        return event

    # --- creation -------------------------------------------------------------------------
    def options(self, raw: dict[str, Any] | None = None) -> BaseModel:
        """Options validated from loose values (strings from a command line or a slash command)."""
        return self.options_model.model_validate(raw or {})

    def start(
        self,
        players: list[PlayerId],
        options: BaseModel | dict[str, Any] | None = None,
        *,
        seed: int = 0,
        loaded: list[int] | None = None,
        now_ms: int = 0,
    ) -> tuple[S, list[Event]]:
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction(
                "player_count", minimum=self.min_players, maximum=self.max_players, got=len(players)
            )
        if len(set(players)) != len(players) or SYSTEM in players:
            raise IllegalAction("duplicate_player")
        opts = options if isinstance(options, BaseModel) else self.options(options)
        dice = Dice(seed=seed, loaded=list(loaded or []))
        return self.new(list(players), opts, dice, now_ms)

    @abstractmethod
    def new(
        self, players: list[PlayerId], options: BaseModel, dice: Dice, now_ms: int
    ) -> tuple[S, list[Event]]:
        """The state at the start of the game (may already throw dice: who starts)."""

    # --- playing --------------------------------------------------------------------------
    def apply(self, state: S, player: PlayerId, action: Action, now_ms: int) -> tuple[S, list[Event]]:
        """Pure: returns the next state and the events, or raises IllegalAction and changes nothing."""
        if state.over and action.kind != TICK:
            raise IllegalAction("game_over")
        # A validated dump is a deep copy three to four times faster than copy.deepcopy here.
        self._check_arguments(action)
        new = type(state).model_validate(state.model_dump(round_trip=True))
        events = self._advance(new, now_ms)
        if action.kind == TICK:
            if player != SYSTEM:
                raise IllegalAction("system_only")
        elif action.kind == REMOVE:
            if player != SYSTEM:
                raise IllegalAction("system_only")
            target = action.args.get("joueur")
            if not isinstance(target, str) or target not in new.players:
                raise IllegalAction("unknown_player", player=target)
            events += self._leave(new, target, now_ms)
        elif player == SYSTEM:
            raise IllegalAction("not_a_player")
        elif player not in new.players and not self.outsider_may(new, player, action):
            raise IllegalAction("not_a_player", player=player)
        elif action.kind == LEAVE:
            events += self._leave(new, player, now_ms)
        else:
            events += self._apply(new, player, action, now_ms)
        new.version += 1
        return new, events

    def _check_arguments(self, action: Action) -> None:
        """Refuse words the vocabulary does not have, so a forged action never half-matches."""
        known = self.__dict__.get("_argument_names")
        if known is None:
            known = {spec.kind: {a.name for a in spec.args} for spec in self.full_vocabulary()}
            self.__dict__["_argument_names"] = known
        names = known.get(action.kind)
        if names is None:
            raise IllegalAction("unknown_action", action=action.kind)
        for name in action.args:
            if name not in names:
                raise IllegalAction("bad_argument", name=name)

    @abstractmethod
    def _apply(self, state: S, player: PlayerId, action: Action, now_ms: int) -> list[Event]:
        """Apply a game action to ``state`` (a private copy: mutate it) or raise IllegalAction."""

    def outsider_may(self, state: S, player: PlayerId, action: Action) -> bool:
        """Whether someone not (yet) at the table may take ``action`` (joining mid-game, say)."""
        return False

    def read_message(self, state: S, player: PlayerId, text: str) -> Action | None:
        """The action ``player`` takes by saying ``text`` as a plain line of the table's chat (a
        song, a shout), or None: the line is only chat. Pure reading, no check: ``apply`` judges
        the action. Default: a game is played by its actions alone."""
        return None

    def _advance(self, state: S, now_ms: int) -> list[Event]:
        """Close the windows whose deadline is at or before ``now_ms``. Default: no windows."""
        return []

    @abstractmethod
    def _leave(self, state: S, player: PlayerId, now_ms: int) -> list[Event]:
        """Take ``player`` out of the game as the rules say; may end the game."""

    def deadline(self, state: S) -> int | None:
        """When the caller must pass time in (a TICK) to close an open window, if any."""
        return None

    @abstractmethod
    def legal_actions(self, state: S, player: PlayerId) -> list[Action]:
        """Every action ``player`` may take now (game actions only; not quitter/tick)."""

    def forced_action(
        self, state: S, legal: Mapping[PlayerId, list[Action]] | None = None
    ) -> tuple[PlayerId, Action] | None:
        """The one action left to the player to act, when the table should play it for them.

        ``legal``: the players' ``legal_actions`` in ``state`` when the caller has them already (the
        bot computes them once per state); None: asked here.

        Pure, and only a suggestion: ``apply`` never plays it by itself, so a stored game replays
        action by action. A table (the bot's session manager, the terminal runner) calls this after
        each accepted action and, while it returns ``(player, action)``, applies that action for the
        player through its ordinary path (committed and journaled like a click) and says so
        (« coup joué pour toi : … »). None (the default) when the player still has a choice to make,
        or when the only action is one the player takes themselves (throwing the dice).

        Barricade returns the move when a throw leaves exactly one legal move.
        """
        return None

    def to_act(self, state: S) -> list[PlayerId]:
        """The players the table waits for (for pings and turn timers)."""
        return [p for p in state.players if self.legal_actions(state, p)]

    @abstractmethod
    def vocabulary(self) -> list[ActionSpec]:
        """The game's action words with their arguments (the common ones are added by the caller)."""

    def full_vocabulary(self) -> list[ActionSpec]:
        return self.vocabulary() + COMMON_VOCABULARY

    # --- looking ---------------------------------------------------------------------------
    def view(self, state: S, player: PlayerId | None) -> dict[str, Any]:
        """What ``player`` (None: a spectator) may see. Games with secrets override this."""
        data = state.model_dump(mode="json")
        data.pop("dice", None)
        return data

    def seen(
        self, state: S, player: PlayerId | None, legal: Mapping[PlayerId, list[Action]] | None = None
    ) -> BaseModel:
        """``view`` as its typed model: all a presenter gets of a table (never the state itself).
        ``legal``: as for ``forced_action``, for a view that tells what a player may do."""
        model = self.view_model or self.state_model
        return model.model_validate(self.view(state, player))

    def scores(self, state: S) -> dict[PlayerId, int]:
        return dict(getattr(state, "scores", {}))

    def load(self, raw: str | bytes | dict[str, Any]) -> S:
        """A state back from its JSON (or its dict)."""
        model = self.state_model
        if isinstance(raw, dict):
            return model.model_validate(raw)  # type: ignore[return-value]
        return model.model_validate_json(raw)  # type: ignore[return-value]
