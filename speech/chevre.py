"""The words of Dominos « Chèvre » (catalogue ``chevre.po``): its events, its summary, its refusals.

Game words stay French in every language: chèvre, bazar, poisson (DECISIONS.md). A tile is written
as the engine writes it (``3-5``): a tile is not a word.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from games.chevre import GAME
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
        data = event.data

        def name(key: str = "joueur") -> str:
            player = str(data.get(key, ""))
            return names.get(player, player)

        kind = event.kind
        if kind == "debut":
            return t(
                lang,
                "chevre.event.debut",
                players=who_list(lang, data["joueurs"], names),
                limit=data["limite"],
            )
        if kind == "redonne":
            reason = data.get("raison")
            key = (
                f"chevre.event.redonne.{reason}"
                if reason in ("doubles", "valeur")
                else "chevre.event.redonne"
            )
            return t(lang, key, player=name())
        if kind == "donne":
            bazar = (
                tn(lang, "chevre.event.donne.bazar", data["bazar"])
                if data["bazar"]
                else t(lang, "chevre.event.donne.no_bazar")
            )
            how = "free" if data["libre"] else "forced"
            return t(
                lang, f"chevre.event.donne.{how}", round=data["manche"], bazar=bazar, opener=name("ouvreur")
            )
        if kind == "main":
            hand = tiles(lang, data["tuiles"])
            if "ouverture" in data:
                return t(lang, "chevre.event.main.opening", tiles=hand, tile=data["ouverture"])
            return t(lang, "chevre.event.main", tiles=hand)
        if kind in ("ouverture", "tirage"):
            return t(lang, f"chevre.event.{kind}", tile=data["tuile"])
        if kind == "pioche":
            return tn(lang, "chevre.event.pioche", data["bazar"], player=name())
        if kind == "pose":
            return self._laid(data, name(), lang)
        if kind == "passe":
            return t(lang, "chevre.event.passe", player=name())
        if kind == "manche_finie":
            return self._round_end(data, names, lang)
        if kind == "fin":
            return self._end(data, names, lang)
        if kind == "depart":
            return t(lang, "chevre.event.depart", player=name(), bazar=data["bazar"])
        return f"{kind} {data}"

    def _laid(self, data: dict[str, Any], who: str, lang: str) -> str:
        if data.get("cote"):
            parts = [
                t(
                    lang,
                    "chevre.event.pose.side",
                    player=who,
                    tile=data["tuile"],
                    side=side(lang, data["cote"]),
                )
            ]
        else:
            parts = [t(lang, "chevre.event.pose", player=who, tile=data["tuile"])]
        ends = data.get("bouts") or []
        if len(ends) == 2:
            parts.append(t(lang, "chevre.event.pose.ends", left=ends[0], right=ends[1]))
        parts.append(tn(lang, "chevre.event.pose.left", data["main"]))
        return " ".join(parts)

    def _round_end(self, data: dict[str, Any], names: Names, lang: str) -> str:
        who = names.get(data["joueur"], data["joueur"])
        how = "sortie" if data["fin"] == "sortie" else "poisson"
        lines = [t(lang, f"chevre.event.manche_finie.{how}", player=who, round=data["manche"])]
        for player, hand in data["mains"].items():
            taken = data["marque"][player]
            extras = ""
            if how == "poisson" and taken:
                extras += t(lang, "chevre.event.manche_finie.takes", points=points(lang, taken))
            if player in data["ouverts"]:
                extras += t(lang, "chevre.event.manche_finie.opens")
            lines.append(
                t(
                    lang,
                    "chevre.event.manche_finie.line",
                    name=names.get(player, player),
                    tiles=tiles(lang, hand),
                    points=points(lang, data["points"][player]),
                    extras=extras,
                    score=data["scores"][player],
                    memory=data["memoire"][player],
                )
            )
        return "\n".join(lines)

    def _end(self, data: dict[str, Any], names: Names, lang: str) -> str:
        scores = data.get("scores", {})
        goats = ", ".join(
            t(lang, "chevre.goat", name=names.get(p, p), points=points(lang, scores.get(p, 0)))
            for p in data["chevres"]
        )
        head = t(lang, "chevre.event.fin", goats=goats) if goats else t(lang, "chevre.event.fin.forfeit")
        return f"{head} {winners(lang, data['gagnants'], names)}"

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
