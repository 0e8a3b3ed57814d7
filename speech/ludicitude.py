"""Ludicitude in words: its events, refusals, summary and its table's words, from ``ludicitude.po``.

The game words stay French in every language (lapin, double lapin, clapier, carotte, their plurals):
an English table reads « 2 lapins, 1 clapier for 3 ».
"""

from __future__ import annotations

from typing import Any

from games.core import BaseState, Event, IllegalAction, PlayerId
from games.ludicitude import GAME, LudicitudeState, Situation, turn_points, value_left

from .catalogue import t, tn
from .games import GameWords, Names


def points_words(n: int, lang: str) -> str:
    return tn(lang, "ludicitude.points", n)


def dice_words(n: int, lang: str) -> str:
    return tn(lang, "ludicitude.dice", n)


def faces_words(faces: list[int], lang: str) -> str:
    """The dice by meaning, grouped: « 2 lapins, 1 clapier pour 3, 1 carotte »."""
    if not faces:
        return t(lang, "ludicitude.no_die")
    return ", ".join(tn(lang, f"ludicitude.face.{f}", faces.count(f)) for f in sorted(set(faces)))


def choice_words(lapins: int, doubles: int, clapier: int, lang: str) -> str:
    """A set-aside choice: « 1 pile de deux lapins, 1 lapin, le clapier pour 3 »."""
    parts = []
    if lapins // 2:
        parts.append(tn(lang, "ludicitude.choice.stacks", lapins // 2))
    if lapins % 2:
        parts.append(t(lang, "ludicitude.choice.single"))
    if doubles:
        parts.append(tn(lang, "ludicitude.choice.doubles", doubles))
    if clapier:
        parts.append(t(lang, "ludicitude.choice.clapier", clapier=clapier))
    return ", ".join(parts)


def situation_words(situation: Situation | dict[str, Any] | str, lang: str) -> str:
    """What lies aside: « 1 pile, 2 lapins, clapiers 2-3 ». (An older record's events hold the
    French words themselves: they are shown as they were written.)"""
    if isinstance(situation, str):
        return situation
    found = situation if isinstance(situation, Situation) else Situation.model_validate(situation)
    if found.empty():
        return t(lang, "ludicitude.situation.nothing")
    parts = []
    for key, count in (("stacks", found.stacks), ("singles", found.singles), ("doubles", found.doubles)):
        if count:
            parts.append(tn(lang, f"ludicitude.situation.{key}", count))
    if found.clapiers:
        parts.append(t(lang, "ludicitude.situation.clapiers", pile="-".join(str(c) for c in found.clapiers)))
    return ", ".join(parts)


# Refusals that count something: said by the plural of the count they name.
COUNTED_REFUSALS = {"trop_de_lapins": "demandes", "trop_de_doubles": "demandes"}


class LudicitudeWords(GameWords):
    def explain(self, error: IllegalAction, lang: str) -> str:
        count = error.params.get(COUNTED_REFUSALS.get(error.code, ""))
        if isinstance(count, int):
            return tn(lang, f"ludicitude.error.{error.code}", count, **error.params)
        return super().explain(error, lang)

    def describe(self, event: Event, names: Names, lang: str) -> str:
        data = event.data
        player = str(data.get("joueur", ""))
        who = names.get(player, player)
        kind = event.kind
        if kind == "debut":
            players = ", ".join(names.get(p, p) for p in data["joueurs"])
            return t(lang, "ludicitude.event.debut", players=players, target=data["objectif"])
        if kind == "tour":
            if not data["reprise_possible"]:
                return t(lang, "ludicitude.event.tour.throw_all", player=who)
            return t(
                lang,
                "ludicitude.event.tour.choose",
                player=who,
                situation=situation_words(data["situation"], lang),
                worth=points_words(data["valeur_laissee"], lang),
                dice=dice_words(data["des_a_lancer"], lang),
            )
        if kind == "reprise":
            situation = situation_words(data["situation"], lang)
            return t(
                lang,
                "ludicitude.event.reprise",
                player=who,
                situation=situation,
                worth=points_words(data["valeur"], lang),
            )
        if kind == "lancer":
            faces = data["faces"]
            return t(
                lang,
                "ludicitude.event.lancer",
                player=who,
                dice=dice_words(len(faces), lang),
                faces=faces_words(faces, lang),
            )
        if kind == "ecart":
            return self._set_aside(data, who, lang)
        if kind == "memorise":
            return t(
                lang,
                "ludicitude.event.memorise",
                player=who,
                worth=points_words(data["lapins"], lang),
                memorised=data["memorise"],
                dice=tn(lang, "ludicitude.rabbit_dice", data["des"]),
            )
        if kind == "carottes":
            return self._carrots(data, who, lang)
        if kind == "marque":
            return t(
                lang,
                f"ludicitude.event.marque.{data['raison']}",
                player=who,
                worth=points_words(data["points"], lang),
                lapins=data["lapins"],
                multiplier=data["multiplicateur"],
                total=data["total"],
            )
        if kind == "perdu":
            if not data["points"]:
                return t(lang, "ludicitude.event.perdu.nothing", player=who)
            return tn(lang, "ludicitude.event.perdu", data["points"], player=who)
        if kind == "victoire":
            return t(lang, "ludicitude.event.victoire", player=who, total=data["total"])
        if kind in ("depart", "tout_relancer"):
            return t(lang, f"ludicitude.event.{kind}", player=who)
        return kind

    def _set_aside(self, data: dict[str, Any], who: str, lang: str) -> str:
        left = data["des_restants"]
        rest = (
            tn(lang, "ludicitude.event.ecart.left", left)
            if left
            else t(lang, "ludicitude.event.ecart.none_left")
        )
        choice = choice_words(data["lapins"], data["doubles"], data["clapier"], lang)
        worth = points_words(data["points"], lang)
        return t(lang, "ludicitude.event.ecart", player=who, choice=choice, worth=worth, rest=rest)

    def _carrots(self, data: dict[str, Any], who: str, lang: str) -> str:
        text = t(
            lang,
            "ludicitude.event.carottes",
            player=who,
            carrots=tn(lang, "ludicitude.face.6", data["carottes"]),
            worth=points_words(data["lapins"], lang),
            memorised=data["memorise"],
        )
        if data["des"]:
            again = t(
                lang,
                "ludicitude.event.carottes.again",
                player=who,
                dice=tn(lang, "ludicitude.rabbit_dice", data["des"]),
            )
            return f"{text} {again}"
        return f"{text} {t(lang, 'ludicitude.event.carottes.none_left')}"

    def summary(self, state: BaseState, names: Names, lang: str) -> str:
        assert isinstance(state, LudicitudeState)

        def name(player: PlayerId) -> str:
            return names.get(player, player)

        lines = [
            t(lang, "ludicitude.summary.score", player=name(p), score=s) for p, s in state.scores.items()
        ]
        if state.over:
            lines.append(
                tn(lang, "ludicitude.summary.over", len(state.winners), winners=", ".join(name(p) for p in state.winners))
            )
            return "\n".join(lines)
        waiting = GAME.to_act(state)
        if waiting:
            lines.append(t(lang, "ludicitude.summary.to_play", players=", ".join(name(p) for p in waiting)))
        lines.append(self._situation_line(state, lang))
        return "\n".join(lines)

    def _situation_line(self, state: LudicitudeState, lang: str) -> str:
        if state.phase == "debut":
            if state.situation.empty():
                return t(lang, "ludicitude.summary.left_nothing")
            situation = situation_words(state.situation, lang)
            return t(
                lang,
                "ludicitude.summary.left",
                situation=situation,
                worth=points_words(value_left(state), lang),
            )
        carrots = t(lang, "ludicitude.summary.carrots", n=state.carrots) if state.carrots else ""
        memorised = t(lang, "ludicitude.summary.memorised", n=state.memorised) if state.memorised else ""
        return t(
            lang,
            "ludicitude.summary.turn",
            situation=situation_words(state.situation, lang),
            faces=faces_words(state.table, lang),
            carrots=carrots,
            memorised=memorised,
            worth=points_words(turn_points(state), lang),
        )


WORDS = LudicitudeWords(GAME)
