"""La Cabane sul' Dos: the bataille with one die, and the two-dice game in three phases."""

from __future__ import annotations

from pydantic import BaseModel

from games.core import Action, ActionSpec, Dice, Event, Game, IllegalAction, PlayerId, offer

from .bataille import throw_bataille
from .deux_des import throw_pair, throw_series
from .events import CabaneEvent, Left, Start, Won
from .state import CabaneOptions, CabaneState
from .turns import give_turn, next_player, next_series_or_bataille

THROW = "lancer"


class Cabane(Game[CabaneState]):
    name = "cabane"
    title = "La Cabane sul' Dos"
    min_players = 2
    max_players = 8
    options_model = CabaneOptions
    state_model = CabaneState
    event_model = CabaneEvent

    def new(
        self, players: list[PlayerId], options: BaseModel, dice: Dice, now_ms: int
    ) -> tuple[CabaneState, list[Event]]:
        assert isinstance(options, CabaneOptions)
        bataille = options.mode == "bataille"
        state = CabaneState(
            game=self.name,
            players=players,
            dice=dice,
            options=options,
            scores=dict.fromkeys(players, 0),
            phase="bataille" if bataille else "debroussaillage",
            current=players[0],
        )
        target = options.cible if bataille else None
        events: list[Event] = [Start(mode=options.mode, target=target, players=list(players))]
        events += give_turn(state, players[0], 1 if bataille else None, False)
        return state, events

    def _apply(self, state: CabaneState, player: PlayerId, action: Action, now_ms: int) -> list[Event]:
        if action.kind != THROW:
            raise IllegalAction("unknown_action", action=action.kind)
        if player != state.current:
            raise IllegalAction("not_your_turn", current=state.current)
        state.turn_no += 1
        if state.phase == "debroussaillage":
            return throw_pair(state, player)
        if state.phase == "dix_coups":
            return throw_series(state, player)
        return throw_bataille(state, player)

    def _leave(self, state: CabaneState, player: PlayerId, now_ms: int) -> list[Event]:
        events: list[Event] = [Left(player=player)]
        neighbour = next_player(state.players, player)
        state.players.remove(player)
        state.scores.pop(player)
        if player in state.series_queue:
            state.series_queue.remove(player)
        state.turn_no += 1
        if len(state.players) == 1:
            state.over = True
            state.winners = list(state.players)
            return [*events, Won(player=state.players[0], scores=dict(state.scores))]
        if state.current == player:
            # The die goes on to the neighbour, for a fresh turn of the phase being played.
            if state.phase == "dix_coups":
                events += next_series_or_bataille(state, neighbour)
            elif state.phase == "bataille":
                events += give_turn(state, neighbour, 1, False)
            else:
                events += give_turn(state, neighbour, None, False)
        # A lead is only checked when points are scored: leaving scores nothing.
        return events

    def legal_actions(self, state: CabaneState, player: PlayerId) -> list[Action]:
        if state.over or player != state.current:
            return []
        return [offer(THROW)]

    def vocabulary(self) -> list[ActionSpec]:
        # The helps are in the catalogues: ``<game>.action.<kind>[.<arg>]`` (speech/).
        return [
            ActionSpec(
                kind=THROW,
                help="",
            )
        ]

    def to_act(self, state: CabaneState) -> list[PlayerId]:
        return [] if state.over else [state.current]

    def table(self, state: CabaneState) -> dict[str, object]:
        """What the Discord table shows: phase, whose turn, throws left, the count said aloud, scores."""
        return {
            "phase": state.phase,
            "a_jouer": None if state.over else state.current,
            "lancers_restants": state.throws_left,
            "apres_cabane": state.after_cabane,
            "facade": state.facade,
            "compte": state.count_said if state.phase == "dix_coups" else None,
            "series_a_venir": list(state.series_queue),
            "scores": dict(state.scores),
            "manche": state.round,
            "dernier_lancer": list(state.last_faces),
        }


GAME = Cabane()
