"""The words of Barricade / Ruée vers l'or (catalogue ``barricade.po``): its events, its summary, its
refusals, the colours of the miners and the places of the board.

Only the game's name, « Ruée vers l'or », stays French in English: a miner, a tent, a barrier and the
gold mine are plain words of the board, said in the reader's language (docs/rules/barricade.md). A
point's label (``J12``) is not a word, and the actions' words players type (``lancer``,
``deplacer``…) are the game's commands in every language.
"""

from __future__ import annotations

from games.barricade import GAME, Board, load_board
from games.barricade.events import (
    BarrierChoice,
    BarrierLeft,
    BarrierMoved,
    Blocked,
    InMine,
    Left,
    Moved,
    OnBarrier,
    Order,
    OrderThrows,
    Rethrow,
    SentHome,
    Throw,
    Turn,
    Won,
)
from games.barricade.moves import legal_moves
from games.barricade.state import COLOURS, MINERS, TENT, BarricadeState
from games.core import BaseState, Event, PlayerId

from .catalogue import t, tn
from .games import GameWords, Names


def colour(lang: str, code: object) -> str:
    """A seat's colour (``rouge`` in the state) in the reader's words."""
    return t(lang, f"barricade.colour.{code}") if code in COLOURS else str(code)


def place(lang: str, board: Board, point: object) -> str:
    """A point as players name it: its label on the picture, the tent or the mine."""
    if point == TENT:
        return t(lang, "barricade.place.tent")
    if point == board.mine:
        return t(lang, "barricade.place.mine")
    if isinstance(point, int) and 0 <= point < len(board.points):
        return t(lang, "barricade.place.point", point=board.label(point))
    return str(point)


def spot(lang: str, board: Board, point: int) -> str:
    """A point's label, or the mine in words (a select's option, a caption)."""
    return t(lang, "barricade.mine") if point == board.mine else board.label(point)


class BarricadeWords(GameWords):
    @property
    def board(self) -> Board:
        return load_board()

    def describe(self, event: Event, names: Names, lang: str) -> str:
        board = self.board

        def who(player: PlayerId) -> str:
            return names.get(player, player)

        match event:
            case OrderThrows(throws=throws):
                said = ", ".join(
                    t(lang, "barricade.throw", player=who(x.player), value=x.value) for x in throws
                )
                return t(lang, "barricade.event.ordre_lancer", throws=said)
            case Order(order=order, colours=colours):
                seats = ", ".join(
                    t(lang, "barricade.seat", player=who(p), colour=colour(lang, colours[p])) for p in order
                )
                return t(lang, "barricade.event.ordre", order=seats)
            case Throw(player=player, value=value, miner=None):
                return t(lang, "barricade.event.lancer", player=who(player), value=value)
            case Throw(player=player, value=value, miner=miner):
                return t(lang, "barricade.event.lancer.bound", player=who(player), miner=miner, value=value)
            case Moved():
                return self._move(event, who(event.player), lang)
            case SentHome(player=player, miner=miner, by=by):
                return t(lang, "barricade.event.renvoye", player=who(player), miner=miner, by=who(by))
            case (
                OnBarrier(player=player, point=point)
                | BarrierChoice(player=player, point=point)
                | BarrierLeft(player=player, point=point)
            ):
                return t(lang, f"barricade.event.{event.kind}", player=who(player), point=board.label(point))
            case BarrierMoved(player=player, origin=origin, destination=destination):
                return t(
                    lang,
                    "barricade.event.barriere_deplacee",
                    player=who(player),
                    origin=board.label(origin),
                    target=board.label(destination),
                )
            case Rethrow(player=player, miner=miner):
                return t(lang, "barricade.event.relance", player=who(player), miner=miner)
            case InMine(player=player, arrived=arrived):
                return tn(lang, "barricade.event.mine", arrived, player=who(player), total=MINERS)
            case Won(player=player, forfeit=forfeit):
                return t(
                    lang, f"barricade.event.victoire.{'forfeit' if forfeit else 'mine'}", player=who(player)
                )
            case Blocked(player=player, value=value):
                return t(lang, "barricade.event.bloque", player=who(player), value=value)
            case Turn(player=player) | Left(player=player):
                return t(lang, f"barricade.event.{event.kind}", player=who(player))
        return f"{event.kind} {event.data}"

    def _move(self, move: Moved, who: str, lang: str) -> str:
        board = self.board
        if move.bounce:
            how = "bounce"
        elif move.destination == board.mine:
            how = "mine"
        elif move.origin == TENT:
            how = "tent"
        else:
            how = "step"
        return t(
            lang,
            f"barricade.event.deplacement.{how}",
            player=who,
            miner=move.miner,
            place=place(lang, board, move.destination),
        )

    def summary(self, state: BaseState, names: Names, lang: str) -> str:
        assert isinstance(state, BarricadeState)
        return "\n".join(self.summary_lines(state, names, lang))

    def summary_lines(self, state: BarricadeState, names: Names, lang: str) -> list[str]:
        board = self.board
        lines = []
        for player in state.order:
            positions = state.miners[player]
            in_mine = sum(1 for p in positions if p == board.mine)
            in_tent = sum(1 for p in positions if p == TENT)
            lines.append(
                t(
                    lang,
                    "barricade.summary.player",
                    player=names.get(player, player),
                    colour=colour(lang, state.colours[player]),
                    mine=in_mine,
                    tent=in_tent,
                    way=MINERS - in_mine - in_tent,
                )
            )
        if state.over:
            winners = ", ".join(names.get(p, p) for p in state.winners)
            lines.append(
                t(lang, "barricade.summary.won", winners=winners)
                if winners
                else t(lang, "barricade.summary.over")
            )
            return lines
        turn = state.turn_player
        if turn is None:
            return lines
        who = names.get(turn, turn)
        if state.phase == "lancer":
            lines.append(t(lang, "barricade.event.tour", player=who))
        elif state.phase == "deplacer" and state.throw is not None:
            lines.append(t(lang, "barricade.summary.moves", player=who, value=state.throw))
            for number, move in enumerate(legal_moves(state, board, turn, state.throw), start=1):
                # The command to type, as the terminal's players type it: not words.
                lines.append(f"  {number}. deplacer {move.miner + 1} {board.label(move.destination)}")
        else:
            lines.append(t(lang, "barricade.summary.barrier", player=who))
        return lines


WORDS = BarricadeWords(GAME)
