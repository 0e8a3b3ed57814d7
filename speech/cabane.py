"""La Cabane sul' Dos in words: its events, its summary and its table's words, from ``cabane.po``.

The game words stay French in every language (the faces Toit, Façade, Gauche, Droite, Blanc, Cabane and
their letters; the shouts « Y'a cabane », « rejouez derrière la cabane »…); the count said aloud in
the ten coups is numbers, said in the table's language (« 6 toujours » is “still 6” in English):
docs/rules/cabane.md, "Words".
"""

from __future__ import annotations

from typing import Any, cast

from games.cabane import FACE_NAMES, GAME, CabaneState
from games.cabane.faces import Face
from games.core import BaseState, Event, PlayerId

from .catalogue import t, tn
from .games import GameWords, Names

STILL = " toujours"  # the engine notes the count as the rules text writes it: « 6 toujours », « 5 ; 6 »
BOTH = " ; "
POINT_REASONS = ("toit", "facade", "double_toit", "double_cabane", "deuxieme_cabane")


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
        data = event.data

        def who(key: str = "joueur") -> str:
            player = str(data.get(key, ""))
            return names.get(player, player)

        kind = event.kind
        if kind == "debut":
            target = data.get("cible")
            title = (
                data["titre"]
                if target is None and "titre" in data
                else mode_title(data["mode"], target, lang)
            )
            players = ", ".join(names.get(p, p) for p in data["joueurs"])
            return t(lang, "cabane.event.debut", title=title, players=players)
        if kind == "lancer":
            return t(lang, "cabane.event.lancer", player=who(), faces=faces_words(data["faces"], lang))
        if kind == "point":
            return self._point(data, who(), lang)
        if kind == "victoire":
            scores = ", ".join(
                t(lang, "cabane.event.victoire.score", player=names.get(p, p), score=s)
                for p, s in data["scores"].items()
            )
            return t(lang, "cabane.event.victoire", player=who(), scores=scores)
        if kind == "tour":
            throws = data.get("lancers")
            form = "both" if throws is None else ("twice" if throws == 2 else "one")
            return t(lang, f"cabane.event.tour.{form}", player=who())
        if kind == "blanc":
            form = "after_cabane" if data.get("apres_cabane") else "once"
            return t(lang, f"cabane.event.blanc.{form}", player=who())
        if kind == "coup_pour_rien":
            return t(lang, "cabane.event.coup_pour_rien", face=face_name(data["face"]))
        if kind == "serie":
            return t(lang, "cabane.event.serie", player=who(), said=count_words("0", lang))
        if kind == "compte":
            return self._count(data, lang)
        if kind == "manche":
            return t(lang, "cabane.event.manche", number=data["numero"])
        if kind in SIMPLE:
            return t(lang, f"cabane.event.{kind}", player=who())
        return f"{kind} {data}"

    def _point(self, data: dict[str, Any], who: str, lang: str) -> str:
        reason, total = data.get("raison"), data["score"]
        if reason == "deuxieme_cabane":
            return t(lang, "cabane.event.point.deuxieme_cabane", player=who, coup=data["coup"], total=total)
        if reason in POINT_REASONS:
            return t(lang, f"cabane.event.point.{reason}", player=who, total=total)
        return t(lang, "cabane.event.point.other", player=who, points=data["points"], total=total)

    def _count(self, data: dict[str, Any], lang: str) -> str:
        said = count_words(str(data["dit"]), lang)
        face = data["face"]
        if face == "B":
            return t(lang, "cabane.event.compte.blanc", said=said)
        if face == "C":
            return t(lang, "cabane.event.compte.cabane", said=said)
        return t(lang, "cabane.event.compte.other", face=face_name(face), said=said)

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


# Events said in one sentence about one player.
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
    "bataille",
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
    *SIMPLE,
)

WORDS = CabaneWords(GAME)
