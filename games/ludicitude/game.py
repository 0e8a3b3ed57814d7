"""Ludicitude: the turn, from the choice of the situation to the score or the lost turn."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from games.core import Action, ActionSpec, ArgSpec, Dice, Event, Game, IllegalAction, PlayerId, offer
from games.core.copying import deep_copy

from . import setaside
from .events import (
    Carrots,
    Left,
    Lost,
    LudicitudeEvent,
    Remembered,
    Scored,
    ScoreReason,
    SetAside,
    Start,
    TakeOver,
    ThrowAll,
    Thrown,
    Turn,
    Won,
)
from .faces import CAROTTE, DICE, RABBIT_FACES
from .situation import Situation, score
from .state import LudicitudeOptions, LudicitudeState

TOUT_RELANCER = "tout_relancer"
REPRENDRE = "reprendre"
ECARTER = "ecarter"
RELANCER = "relancer"
ARRETER = "arreter"


def value_left(state: LudicitudeState) -> int:
    """What the next player takes over if the turn ended now (at « debut »: what was left to them)."""
    return state.situation.value()


def turn_points(state: LudicitudeState) -> int:
    """What the player whose turn it is would score by stopping now."""
    return score(state.memorised, state.situation)


class Ludicitude(Game[LudicitudeState]):
    name = "ludicitude"
    title = "Ludicitude"
    min_players = 2
    max_players = 10
    options_model = LudicitudeOptions
    state_model = LudicitudeState
    event_model = LudicitudeEvent

    def new(
        self, players: list[PlayerId], options: BaseModel, dice: Dice, now_ms: int
    ) -> tuple[LudicitudeState, list[Event]]:
        assert isinstance(options, LudicitudeOptions)
        state = LudicitudeState(
            game=self.name,
            players=players,
            dice=dice,
            options=options,
            scores=dict.fromkeys(players, 0),
            table=[CAROTTE] * DICE,
        )
        start = Start(players=list(players), target=options.objectif)
        return state, [start, self._turn_event(state)]

    # --- actions ---------------------------------------------------------------------------
    def _apply(self, state: LudicitudeState, player: PlayerId, action: Action, now_ms: int) -> list[Event]:
        handlers = {
            TOUT_RELANCER: self._throw_all,
            REPRENDRE: self._take_over,
            ECARTER: self._set_aside,
            RELANCER: self._throw_again,
            ARRETER: self._stop,
        }
        handler = handlers.get(action.kind)
        if handler is None:
            raise IllegalAction("unknown_action", action=action.kind)
        if player != state.players[state.current]:
            raise IllegalAction("not_your_turn")
        return handler(state, player, action)

    def _throw_all(self, state: LudicitudeState, player: PlayerId, action: Action) -> list[Event]:
        if state.phase != "debut":
            raise IllegalAction("not_now")
        state.table = state.table + state.situation.rabbit_faces() + state.situation.clapiers
        state.situation = Situation()
        return [ThrowAll(player=player), *self._throw(state, player)]

    def _take_over(self, state: LudicitudeState, player: PlayerId, action: Action) -> list[Event]:
        if state.phase != "debut":
            raise IllegalAction("not_now")
        if state.situation.empty():
            raise IllegalAction("rien_a_reprendre")
        events: list[Event] = [
            TakeOver(player=player, situation=deep_copy(state.situation), value=value_left(state))
        ]
        if not state.table:
            events.append(self._memorise(state, player))
        return events + self._throw(state, player)

    def _set_aside(self, state: LudicitudeState, player: PlayerId, action: Action) -> list[Event]:
        if state.phase != "ecarter":
            raise IllegalAction("not_now")
        if "lapins" not in action.args:
            raise IllegalAction("missing_argument", name="lapins")
        choice = setaside.Choice(
            action.int_arg("lapins", 0), action.int_arg("doubles", 0), action.int_arg("clapier", 0)
        )
        setaside.check(state.table, state.situation, choice)
        setaside.take(state.table, state.situation, choice)
        state.phase = "suite"
        state.turn_no += 1
        aside = SetAside(
            player=player,
            rabbits=choice.lapins,
            doubles=choice.doubles,
            clapier=choice.clapier,
            points=turn_points(state),
            dice_left=len(state.table),
        )
        return [aside]

    def _throw_again(self, state: LudicitudeState, player: PlayerId, action: Action) -> list[Event]:
        if state.phase not in ("suite", "carottes"):
            raise IllegalAction("ecarter_d_abord" if state.phase == "ecarter" else "not_now")
        events: list[Event] = []
        if not state.table:
            events.append(self._memorise(state, player))
        return events + self._throw(state, player)

    def _stop(self, state: LudicitudeState, player: PlayerId, action: Action) -> list[Event]:
        if state.phase == "carottes":
            raise IllegalAction("carottes_relancer")
        if state.phase != "suite":
            raise IllegalAction("ecarter_d_abord" if state.phase == "ecarter" else "not_now")
        return self._score(state, player, "arret")

    # --- the throw and what follows it ----------------------------------------------------
    def _throw(self, state: LudicitudeState, player: PlayerId) -> list[Event]:
        state.table = sorted(state.dice.roll() for _ in state.table)
        state.turn_no += 1
        faces = state.table
        events: list[Event] = [Thrown(player=player, faces=list(faces))]
        after_carrots, state.after_carrots = state.after_carrots, False
        if any(f in RABBIT_FACES for f in faces):
            state.phase = "ecarter"
            return events
        if all(f == CAROTTE for f in faces):
            return events + self._carrots(state, player)
        if after_carrots and all(f != CAROTTE for f in faces):
            return events + self._score(state, player, "clapiers")
        lost = turn_points(state)
        events.append(Lost(player=player, points=lost))
        return events + self._end_turn(state)

    def _carrots(self, state: LudicitudeState, player: PlayerId) -> list[Event]:
        state.carrots += len(state.table)
        remembered = self._pick_up_rabbits(state)
        state.after_carrots = True
        carrots = Carrots(
            player=player,
            carrots=state.carrots,
            rabbit_points=remembered,
            memorised=state.memorised,
            dice=len(state.table),
        )
        events: list[Event] = [carrots]
        if not state.table:
            return events + self._score(state, player, "plus_de_des")
        state.phase = "carottes"
        return events

    def _pick_up_rabbits(self, state: LudicitudeState) -> int:
        """Remembers the rabbit points lying aside and puts their dice on the table to be thrown."""
        remembered = state.situation.rabbit_points()
        state.memorised += remembered
        state.table = state.situation.rabbit_faces()
        state.situation.forget_rabbits()
        return remembered

    def _memorise(self, state: LudicitudeState, player: PlayerId) -> Event:
        """Every die is aside: the rabbits are remembered and their dice picked up to be thrown."""
        remembered = self._pick_up_rabbits(state)
        return Remembered(
            player=player, rabbit_points=remembered, memorised=state.memorised, dice=len(state.table)
        )

    def _score(self, state: LudicitudeState, player: PlayerId, reason: ScoreReason) -> list[Event]:
        points = turn_points(state)
        state.scores[player] += points
        scored = Scored(
            player=player,
            reason=reason,
            points=points,
            rabbit_points=state.memorised + state.situation.rabbit_points(),
            multiplier=state.situation.multiplier(),
            total=state.scores[player],
        )
        events: list[Event] = [scored]
        if state.scores[player] >= state.options.objectif:
            state.over, state.winners = True, [player]
            state.turn_no += 1
            return [*events, Won(player=player, total=state.scores[player])]
        return events + self._end_turn(state)

    def _end_turn(self, state: LudicitudeState) -> list[Event]:
        """The turn passes; the rabbits and clapiers stay on the table for the next player."""
        state.table = sorted(state.table + [CAROTTE] * state.carrots)
        state.carrots = state.memorised = 0
        state.after_carrots = False
        state.current = (state.current + 1) % len(state.players)
        state.phase = "debut"
        state.turn_no += 1
        return [self._turn_event(state)]

    def _turn_event(self, state: LudicitudeState) -> Event:
        return Turn(
            player=state.players[state.current],
            can_take_over=not state.situation.empty(),
            situation=deep_copy(state.situation),
            value_left=value_left(state),
            dice_to_throw=len(state.table) or state.situation.rabbit_dice(),
        )

    # --- leaving --------------------------------------------------------------------------
    def _leave(self, state: LudicitudeState, player: PlayerId, now_ms: int) -> list[Event]:
        index = state.players.index(player)
        was_current = index == state.current
        state.players.remove(player)
        state.scores.pop(player)
        events: list[Event] = [Left(player=player)]
        if len(state.players) < 2:
            state.over, state.winners = True, list(state.players)
            state.turn_no += 1
            if state.winners:
                winner = state.winners[0]
                events.append(Won(player=winner, total=state.scores[winner]))
            return events
        if index < state.current:
            state.current -= 1
        elif was_current:
            # The turn ends as a lost one would: the dice stay where they lie for the next player.
            state.current = (state.current - 1) % len(state.players)
            events += self._end_turn(state)
        return events

    # --- what may be done -----------------------------------------------------------------
    def legal_actions(self, state: LudicitudeState, player: PlayerId) -> list[Action]:
        if state.over or player not in state.players or state.players[state.current] != player:
            return []
        if state.phase == "debut":
            actions = [offer(TOUT_RELANCER)]
            if not state.situation.empty():
                actions.append(offer(REPRENDRE))
            return actions
        if state.phase == "ecarter":
            return [
                offer(ECARTER, lapins=choice.lapins, doubles=choice.doubles, clapier=choice.clapier)
                for choice in setaside.choices(state.table, state.situation)
            ]
        if state.phase == "suite":
            return [offer(RELANCER), offer(ARRETER)]
        return [offer(RELANCER)]

    def vocabulary(self) -> list[ActionSpec]:
        # The helps are in the catalogues: ``<game>.action.<kind>[.<arg>]`` (speech/).
        return [
            ActionSpec(kind=TOUT_RELANCER, help=""),
            ActionSpec(
                kind=REPRENDRE,
                help="",
            ),
            ActionSpec(
                kind=ECARTER,
                help="",
                args=[
                    ArgSpec(
                        name="lapins",
                        type="int",
                        minimum=0,
                        maximum=DICE,
                        help="",
                    ),
                    ArgSpec(
                        name="doubles",
                        type="int",
                        minimum=0,
                        maximum=DICE,
                        optional=True,
                        help="",
                    ),
                    ArgSpec(
                        name="clapier",
                        type="int",
                        minimum=0,
                        maximum=5,
                        optional=True,
                        help="",
                    ),
                ],
            ),
            ActionSpec(
                kind=RELANCER,
                help="",
            ),
            ActionSpec(kind=ARRETER, help=""),
        ]

    # --- looking --------------------------------------------------------------------------
    def view(self, state: LudicitudeState, player: PlayerId | None) -> dict[str, Any]:
        data = super().view(state, player)
        data["valeur_laissee"] = value_left(state)
        data["points_du_tour"] = turn_points(state)
        return data


GAME = Ludicitude()
