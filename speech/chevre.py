"""The words of Dominos « Chèvre » (catalogue ``chevre.po``): its events, its summary, its refusals.

Game words stay French in every language: chèvre, bazar, poisson (DECISIONS.md). A tile is written
as the engine writes it (``3-5``): a tile is not a word.
"""

from __future__ import annotations

import re
from functools import cache

from games.chevre import GAME
from games.chevre.events import (
    Dealt,
    Drew,
    GameOver,
    HandDealt,
    Laid,
    Left,
    OpeningTile,
    Passed,
    Redealt,
    RoundOver,
    Started,
    TileDrawn,
)
from games.core import BaseState, Event, IllegalAction, PlayerId

from .catalogue import catalogues, t, tn
from .games import GameWords, Names

SIDES = ("gauche", "droite")


def side(lang: str, where: object) -> str:
    """« à gauche » / « on the left »: the end of the chain a tile goes to."""
    return t(lang, f"chevre.side.{where}") if where in SIDES else str(where)


def tiles(lang: str, hand: list[str]) -> str:
    return " ".join(hand) if hand else t(lang, "chevre.nothing")


def points(lang: str, count: int) -> str:
    return tn(lang, "chevre.points", count)


def dominoes(lang: str, count: int) -> str:
    return tn(lang, "chevre.dominoes", count)


def who_list(lang: str, players: list[PlayerId], names: Names) -> str:
    return ", ".join(names.get(p, p) for p in players) or t(lang, "chevre.nobody")


def winners(lang: str, players: list[PlayerId], names: Names) -> str:
    """« Gagnant(s) : ana, bob. »'s words: the winners, or nobody."""
    return tn(lang, "chevre.winners", len(players), who=who_list(lang, players, names))


@cache
def _round_end_heads() -> re.Pattern[str]:
    """The first line of a round's end, in every language (a table's log may hold older lines)."""
    heads = []
    for book in catalogues().values():
        for how in ("sortie", "poisson"):
            template = book.singular.get(f"chevre.event.manche_finie.{how}")
            if template:
                parts = re.split(r"\{[^}]*\}", template)
                heads.append(".+?".join(re.escape(p) for p in parts))
    return re.compile("|".join(f"(?:{h})" for h in heads))


def is_round_end(line: str) -> bool:
    """Whether ``line`` (a news line) is the first line of a round's end, in whatever language."""
    return bool(_round_end_heads().fullmatch(line.split("\n")[0]))


class ChevreWords(GameWords):
    def describe(self, event: Event, names: Names, lang: str) -> str:
        def name(player: PlayerId) -> str:
            return names.get(player, player)

        match event:
            case Started():
                return t(lang, "chevre.event.debut", players=who_list(lang, event.players, names), limit=event.limit)
            case Redealt():
                return t(lang, f"chevre.event.redonne.{event.reason}", player=name(event.player))
            case Dealt():
                bazar = (
                    tn(lang, "chevre.event.donne.bazar", event.bazar)
                    if event.bazar
                    else t(lang, "chevre.event.donne.no_bazar")
                )
                how = "free" if event.free_opening else "forced"
                return t(lang, f"chevre.event.donne.{how}", round=event.round, bazar=bazar, opener=name(event.opener))
            case HandDealt():
                hand = tiles(lang, event.tiles)
                if event.opening is not None:
                    return t(lang, "chevre.event.main.opening", tiles=hand, tile=event.opening)
                return t(lang, "chevre.event.main", tiles=hand)
            case OpeningTile() | TileDrawn():
                return t(lang, f"chevre.event.{event.kind}", tile=event.tile)
            case Drew():
                return tn(lang, "chevre.event.pioche", event.bazar, player=name(event.player))
            case Laid():
                return self._laid(event, name(event.player), lang)
            case Passed():
                return t(lang, "chevre.event.passe", player=name(event.player))
            case RoundOver():
                return self._round_end(event, names, lang)
            case GameOver():
                return self._end(event, names, lang)
            case Left():
                return t(lang, "chevre.event.depart", player=name(event.player), bazar=event.bazar)
        return f"{event.kind} {event.data}"

    def _laid(self, event: Laid, who: str, lang: str) -> str:
        if event.side is not None:
            parts = [t(lang, "chevre.event.pose.side", player=who, tile=event.tile, side=side(lang, event.side))]
        else:
            parts = [t(lang, "chevre.event.pose", player=who, tile=event.tile)]
        left, right = event.ends
        parts.append(t(lang, "chevre.event.pose.ends", left=left, right=right))
        parts.append(tn(lang, "chevre.event.pose.left", event.hand_size))
        return " ".join(parts)

    def _round_end(self, event: RoundOver, names: Names, lang: str) -> str:
        who = names.get(event.player, event.player)
        how = event.ending
        lines = [t(lang, f"chevre.event.manche_finie.{how}", player=who, round=event.round)]
        for player, hand in event.hands.items():
            taken = event.taken[player]
            extras = ""
            if how == "poisson" and taken:
                extras += t(lang, "chevre.event.manche_finie.takes", points=points(lang, taken))
            if player in event.opened:
                extras += t(lang, "chevre.event.manche_finie.opens")
            lines.append(
                t(
                    lang,
                    "chevre.event.manche_finie.line",
                    name=names.get(player, player),
                    tiles=tiles(lang, hand),
                    points=points(lang, event.points[player]),
                    extras=extras,
                    score=event.scores[player],
                    memory=event.remembered[player],
                )
            )
        return "\n".join(lines)

    def _end(self, event: GameOver, names: Names, lang: str) -> str:
        goats = ", ".join(
            t(lang, "chevre.goat", name=names.get(p, p), points=points(lang, event.scores.get(p, 0)))
            for p in event.chevres
        )
        head = t(lang, "chevre.event.fin", goats=goats) if goats else t(lang, "chevre.event.fin.forfeit")
        return f"{head} {winners(lang, event.winners, names)}"

    def summary(self, state: BaseState, names: Names, lang: str) -> str:
        """The public position in a few lines: chain, ends, bazar, tiles in hand, accounts, whose turn."""
        view = self.game.view(state, None)
        chain = " ".join(f"[{a}|{b}]" for a, b in view["chain"]) or t(lang, "chevre.summary.empty_chain")
        lines = [t(lang, "chevre.summary.head", round=view["round"], chain=chain)]
        if view["ends"] is not None:
            left, right = view["ends"]
            lines.append(t(lang, "chevre.summary.ends", left=left, right=right, bazar=view["bazar"]))
        for player in view["players"]:
            lines.append(
                t(
                    lang,
                    "chevre.summary.player",
                    name=names.get(player, player),
                    dominoes=dominoes(lang, view["hand_sizes"][player]),
                    score=view["scores"][player],
                    memory=view["remembered"][player],
                )
            )
        if view["over"]:
            goats = who_list(lang, view["chevres"], names)
            lines.append(
                t(lang, "chevre.summary.over", goats=goats, winners=winners(lang, view["winners"], names))
            )
        elif view["turn"] is not None:
            lines.append(t(lang, "chevre.summary.turn", player=names.get(view["turn"], view["turn"])))
        return "\n".join(lines)

    def explain(self, error: IllegalAction, lang: str) -> str:
        if error.code == "does_not_fit_there":
            return t(
                lang,
                "chevre.error.does_not_fit_there",
                tuile=error.params.get("tuile"),
                side=side(lang, error.params.get("cote")),
            )
        return super().explain(error, lang)


WORDS = ChevreWords(GAME)
