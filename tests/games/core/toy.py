"""A tiny game that exercises every part of the core contract: turns, a timed window, leaving."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core import Action, ActionSpec, ArgSpec, BaseState, Dice, Event, Game, IllegalAction, PlayerId


class ToyOptions(BaseModel):
    model_config = ConfigDict(frozen=True)
    target: int = Field(10, ge=2, le=100, description="points pour gagner")
    window_ms: int = Field(2000, ge=0)


class ToyState(BaseState):
    options: ToyOptions
    scores: dict[PlayerId, int]
    current: int = 0
    phase: Literal["throw", "shout"] = "throw"
    deadline_ms: int | None = None
    shouts: dict[PlayerId, int] = Field(default_factory=dict)


class Toy(Game[ToyState]):
    """Throw one die, add it; on a 6 everyone may shout « Six ! » within the window: first gets 1."""

    name = "toy"
    title = "Jouet"
    min_players = 2
    max_players = 4
    options_model = ToyOptions
    state_model = ToyState

    def new(
        self, players: list[PlayerId], options: BaseModel, dice: Dice, now_ms: int
    ) -> tuple[ToyState, list[Event]]:
        assert isinstance(options, ToyOptions)
        state = ToyState(
            game=self.name, players=players, dice=dice, options=options, scores=dict.fromkeys(players, 0)
        )
        return state, [Event(kind="start", data={"players": players})]

    def _apply(self, state: ToyState, player: PlayerId, action: Action, now_ms: int) -> list[Event]:
        if action.kind == "lancer":
            if state.phase != "throw" or state.players[state.current] != player:
                raise IllegalAction("not_your_turn")
            value = state.dice.roll()
            events = [Event(kind="throw", data={"player": player, "value": value})]
            state.scores[player] += value
            if state.scores[player] >= state.options.target:
                state.over, state.winners = True, [player]
                return [*events, Event(kind="win", data={"player": player})]
            if value == 6:
                state.phase, state.deadline_ms = "shout", now_ms + state.options.window_ms
            else:
                self._next(state)
            return events
        if action.kind == "six":
            if state.phase != "shout" or player in state.shouts:
                raise IllegalAction("not_now")
            state.shouts[player] = now_ms
            return []
        if action.kind == "note":
            points = action.args.get("points")
            if not isinstance(points, int) or not 1 <= points <= 6:
                raise IllegalAction("bad_points", points=points)
            return [Event(kind="note", data={"player": player, "points": points}, to=[player])]
        raise IllegalAction("unknown_action", action=action.kind)

    def _next(self, state: ToyState) -> None:
        state.current = (state.current + 1) % len(state.players)
        state.turn_no += 1

    def _advance(self, state: ToyState, now_ms: int) -> list[Event]:
        if state.phase != "shout" or state.deadline_ms is None or now_ms < state.deadline_ms:
            return []
        events = []
        if state.shouts:
            first = min(state.shouts, key=lambda p: state.shouts[p])
            state.scores[first] += 1
            events.append(Event(kind="shout_won", data={"player": first}))
        state.phase, state.deadline_ms, state.shouts = "throw", None, {}
        self._next(state)
        return events

    def deadline(self, state: ToyState) -> int | None:
        return state.deadline_ms

    def _leave(self, state: ToyState, player: PlayerId, now_ms: int) -> list[Event]:
        index = state.players.index(player)
        state.players.remove(player)
        state.scores.pop(player)
        if index < state.current or state.current >= len(state.players):
            state.current = state.current % max(1, len(state.players))
        if len(state.players) == 1:
            state.over, state.winners = True, list(state.players)
        return [Event(kind="left", data={"player": player})]

    def legal_actions(self, state: ToyState, player: PlayerId) -> list[Action]:
        if state.over or player not in state.players:
            return []
        if state.phase == "throw":
            return [Action(kind="lancer")] if state.players[state.current] == player else []
        return [] if player in state.shouts else [Action(kind="six")]

    def vocabulary(self) -> list[ActionSpec]:
        return [
            ActionSpec(kind="lancer", help="Lancer le dé."),
            ActionSpec(kind="six", help="Crier « Six ! »", who="any"),
            ActionSpec(
                kind="note",
                help="Se noter des points en privé.",
                who="any",
                args=[ArgSpec(name="points", type="int", minimum=1, maximum=6)],
            ),
        ]


GAME = Toy()
