"""Barricade / Ruée vers l'or: the rules engine over the board in ``games/barricade/data``."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel

from games.core import Action, ActionSpec, ArgSpec, Dice, Event, Game, IllegalAction, PlayerId, offer

from .board import Board, load_board
from .events import (
    BarricadeEvent,
    BarrierChoice,
    BarrierLeft,
    BarrierMoved,
    Blocked,
    InMine,
    Left,
    Moved,
    OnBarrier,
    Order,
    OrderThrow,
    OrderThrows,
    Rethrow,
    SentHome,
    Throw,
    Turn,
    Won,
)
from .moves import Move, free_points, legal_moves
from .state import COLOURS, MINERS, TENT, TENTS_FOR, BarricadeOptions, BarricadeState


def starting_order(players: list[PlayerId], dice: Dice) -> tuple[list[PlayerId], list[Event]]:
    """Rule 2: everyone throws, the highest starts, ties rethrow among themselves, the lowest is last."""
    events: list[Event] = []

    def rank(group: list[PlayerId]) -> list[PlayerId]:
        throws = {p: dice.roll() for p in group}
        events.append(OrderThrows(throws=[OrderThrow(player=p, value=throws[p]) for p in group]))
        out: list[PlayerId] = []
        for value in sorted(set(throws.values()), reverse=True):
            tied = [p for p in group if throws[p] == value]
            out += tied if len(tied) == 1 else rank(tied)
        return out

    return rank(players), events


class Barricade(Game[BarricadeState]):
    name = "barricade"
    title = "Barricade / Ruée vers l'or"
    min_players = 2
    max_players = 6
    options_model = BarricadeOptions
    state_model = BarricadeState
    event_model = BarricadeEvent

    @property
    def board(self) -> Board:
        return load_board()

    # --- creation -------------------------------------------------------------------------
    def new(
        self, players: list[PlayerId], options: BaseModel, dice: Dice, now_ms: int
    ) -> tuple[BarricadeState, list[Event]]:
        assert isinstance(options, BarricadeOptions)
        order, events = starting_order(players, dice)
        tents = TENTS_FOR[len(players)]
        state = BarricadeState(
            game=self.name,
            players=players,
            dice=dice,
            options=options,
            order=order,
            colours={p: COLOURS[i] for i, p in enumerate(players)},
            tents={p: tents[i] for i, p in enumerate(players)},
            miners={p: [TENT] * MINERS for p in players},
            barriers=sorted(self.board.barriers),
            turn_no=1,
        )
        events.append(Order(order=order, colours=dict(state.colours)))
        events.append(Turn(player=order[0]))
        return state, events

    # --- playing --------------------------------------------------------------------------
    def _apply(self, state: BarricadeState, player: PlayerId, action: Action, now_ms: int) -> list[Event]:
        if action.kind not in ("lancer", "deplacer", "barriere", "laisser"):
            raise IllegalAction("unknown_action", action=action.kind)
        if player != state.turn_player:
            raise IllegalAction("not_your_turn")
        if action.kind == "lancer":
            return self._throw(state, player)
        if action.kind == "deplacer":
            return self._move(state, player, action)
        if state.phase != "barriere":
            raise IllegalAction("no_barrier_pending")
        if action.kind == "laisser":
            assert state.barrier_from is not None
            events: list[Event] = [BarrierLeft(player=player, point=state.barrier_from)]
            return events + self._after_move(state, player)
        point = self._point(action.args.get("point"))
        if point is None or point not in free_points(state, self.board):
            raise IllegalAction("bad_point", point=point)
        assert state.barrier_from is not None
        state.barriers.remove(state.barrier_from)
        state.barriers.append(point)
        state.barriers.sort()
        moved: list[Event] = [BarrierMoved(player=player, origin=state.barrier_from, destination=point)]
        return moved + self._after_move(state, player)

    def _throw(self, state: BarricadeState, player: PlayerId) -> list[Event]:
        if state.phase == "deplacer":
            raise IllegalAction("already_thrown")
        if state.phase == "barriere":
            raise IllegalAction("barrier_pending")
        value = state.dice.roll()
        state.throw = value
        state.turn_no += 1
        bound = state.bound_miner + 1 if state.bound_miner is not None else None
        events: list[Event] = [Throw(player=player, value=value, miner=bound)]
        if not legal_moves(state, self.board, player, value):
            # Rule 13 (and 14 when the bounce is blocked): the turn is lost, a six's bonus too.
            events.append(Blocked(player=player, value=value))
            return events + self._next_turn(state)
        state.phase = "deplacer"
        return events

    def _move(self, state: BarricadeState, player: PlayerId, action: Action) -> list[Event]:
        if state.phase == "lancer":
            raise IllegalAction("no_throw")
        if state.phase == "barriere":
            raise IllegalAction("barrier_pending")
        assert state.throw is not None
        number = action.args.get("mineur")
        destination = self._point(action.args.get("destination"))
        if not isinstance(number, int) or not 1 <= number <= MINERS:
            raise IllegalAction("bad_miner", miner=number)
        move = self._find(state, player, number - 1, destination)
        board = self.board
        start = state.miners[player][move.miner]
        events: list[Event] = [
            Moved(
                player=player,
                miner=move.miner + 1,
                origin=start,
                destination=move.destination,
                path=list(move.path),
                bounce=move.bounce,
            )
        ]
        victim = state.owner_at(move.destination) if move.destination != board.mine else None
        if victim is not None and victim[0] != player:
            # Rule 8 (and rule 12 on a barrier: the privilege goes with the newcomer).
            owner, index = victim
            state.miners[owner][index] = TENT
            events.append(SentHome(player=owner, miner=index + 1, point=move.destination, by=player))
        state.miners[player][move.miner] = move.destination
        state.moved_miner = move.miner
        state.turn_no += 1
        if move.destination == board.mine:
            arrived = sum(1 for p in state.miners[player] if p == board.mine)
            events.append(InMine(player=player, miner=move.miner + 1, arrived=arrived))
            if arrived == MINERS:
                state.over, state.winners = True, [player]
                state.phase, state.throw = "lancer", None
                return [*events, Won(player=player)]
        elif move.destination in state.barriers:
            events.append(OnBarrier(player=player, point=move.destination))
        if start != move.destination and start in state.barriers:
            # Rule 11: leaving a barrier, the player may move it.
            state.phase, state.barrier_from = "barriere", start
            events.append(BarrierChoice(player=player, point=start))
            return events
        return events + self._after_move(state, player)

    def _point(self, value: object) -> int | None:
        """A point given by its id or by its label on the picture (``J12``, ``mine``)."""
        if isinstance(value, bool):
            return None
        if isinstance(value, int):
            return value
        if isinstance(value, str):
            if value.strip().isdigit():
                return int(value)
            try:
                return self.board.by_label(value.strip())
            except KeyError:
                return None
        return None

    def _find(self, state: BarricadeState, player: PlayerId, miner: int, destination: int | None) -> Move:
        assert state.throw is not None
        for move in legal_moves(state, self.board, player, state.throw):
            if move.destination == destination:
                same_tent = state.miners[player][miner] == TENT == state.miners[player][move.miner]
                if move.miner == miner or same_tent:
                    return Move(miner=miner, destination=move.destination, path=move.path, bounce=move.bounce)
        raise IllegalAction("bad_move", miner=miner + 1, destination=destination, value=state.throw)

    def _after_move(self, state: BarricadeState, player: PlayerId) -> list[Event]:
        miner = state.moved_miner
        state.barrier_from = None
        state.turn_no += 1
        if state.throw == 6 and miner is not None and state.miners[player][miner] != self.board.mine:
            # Rule 5: a six moves, then the same miner throws again.
            state.phase, state.throw, state.bound_miner = "lancer", None, miner
            return [Rethrow(player=player, miner=miner + 1)]
        return self._next_turn(state)

    def _next_turn(self, state: BarricadeState) -> list[Event]:
        state.current = (state.current + 1) % len(state.order)
        self._reset_turn(state)
        return [Turn(player=state.order[state.current])]

    def _reset_turn(self, state: BarricadeState) -> None:
        state.phase = "lancer"
        state.throw = state.bound_miner = state.moved_miner = state.barrier_from = None
        state.turn_no += 1

    def _leave(self, state: BarricadeState, player: PlayerId, now_ms: int) -> list[Event]:
        events: list[Event] = [Left(player=player)]
        was_turn = player == state.turn_player
        index = state.order.index(player)
        state.players.remove(player)
        state.order.remove(player)
        state.miners.pop(player)
        if state.over:
            return events
        if not state.order:
            state.over = True
            return events
        if index < state.current:
            state.current -= 1
        state.current %= len(state.order)
        if was_turn:
            # A pending barrier stays where it is; the next player in the order plays.
            self._reset_turn(state)
            if len(state.order) > 1:
                events.append(Turn(player=state.order[state.current]))
        if len(state.order) == 1:
            state.over, state.winners = True, list(state.order)
            events.append(Won(player=state.order[0], forfeit=True))
        return events

    def legal_actions(self, state: BarricadeState, player: PlayerId) -> list[Action]:
        if state.over or player != state.turn_player:
            return []
        if state.phase == "lancer":
            return [offer("lancer")]
        if state.phase == "barriere":
            return [offer("laisser")] + [
                offer("barriere", point=p) for p in free_points(state, self.board)
            ]
        assert state.throw is not None
        return [
            offer("deplacer", mineur=m.miner + 1, destination=m.destination)
            for m in legal_moves(state, self.board, player, state.throw)
        ]

    def forced_action(
        self, state: BarricadeState, legal: Mapping[PlayerId, list[Action]] | None = None
    ) -> tuple[PlayerId, Action] | None:
        """A throw that leaves a single legal move: that move, for the table to play (not ``apply``).

        Throws are never played for the player, nor the barrier's new place (« laisser » or any free
        point is always a choice).
        """
        player = state.turn_player
        if state.over or player is None or state.phase != "deplacer":
            return None
        actions = legal[player] if legal is not None and player in legal else self.legal_actions(state, player)
        return (player, actions[0]) if len(actions) == 1 else None

    def moves(self, state: BarricadeState) -> list[Move]:
        """The moves the current throw allows, in the order of the numbered destinations."""
        player = state.turn_player
        if state.phase != "deplacer" or player is None or state.throw is None:
            return []
        return legal_moves(state, self.board, player, state.throw)

    def vocabulary(self) -> list[ActionSpec]:
        return [
            ActionSpec(kind="lancer", help=""),
            ActionSpec(
                kind="deplacer",
                help="",
                args=[
                    ArgSpec(name="mineur", type="int", minimum=1, maximum=MINERS),
                    ArgSpec(name="destination", type="text"),
                ],
            ),
            ActionSpec(
                kind="barriere",
                help="",
                args=[ArgSpec(name="point", type="text")],
            ),
            ActionSpec(kind="laisser", help=""),
        ]

    # --- looking ---------------------------------------------------------------------------
    def scores(self, state: BarricadeState) -> dict[PlayerId, int]:
        """Miners in the mine, per player."""
        mine = self.board.mine
        return {p: sum(1 for where in state.miners[p] if where == mine) for p in state.order}


GAME = Barricade()
