"""Cul de chouette (niveau débutant) on the games/ core contract."""

from __future__ import annotations

from typing import cast

from pydantic import BaseModel

from games.core import Action, ActionSpec, Dice, Event, Game, IllegalAction, PlayerId

from . import civet, grelottine, shouts, sirop, sloubi
from .events import CulEvent, FirstPlayer, GameOver, OrderThrow, RoundOver, SiropWord, Turn
from .flow import start_turn, throw_chouettes, throw_cul
from .leaving import remove, settle
from .scoring import bevue
from .state import CulState, Options
from .vocabulary import SPECS, legal, thrower_now, waited_for

# The events that pass the dice on: the next turn, and a new round.
PASSING = (Turn, RoundOver)


def ended(events: list[Event], settled: list[Event]) -> list[Event]:
    """The action's events and what settling it told. When the game ends there, the turn or round
    the action passed to is never played: its announcement is dropped, so that the last lines
    read « … 343 points », « fin », not « à Bob de lancer » before the end."""
    told = events + settled
    if any(isinstance(e, GameOver) for e in told):
        return [e for e in told if not isinstance(e, PASSING)]
    return told


class CulDeChouette(Game[CulState]):
    name = "culdechouette"
    title = "Cul de chouette"
    min_players = 2
    max_players = 10
    options_model = Options
    state_model = CulState
    event_model = CulEvent

    def new(
        self, players: list[PlayerId], options: BaseModel, dice: Dice, now_ms: int
    ) -> tuple[CulState, list[Event]]:
        assert isinstance(options, Options)
        state = CulState(
            game=self.name, players=players, dice=dice, options=options, scores=dict.fromkeys(players, 0)
        )
        events: list[Event] = []
        contenders = list(players)
        while len(contenders) > 1:
            rolls = {p: state.dice.roll() for p in contenders}
            events += [OrderThrow(player=p, value=v) for p, v in rolls.items()]
            low = min(rolls.values())
            contenders = [p for p in contenders if rolls[p] == low]
        starter = contenders[0]
        state.current = players.index(starter)
        state.round_starter = starter
        events.append(FirstPlayer(player=starter))
        return state, events + start_turn(state)

    def outsider_may(self, state: CulState, player: PlayerId, action: Action) -> bool:
        return action.kind == "chante_sloubi"

    def _apply(self, state: CulState, player: PlayerId, action: Action, now_ms: int) -> list[Event]:
        events = sloubi.interrupt(state, player)
        if not (events and action.kind in ("sloubi", "message")):
            # someone else's message during a song only interrupts it
            events += self._dispatch(state, player, action, now_ms)
        return ended(events, settle(state, now_ms))

    def _dispatch(self, state: CulState, player: PlayerId, action: Action, now_ms: int) -> list[Event]:
        kind = action.kind
        if kind == "lancer":
            return self._throw(state, player, now_ms)
        if kind == "siroter":
            return sirop.sirote(state, player, now_ms)
        if kind == "garder":
            return sirop.keep(state, player, now_ms)
        if kind in shouts.SHOUTS:
            return shouts.shout(state, player, kind, now_ms)
        if kind in ("beau_sirop", "couche_sirop", "file_sirop", "oiseau"):
            bird = action.text_arg("nom") if kind == "oiseau" else None
            return sirop.announce(state, player, cast(SiropWord, kind), bird)
        if kind == "sirop_gagnant":
            return sirop.claim(state, player)
        if kind == "grelottine":
            return grelottine.call(state, player, action.text_arg("cible"), now_ms)
        if kind == "miser":
            return grelottine.stake(state, player, action.text_arg("combinaison"), action.int_arg("mise"))
        if kind == "max":
            return grelottine.stake(state, player, action.text_arg("combinaison"), None)
        if kind == "relancer":
            keep = action.args.get("garder", [])
            if not isinstance(keep, list) or not all(isinstance(k, int) for k in keep):
                raise IllegalAction("bad_keep")
            return grelottine.second_throw(state, player, [int(k) for k in keep], now_ms)
        if kind == "civet":
            return civet.announce(state, player, action.int_arg("mise"), action.text_arg("combinaison"))
        if kind == "lance_civet":
            return civet.give(state, player, action.text_arg("cible"))
        if kind == "chante_sloubi":
            return sloubi.join(state, player)
        if kind == "sloubi":
            return sloubi.sing(state, player, action.int_arg("n"))
        if kind == "message":
            # only someone else's message during a song matters (handled above as an interruption)
            raise IllegalAction("not_now")
        if kind == "refuser_sloubi":
            return sloubi.refuse(state, player)
        raise IllegalAction("unknown_action", action=kind)

    def _throw(self, state: CulState, player: PlayerId, now_ms: int) -> list[Event]:
        who = thrower_now(state)
        if player == who:
            if state.phase == "chouettes":
                return throw_chouettes(state)
            if state.phase == "cul":
                return throw_cul(state, now_ms)
            if state.phase == "sirop_lancer":
                return sirop.throw_die(state, now_ms)
            return grelottine.first_throw(state, now_ms)
        if state.phase == "paris" and player == state.thrower:
            raise IllegalAction("bets_open")
        if who is None and player in (state.thrower, state.players[state.current]):
            raise IllegalAction("not_now")
        if state.options.strict:
            return bevue(state, player, "hors_tour")
        raise IllegalAction("not_your_turn")

    def _advance(self, state: CulState, now_ms: int) -> list[Event]:
        events: list[Event] = []
        while not state.over and state.deadline_ms is not None and now_ms >= state.deadline_ms:
            if state.phase == "cris":
                events += shouts.close_shouts(state, now_ms)
            elif state.phase == "paris":
                events += sirop.close_bets(state)
            elif state.phase == "appel":
                events += grelottine.close_calls(state)
            else:
                state.deadline_ms = None
            events = ended(events, settle(state, now_ms))
        return events

    def deadline(self, state: CulState) -> int | None:
        return None if state.over else state.deadline_ms

    def _leave(self, state: CulState, player: PlayerId, now_ms: int) -> list[Event]:
        return ended(remove(state, player, "depart", now_ms), settle(state, now_ms))

    def legal_actions(self, state: CulState, player: PlayerId) -> list[Action]:
        return legal(state, player)

    def read_message(self, state: CulState, player: PlayerId, text: str) -> Action | None:
        return sloubi.read_message(state, player, text)

    def to_act(self, state: CulState) -> list[PlayerId]:
        return waited_for(state)

    def vocabulary(self) -> list[ActionSpec]:
        return SPECS

    def scores(self, state: CulState) -> dict[PlayerId, int]:
        return {p: state.scores[p] for p in state.players}


GAME = CulDeChouette()
