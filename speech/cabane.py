"""La Cabane sul' Dos in words: its events, its summary and its table's words, from ``cabane.po``.

The game words stay French in every language (the faces Toit, Façade, Gauche, Droite, Blanc, Cabane and
their letters; the shouts « Y'a cabane », « rejouez derrière la cabane »…); the count said aloud in
the ten coups is numbers, said in the table's language (« 6 toujours » is “still 6” in English):
docs/rules/cabane.md, "Words".
"""

from __future__ import annotations

from typing import cast, get_args

from games.cabane import FACE_NAMES, GAME, CabaneState
from games.cabane.events import (
    BatailleBegins,
    Blank,
    Counted,
    NewRound,
    PlayerMoment,
    Point,
    PointReason,
    SeriesBegins,
    Start,
    Thrown,
    Turn,
    Wasted,
    Won,
)
from games.cabane.faces import Face
from games.core import BaseState, Event, PlayerId

from .catalogue import t, tn
from .games import GameWords, Names

STILL = " toujours"  # the engine notes the count as the rules text writes it: « 6 toujours », « 5 ; 6 »
BOTH = " ; "
POINT_REASONS: tuple[str, ...] = get_args(PointReason)


def face_words(face: str, lang: str) -> str:
    """« Façade (F) »: the face's name is a game word, the same in every language."""
    return t(lang, "cabane.face", name=face_name(face), letter=face)


def face_name(face: str) -> str:
    return FACE_NAMES.get(cast(Face, face), face)


def faces_words(faces: list[str], lang: str) -> str:
    named = [face_words(f, lang) for f in faces]
    if len(named) == 2:
        return t(lang, "cabane.faces.two", first=named[0], second=named[1])
    return ", ".join(named)


def count_words(said: str, lang: str) -> str:
    """The count of the ten coups as the thrower says it aloud, from the engine's note of it."""
    if said.endswith(STILL):
        return t(lang, "cabane.count.still", n=said[: -len(STILL)])
    if BOTH in said:
        first, _, second = said.partition(BOTH)
        return t(lang, "cabane.count.two", first=first, second=second)
    return said


def mode_title(mode: str, target: int | None, lang: str) -> str:
    """« la Bataille avec 1 dé, en 5 points », « le jeu à 2 dés »."""
    if mode == "bataille":
        return (
            t(lang, "cabane.mode.bataille_target", target=target)
            if target
            else t(lang, "cabane.mode.bataille")
        )
    return t(lang, "cabane.mode.deux_des")


def phase_name(phase: str, lang: str) -> str:
    return t(lang, f"cabane.phase.{phase}")


def throws_words(throws: int | None, lang: str) -> str:
    """How many times the player still throws: « une fois », « deux fois », « les deux dés »."""
    if throws is None:
        return t(lang, "cabane.throws.both")
    if throws in (1, 2):
        return t(lang, f"cabane.throws.{throws}")
    return tn(lang, "cabane.throws", throws)


class CabaneWords(GameWords):
    def describe(self, event: Event, names: Names, lang: str) -> str:
        def name(player: PlayerId) -> str:
            return names.get(player, player)

        match event:
            case Start():
                title = (
                    event.title
                    if event.target is None and event.title is not None
                    else mode_title(event.mode, event.target, lang)
                )
                players = ", ".join(name(p) for p in event.players)
                return t(lang, "cabane.event.debut", title=title, players=players)
            case Thrown():
                faces = faces_words(list(event.faces), lang)
                return t(lang, "cabane.event.lancer", player=name(event.player), faces=faces)
            case Point():
                return self._point(event, name(event.player), lang)
            case Won():
                scores = ", ".join(
                    t(lang, "cabane.event.victoire.score", player=name(p), score=s)
                    for p, s in event.scores.items()
                )
                return t(lang, "cabane.event.victoire", player=name(event.player), scores=scores)
            case Turn():
                form = "both" if event.throws is None else ("twice" if event.throws == 2 else "one")
                return t(lang, f"cabane.event.tour.{form}", player=name(event.player))
            case Blank():
                form = "after_cabane" if event.after_cabane else "once"
                return t(lang, f"cabane.event.blanc.{form}", player=name(event.player))
            case Wasted():
                return t(lang, "cabane.event.coup_pour_rien", face=face_name(event.face))
            case SeriesBegins():
                return t(lang, "cabane.event.serie", player=name(event.player), said=count_words("0", lang))
            case Counted():
                return self._count(event, lang)
            case NewRound():
                return t(lang, "cabane.event.manche", number=event.number)
            case BatailleBegins():
                return t(lang, "cabane.event.bataille")
            case PlayerMoment() if event.kind in SIMPLE:
                return t(lang, f"cabane.event.{event.kind}", player=name(event.player))
        return f"{event.kind} {event.data}"

    def _point(self, event: Point, who: str, lang: str) -> str:
        if event.reason == "deuxieme_cabane":
            return t(
                lang,
                "cabane.event.point.deuxieme_cabane",
                player=who,
                coup=event.throw_number,
                total=event.score,
            )
        return t(lang, f"cabane.event.point.{event.reason}", player=who, total=event.score)

    def _count(self, event: Counted, lang: str) -> str:
        said = count_words(event.said, lang)
        if event.face == "B":
            return t(lang, "cabane.event.compte.blanc", said=said)
        if event.face == "C":
            return t(lang, "cabane.event.compte.cabane", said=said)
        return t(lang, "cabane.event.compte.other", face=face_name(event.face), said=said)

    def summary(self, state: BaseState, names: Names, lang: str) -> str:
        assert isinstance(state, CabaneState)

        def name(player: PlayerId) -> str:
            return names.get(player, player)

        scores = ", ".join(
            t(lang, "cabane.summary.score", player=name(p), score=s) for p, s in state.scores.items()
        )
        lines = [t(lang, "cabane.summary.phase", phase=phase_name(state.phase, lang), scores=scores)]
        if state.over:
            winners = ", ".join(name(p) for p in state.winners)
            lines.append(t(lang, "cabane.summary.over", winners=winners))
            return "\n".join(lines)
        who = name(state.current)
        if state.phase == "dix_coups":
            left = state.throws_left or 0
            said = count_words(state.count_said, lang)
            lines.append(tn(lang, "cabane.summary.dix_coups", left, player=who, said=said))
        elif state.phase == "bataille":
            key = "cabane.summary.bataille_facade" if state.facade else "cabane.summary.bataille"
            lines.append(t(lang, key, player=who, throws=throws_words(state.throws_left, lang)))
        else:
            lines.append(t(lang, "cabane.summary.debroussaillage", player=who))
        return "\n".join(lines)


# Events said in one sentence about one player (``cabane.event.<kind>``).
SIMPLE = (
    "rejoue",
    "facade",
    "cabane",
    "cabane_annule",
    "cabane_sul_dos",
    "cabane_sauvee",
    "cabane_mortelle",
    "premiere_cabane",
    "continue",
    "serie_finie",
    "depart",
)

# Every kind of event the game emits, each with its sentence above.
EVENT_KINDS = (
    "debut",
    "lancer",
    "point",
    "victoire",
    "tour",
    "blanc",
    "coup_pour_rien",
    "serie",
    "compte",
    "manche",
    "bataille",
    *SIMPLE,
)

WORDS = CabaneWords(GAME)
