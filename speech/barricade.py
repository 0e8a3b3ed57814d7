"""The words of Barricade / Ruée vers l'or (catalogue ``barricade.po``): its events, its summary, its
refusals, the colours of the miners and the places of the board.

Only the game's name, « Ruée vers l'or », stays French in English: a miner, a tent, a barrier and the
gold mine are plain words of the board, said in the reader's language (docs/rules/barricade.md). A
point's label (``J12``) is not a word, and the actions' words players type (``lancer``,
``deplacer``…) are the game's commands in every language.
"""

from __future__ import annotations

from typing import Any

from games.barricade import GAME, Board, load_board
from games.barricade.moves import legal_moves
from games.barricade.state import COLOURS, MINERS, TENT, BarricadeState
from games.core import BaseState, Event

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
        d = event.data
        board = self.board

        def who(key: str = "joueur") -> str:
            player = str(d.get(key, "?"))
            return names.get(player, player)

        kind = event.kind
        if kind == "ordre_lancer":
            throws = ", ".join(
                t(lang, "barricade.throw", player=names.get(x["joueur"], x["joueur"]), value=x["valeur"])
                for x in d["lancers"]
            )
            return t(lang, "barricade.event.ordre_lancer", throws=throws)
        if kind == "ordre":
            order = ", ".join(
                t(lang, "barricade.seat", player=names.get(p, p), colour=colour(lang, d["couleurs"][p]))
                for p in d["ordre"]
            )
            return t(lang, "barricade.event.ordre", order=order)
        if kind == "lancer":
            if "mineur" in d:
                return t(
                    lang, "barricade.event.lancer.bound", player=who(), miner=d["mineur"], value=d["valeur"]
                )
            return t(lang, "barricade.event.lancer", player=who(), value=d["valeur"])
        if kind == "deplacement":
            return self._move(d, who(), lang)
        if kind == "renvoye":
            return t(lang, "barricade.event.renvoye", player=who(), miner=d["mineur"], by=who("par"))
        if kind in ("sur_barriere", "choix_barriere", "barriere_laissee"):
            return t(lang, f"barricade.event.{kind}", player=who(), point=board.label(d["point"]))
        if kind == "barriere_deplacee":
            return t(
                lang,
                "barricade.event.barriere_deplacee",
                player=who(),
                origin=board.label(d["de"]),
                target=board.label(d["vers"]),
            )
        if kind == "relance":
            return t(lang, "barricade.event.relance", player=who(), miner=d["mineur"])
        if kind == "mine":
            return tn(lang, "barricade.event.mine", d["nombre"], player=who(), total=MINERS)
        if kind == "victoire":
            how = "forfeit" if d.get("forfait") else "mine"
            return t(lang, f"barricade.event.victoire.{how}", player=who())
        if kind in ("tour", "bloque", "depart_joueur"):
            return t(lang, f"barricade.event.{kind}", player=who(), value=d.get("valeur"))
        return f"{kind} {d}"

    def _move(self, d: dict[str, Any], who: str, lang: str) -> str:
        board = self.board
        if d.get("rebond"):
            how = "bounce"
        elif d["vers"] == board.mine:
            how = "mine"
        elif d["de"] == TENT:
            how = "tent"
        else:
            how = "step"
        return t(
            lang,
            f"barricade.event.deplacement.{how}",
            player=who,
            miner=d["mineur"],
            place=place(lang, board, d["vers"]),
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
