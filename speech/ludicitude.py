"""Ludicitude in words: its events, refusals, summary and its table's words, from ``ludicitude.po``.

The game words stay French in every language (lapin, double lapin, clapier, carotte, their plurals):
an English table reads « 2 lapins, 1 clapier for 3 ».
"""

from __future__ import annotations

from typing import Any

from games.core import BaseState, Event, IllegalAction, PlayerId
from games.ludicitude import GAME, LudicitudeState, Situation, turn_points, value_left
from games.ludicitude.events import (
    Carrots,
    Left,
    Lost,
    Remembered,
    Scored,
    SetAside,
    Start,
    TakeOver,
    ThrowAll,
    Thrown,
    Turn,
    Won,
)

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
        def name(player: PlayerId) -> str:
            return names.get(player, player)

        match event:
            case Start():
                players = ", ".join(name(p) for p in event.players)
                return t(lang, "ludicitude.event.debut", players=players, target=event.target)
            case Turn():
                return self._turn(event, name(event.player), lang)
            case TakeOver():
                return t(
                    lang,
                    "ludicitude.event.reprise",
                    player=name(event.player),
                    situation=situation_words(event.situation, lang),
                    worth=points_words(event.value, lang),
                )
            case Thrown():
                return t(
                    lang,
                    "ludicitude.event.lancer",
                    player=name(event.player),
                    dice=dice_words(len(event.faces), lang),
                    faces=faces_words(event.faces, lang),
                )
            case SetAside():
                return self._set_aside(event, name(event.player), lang)
            case Remembered():
                return t(
                    lang,
                    "ludicitude.event.memorise",
                    player=name(event.player),
                    worth=points_words(event.rabbit_points, lang),
                    memorised=event.memorised,
                    dice=tn(lang, "ludicitude.rabbit_dice", event.dice),
                )
            case Carrots():
                return self._carrots(event, name(event.player), lang)
            case Scored():
                return t(
                    lang,
                    f"ludicitude.event.marque.{event.reason}",
                    player=name(event.player),
                    worth=points_words(event.points, lang),
                    lapins=event.rabbit_points,
                    multiplier=event.multiplier,
                    total=event.total,
                )
            case Lost():
                if not event.points:
                    return t(lang, "ludicitude.event.perdu.nothing", player=name(event.player))
                return tn(lang, "ludicitude.event.perdu", event.points, player=name(event.player))
            case Won():
                return t(lang, "ludicitude.event.victoire", player=name(event.player), total=event.total)
            case Left() | ThrowAll():
                return t(lang, f"ludicitude.event.{event.kind}", player=name(event.player))
        return event.kind

    def _turn(self, event: Turn, who: str, lang: str) -> str:
        if not event.can_take_over:
            return t(lang, "ludicitude.event.tour.throw_all", player=who)
        return t(
            lang,
            "ludicitude.event.tour.choose",
            player=who,
            situation=situation_words(event.situation, lang),
            worth=points_words(event.value_left, lang),
            dice=dice_words(event.dice_to_throw, lang),
        )

    def _set_aside(self, event: SetAside, who: str, lang: str) -> str:
        left = event.dice_left
        rest = (
            tn(lang, "ludicitude.event.ecart.left", left)
            if left
            else t(lang, "ludicitude.event.ecart.none_left")
        )
        choice = choice_words(event.rabbits, event.doubles, event.clapier, lang)
        worth = points_words(event.points, lang)
        return t(lang, "ludicitude.event.ecart", player=who, choice=choice, worth=worth, rest=rest)

    def _carrots(self, event: Carrots, who: str, lang: str) -> str:
        text = t(
            lang,
            "ludicitude.event.carottes",
            player=who,
            carrots=tn(lang, "ludicitude.face.6", event.carrots),
            worth=points_words(event.rabbit_points, lang),
            memorised=event.memorised,
        )
        if event.dice:
            again = t(
                lang,
                "ludicitude.event.carottes.again",
                player=who,
                dice=tn(lang, "ludicitude.rabbit_dice", event.dice),
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
