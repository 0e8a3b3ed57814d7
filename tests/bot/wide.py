"""A test game with many choices at once: 60 squares, a free stake, a target to pick, a hidden hand."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from games.core import (
    Action,
    ActionSpec,
    ArgSpec,
    BaseState,
    Dice,
    Event,
    Game,
    IllegalAction,
    OpenView,
    PlayerId,
)


class WideOptions(BaseModel):
    squares: int = 60


class WideState(BaseState):
    options: WideOptions
    hands: dict[PlayerId, list[int]]
    placed: list[int] = Field(default_factory=list)


class Wide(Game[WideState]):
    name = "wide"
    title = "Grand choix"
    min_players = 2
    max_players = 4
    options_model = WideOptions
    state_model = WideState
    view_model = OpenView  # the hands as counts, one's own as tiles

    def new(
        self, players: list[PlayerId], options: BaseModel, dice: Dice, now_ms: int
    ) -> tuple[WideState, list[Event]]:
        assert isinstance(options, WideOptions)
        hands = {p: [dice.roll(), dice.roll()] for p in players}
        return WideState(game=self.name, players=players, dice=dice, options=options, hands=hands), []

    def _apply(self, state: WideState, player: PlayerId, action: Action, now_ms: int) -> list[Event]:
        if player != state.players[0]:
            raise IllegalAction("not_your_turn")
        if action.kind == "placer":
            square = action.args.get("case")
            if not isinstance(square, int) or square in state.placed:
                raise IllegalAction("bad_argument", name="case")
            state.placed.append(square)
            state.turn_no += 1
            return [Event(kind="placed", data={"square": square}), Event(kind="secret", to=[player])]
        if action.kind in {"miser", "cibler"}:
            return [Event(kind=action.kind, data=dict(action.args))]
        raise IllegalAction("unknown_action")

    def _leave(self, state: WideState, player: PlayerId, now_ms: int) -> list[Event]:
        state.players.remove(player)
        state.over = len(state.players) < 2
        return []

    def legal_actions(self, state: WideState, player: PlayerId) -> list[Action]:
        if state.over or player != state.players[0]:
            return []
        free = [s for s in range(1, state.options.squares + 1) if s not in state.placed]
        return [
            *(Action(kind="placer", args={"case": s}) for s in free),
            Action(kind="miser"),
            Action(kind="cibler"),
        ]

    def vocabulary(self) -> list[ActionSpec]:
        return [
            ActionSpec(kind="placer", help="Placer un pion", args=[ArgSpec(name="case", type="int")]),
            ActionSpec(
                kind="miser", help="Miser des points", args=[ArgSpec(name="points", type="int", minimum=1)]
            ),
            ActionSpec(kind="cibler", help="Viser un joueur", args=[ArgSpec(name="joueur", type="player")]),
        ]

    def view(self, state: WideState, player: PlayerId | None) -> dict[str, Any]:
        data = super().view(state, player)
        data["hands"] = {p: (h if p == player else len(h)) for p, h in state.hands.items()}
        return data


GAME = Wide()
