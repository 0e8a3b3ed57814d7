"""Dominos « Chèvre »: each for themselves, hidden hands, the bazar, the poisson, 101 makes the chèvre."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from games.core import Action, ActionSpec, ArgSpec, Dice, Event, Game, IllegalAction, PlayerId, offer

from .chain import SIDES, Side, closed, fitting_sides, lay, playable
from .deal import deal_round, set_opening
from .events import AnyChevreEvent, Drew, GameOver, Laid, Left, OpeningTile, Passed, Started, TileDrawn
from .scoring import RoundEnd, chevres, score_round
from .state import ChevreOptions, ChevreState
from .tiles import Tile, parse, sort_key
from .view import ChevreView

POSER, PIOCHER, PASSER = "poser", "piocher", "passer"


class Chevre(Game[ChevreState]):
    name = "chevre"
    title = "Dominos « Chèvre »"
    min_players = 2
    max_players = 4
    options_model = ChevreOptions
    state_model = ChevreState
    view_model = ChevreView
    event_model = AnyChevreEvent

    # --- creation -------------------------------------------------------------------------
    def new(
        self, players: list[PlayerId], options: BaseModel, dice: Dice, now_ms: int
    ) -> tuple[ChevreState, list[Event]]:
        assert isinstance(options, ChevreOptions)
        state = ChevreState(
            game=self.name,
            players=players,
            dice=dice,
            options=options,
            scores=dict.fromkeys(players, 0),
            remembered=dict.fromkeys(players, 0),
        )
        events: list[Event] = [Started(players=list(players), limit=options.limite)]
        return state, events + deal_round(state, opener=None)

    # --- playing --------------------------------------------------------------------------
    def _apply(self, state: ChevreState, player: PlayerId, action: Action, now_ms: int) -> list[Event]:
        if action.kind not in (POSER, PIOCHER, PASSER):
            raise IllegalAction("unknown_action", action=action.kind)
        if state.turn_player() != player:
            raise IllegalAction("not_your_turn")
        if action.kind == POSER:
            return self._lay(state, player, action)
        hand = state.hands[player]
        if not state.chain or playable(state, hand):
            raise IllegalAction("must_play")
        if action.kind == PIOCHER:
            if not state.bazar:
                raise IllegalAction("bazar_empty")
            tile = state.bazar.pop(0)
            hand.append(tile)
            state.turn_no += 1
            return [
                TileDrawn(player=player, tile=tile, to=[player]),
                Drew(player=player, bazar=len(state.bazar), hand_size=len(hand)),
            ]
        if state.bazar:
            raise IllegalAction("must_draw")
        self._next_turn(state)
        return [Passed(player=player)]

    def _lay(self, state: ChevreState, player: PlayerId, action: Action) -> list[Event]:
        raw = action.args.get("tuile")
        tile = parse(raw) if isinstance(raw, str) else None
        if tile is None:
            raise IllegalAction("bad_tile", tuile=raw)
        hand = state.hands[player]
        if tile not in hand:
            raise IllegalAction("not_in_hand", tuile=tile)
        side = self._side(state, tile, action.args.get("cote"))
        lay(state, tile, side)
        hand.remove(tile)
        state.opening = None
        ends = state.ends()
        assert ends is not None  # a tile was just laid
        events: list[Event] = [Laid(player=player, tile=tile, side=side, ends=ends, hand_size=len(hand))]
        if not hand:
            return events + self._end_round(state, "sortie", player)
        if closed(state):
            return events + self._end_round(state, "poisson", player)
        self._next_turn(state)
        return events

    def _side(self, state: ChevreState, tile: Tile, raw: Any) -> Side | None:
        """The end asked for, checked; guessed when the player named none and only one makes sense."""
        if not state.chain:
            if state.opening is not None and tile != state.opening:
                raise IllegalAction("must_open_with", tuile=state.opening)
            return None
        sides = fitting_sides(state, tile)
        if raw is None:
            ends = state.ends()
            if not sides:
                raise IllegalAction("does_not_fit", tuile=tile)
            if len(sides) == 2 and ends is not None and ends[0] != ends[1]:
                raise IllegalAction("choose_side", tuile=tile)
            return sides[-1]
        if raw not in SIDES:
            raise IllegalAction("bad_argument", name="cote")
        if raw not in sides:
            raise IllegalAction("does_not_fit_there", tuile=tile, cote=raw)
        return "gauche" if raw == "gauche" else "droite"

    def _next_turn(self, state: ChevreState) -> None:
        state.current = (state.current + 1) % len(state.players)
        state.turn_no += 1

    def _end_round(self, state: ChevreState, how: RoundEnd, who: PlayerId) -> list[Event]:
        events: list[Event] = [score_round(state, how, who)]
        state.turn_no += 1
        losers = chevres(state)
        if losers:
            self._finish(state, losers)
            return [*events, self._end_event(state)]
        state.round_no += 1
        return events + deal_round(state, opener=who)

    def _finish(self, state: ChevreState, losers: list[PlayerId]) -> None:
        state.over = True
        state.chevres = losers
        state.winners = [p for p in state.players if p not in losers]

    def _end_event(self, state: ChevreState) -> GameOver:
        return GameOver(chevres=list(state.chevres), winners=list(state.winners), scores=dict(state.scores))

    def _leave(self, state: ChevreState, player: PlayerId, now_ms: int) -> list[Event]:
        """The leaver's tiles go face down into the bazar (shuffled in) and the round goes on."""
        index = state.players.index(player)
        hand = state.hands.pop(player)
        state.bazar = state.dice.shuffle(state.bazar + hand)
        state.players.remove(player)
        state.scores.pop(player)
        state.remembered.pop(player)
        state.turn_no += 1
        events: list[Event] = [Left(player=player, bazar=len(state.bazar))]
        if len(state.players) == 1:
            self._finish(state, [])
            return [*events, self._end_event(state)]
        if index < state.current:
            state.current -= 1
        state.current %= len(state.players)
        if not state.chain and state.opening is not None:
            set_opening(state, None)
            opener = state.turn_player()
            events.append(OpeningTile(player=opener, tile=state.opening, to=[opener]))
        return events

    def legal_actions(self, state: ChevreState, player: PlayerId) -> list[Action]:
        if state.over or player not in state.players or state.turn_player() != player:
            return []
        hand = sorted(state.hands[player], key=sort_key)
        if not state.chain:
            openers = [state.opening] if state.opening is not None else hand
            return [offer(POSER, tuile=t) for t in openers]
        moves = [
            offer(POSER, tuile=t, cote=side) for t in hand for side in fitting_sides(state, t)
        ]
        if moves:
            return moves
        return [offer(PIOCHER if state.bazar else PASSER)]

    def vocabulary(self) -> list[ActionSpec]:
        return [
            ActionSpec(
                kind=POSER,
                help="",
                args=[
                    ArgSpec(name="tuile", type="text"),
                    ArgSpec(
                        name="cote",
                        type="choice",
                        choices=list(SIDES),
                        optional=True,
                    ),
                ],
            ),
            ActionSpec(kind=PIOCHER, help=""),
            ActionSpec(kind=PASSER, help=""),
        ]

    # --- looking ---------------------------------------------------------------------------
    def view(self, state: ChevreState, player: PlayerId | None) -> dict[str, Any]:
        """Public: the chain, its ends, how many tiles each holds, the bazar's size, the scores.

        A seated player also sees their own hand (and the tile they must open with).
        """
        return self.seen(state, player).model_dump(mode="json", exclude_none=True, exclude={"turn", "ends"}) | {
            "turn": None if state.over else state.turn_player(),
            "ends": list(ends) if (ends := state.ends()) is not None else None,
        }

    def _listed(
        self, state: ChevreState, player: PlayerId, legal: Mapping[PlayerId, list[Action]] | None
    ) -> list[Action]:
        return legal[player] if legal is not None and player in legal else self.legal_actions(state, player)

    def seen(
        self, state: ChevreState, player: PlayerId | None, legal: Mapping[PlayerId, list[Action]] | None = None
    ) -> ChevreView:
        ends = state.ends()
        mine = player is not None and player in state.hands
        opening = state.opening if mine and not state.over and state.turn_player() == player else None
        return ChevreView(
            game=state.game,
            players=list(state.players),
            round=state.round_no,
            turn=None if state.over else state.turn_player(),
            turn_no=state.turn_no,
            version=state.version,
            over=state.over,
            winners=list(state.winners),
            chevres=list(state.chevres),
            limit=state.options.limite,
            chain=list(state.chain),
            ends=ends,
            bazar=len(state.bazar),
            hand_sizes={p: len(state.hands[p]) for p in state.players},
            scores=dict(state.scores),
            remembered=dict(state.remembered),
            forced_opening=state.opening is not None,
            turn_moves=[] if state.over else sorted({a.kind for a in self._listed(state, state.turn_player(), legal)}),
            hand=sorted(state.hands[player], key=sort_key) if mine and player is not None else None,
            opening=opening,
        )
