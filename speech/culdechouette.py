"""Cul de chouette's words, in a reader's language: its events, its summary, its refusals (through
``GameWords``), the combinations' names with their grammar, and what the table and the dice picture
say. The sentences are in ``speech/locales/<lang>/culdechouette.po``; the game words (Chouette,
Velute, Bévue, the shouts, the birds…) stay French in every language (DECISIONS.md)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from games.core import BaseState, Event, PlayerId
from games.culdechouette import GAME
from games.culdechouette.combos import NAMES, classify

from .catalogue import has, t, tn
from .games import GameWords, Names

P = "culdechouette."
# The combinations a value names ("Chouette de 4"); a Suite, a Néant and a Sirop-Grelot have none.
VALUED = ("cul_de_chouette", "chouette_velute", "chouette", "velute")
# Score reasons that pay a combination just thrown.
MADE = ("chouette", "velute", "cul_de_chouette")
VOWELS = "aeiouy"  # a name starting with one (accents aside) elides French « de » into « d' »


def combination(kind: str, value: int, lang: str) -> str:
    """« Chouette de 4 », « Suite », « Néant »."""
    if kind in VALUED:
        return t(lang, f"{P}combo.{kind}", value=value)
    return NAMES.get(kind, kind)


def a_combination(kind: str, lang: str, value: int | None = None) -> str:
    """« une Chouette », « un Cul de Chouette », « une Chouette de 4 »."""
    if value is not None and kind in VALUED:
        return t(lang, f"{P}combo.a_of.{kind}", value=value)
    key = f"{P}combo.a.{kind}"
    return t(lang, key) if has("fr", key) else NAMES.get(kind, kind)


def throw_words(dice: list[int], lang: str) -> str:
    """What three dice make, a Velute that is also a Suite said as both."""
    combo = classify(dice)
    text = combination(combo.kind, combo.value, lang)
    return t(lang, f"{P}combo.with_suite", combination=text) if combo.suite and combo.kind == "velute" else text


def points(n: int, lang: str) -> str:
    return tn(lang, f"{P}points", n)


def dice_text(dice: list[int]) -> str:
    return "-".join(str(d) for d in dice)


def shout(kind: str, lang: str) -> str:
    """A window's shout, « Pas mou le caillou ! » (in French in every language)."""
    return t(lang, f"{P}shout.{kind}")


def _valued(label: Any, data: dict[str, Any]) -> int:
    """The value of a paid combination: in the event, or (events kept from before it was) at the end of
    its old French label, « Chouette de 4 »."""
    if "value" in data:
        return int(data["value"])
    last = str(label).rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class Speaker:
    """One event's words: its data, the players' names and the reader's language."""

    def __init__(self, event: Event, names: Names, lang: str) -> None:
        self.event, self.data, self.names, self.lang = event, event.data, names, lang

    def n(self, key: str) -> str:
        player = self.data.get(key)
        return self.names.get(str(player), str(player))

    def many(self, key: str) -> str:
        return ", ".join(self.names.get(str(p), str(p)) for p in self.data.get(key, []))

    def say(self, key: str, **params: Any) -> str:
        return t(self.lang, f"{P}event.{key}", **params)

    def simple(self) -> str:
        """The events whose sentence takes only names and numbers straight from the data."""
        params: dict[str, Any] = {}
        for key, value in self.data.items():
            if key in PLAYER_KEYS:
                params[key] = self.n(key)
            elif key in LIST_KEYS:
                params[key] = self.many(key)
            else:
                params[key] = value
        return self.say(self.event.kind, **params)

    def score(self) -> str:
        d = self.data
        reason, label = str(d["reason"]), d.get("label", "")
        params: dict[str, Any] = {"player": self.n("player"), "delta": d["delta"], "total": d["total"]}
        if reason in MADE or reason == "sirotage":
            kind = "cul_de_chouette" if reason == "sirotage" else reason
            value = _valued(label, d)
            if reason == "sirotage":
                return self.say("score.sirotage", combination=combination(kind, value, self.lang), **params)
            return self.say("score.made", combination=a_combination(kind, self.lang, value), **params)
        if reason == "zero":
            return self.say("score.zero", other=self.names.get(str(label), str(label)), **params)
        if reason in ("civet", "defi"):
            return self.say(f"score.{reason}", combination=NAMES.get(str(label), str(label)), **params)
        if reason == "sirop_rate":
            return self.say("score.sirop_rate", bird=label, **params)
        if reason == "pari_sirop":
            return self.say("score.pari_sirop", said=label or "Beau-Sirop", **params)
        if has("fr", f"{P}event.score.{reason}"):
            return self.say(f"score.{reason}", **params)
        return self.say("score.other", reason=reason, **params)

    def bevue(self) -> str:
        who = self.n("player")
        cause_code = str(self.data.get("cause", ""))
        key = f"{P}cause.{cause_code}"
        cause = t(self.lang, key) if has("fr", key) else cause_code
        first = unicodedata.normalize("NFKD", who[:1].lower())[:1]
        elided = bool(first) and first in VOWELS
        return self.say("bevue.elided" if elided else "bevue", player=who, cause=cause)

    def chouette(self) -> str:
        d = self.data
        key = "chouette.forced" if d.get("forced") else "chouette"
        return self.say(key, player=self.n("player"), value=d["value"], bird=d["bird"])

    def window(self) -> str:
        return self.say(f"fenetre.{self.data['kind']}", players=self.many("among"))

    def cry(self) -> str:
        return self.say("cri", player=self.n("player"), shout=shout(str(self.data["kind"]), self.lang))

    def silent(self) -> str:
        players = self.data.get("players", [])
        shouted = shout(str(self.data["kind"]), self.lang)
        return tn(self.lang, f"{P}event.muets", len(players), players=self.many("players"), shout=shouted)

    def last(self) -> str:
        return self.say("dernier.des" if self.data.get("kind") == "des" else "dernier", player=self.n("player"))

    def cul(self) -> str:
        dice = list(self.data["dice"])
        return self.say(
            "cul", player=self.n("player"), cul=dice[2], dice=dice_text(dice), combination=throw_words(dice, self.lang)
        )

    def chouettes(self) -> str:
        dice = list(self.data["dice"])
        return self.say("chouettes", player=self.n("player"), first=dice[0], second=dice[1])

    def sirop_die(self) -> str:
        d = self.data
        key = "sirop_de.success" if d["success"] else "sirop_de.failure"
        return self.say(key, player=self.n("player"), die=d["die"], dice=dice_text(list(d["dice"])))

    def announcement(self) -> str:
        d = self.data
        who = self.n("player")
        if d["kind"] == "oiseau" and "bird" in d:
            return self.say("annonce.bet", player=who, said=d["bird"], value=d["value"])
        if d["kind"] == "beau_sirop" and "value" in d:
            return self.say("annonce.bet", player=who, said="Beau-Sirop", value=d["value"])
        return self.say("annonce", player=who, announcement=t(self.lang, f"{P}announce.{d['kind']}"))

    def challenge(self) -> str:
        d = self.data
        stake = points(int(d["stake"]), self.lang)
        if d.get("max"):
            stake = self.say("defi.max", points=stake)
        return self.say(
            "defi",
            grelottin=self.n("grelottin"),
            target=self.n("target"),
            combination=a_combination(str(d["combination"]), self.lang),
            stake=stake,
        )

    def challenge_throw(self) -> str:
        d = self.data
        dice = list(d["dice"])
        params = {"player": self.n("player"), "dice": dice_text(dice), "combination": throw_words(dice, self.lang)}
        if d.get("throw") == 1:
            return self.say("defi_lancer.first", **params)
        if d.get("kept"):
            return self.say("defi_lancer.second.kept", kept=", ".join(str(k) for k in d["kept"]), **params)
        return self.say("defi_lancer.second", **params)

    def challenge_result(self) -> str:
        d = self.data
        key = "defi_resultat.met" if d["met"] else "defi_resultat.failed"
        return self.say(key, target=self.n("target"), grelottin=self.n("grelottin"), stake=d["stake"])

    def civet(self) -> str:
        combo = a_combination(str(self.data["combination"]), self.lang)
        return self.say("civet", player=self.n("player"), stake=self.data["stake"], combination=combo)

    def civet_result(self) -> str:
        d = self.data
        key = "civet_resultat.met" if d["met"] else "civet_resultat.failed"
        combo = NAMES.get(str(d["combination"]), str(d["combination"]))
        return self.say(key, player=self.n("player"), combination=combo, stake=d["stake"])

    def finished(self) -> str:
        count = len(self.data.get("winners", []))
        return tn(self.lang, f"{P}event.fin", count, winners=self.many("winners"))


PLAYER_KEYS = {"player", "target", "grelottin", "by"}
LIST_KEYS = {"players", "winners", "among"}
SAID: dict[str, Callable[[Speaker], str]] = {
    "score": Speaker.score,
    "bevue": Speaker.bevue,
    "chouette": Speaker.chouette,
    "fenetre": Speaker.window,
    "cri": Speaker.cry,
    "muets": Speaker.silent,
    "dernier": Speaker.last,
    "cul": Speaker.cul,
    "chouettes": Speaker.chouettes,
    "sirop_de": Speaker.sirop_die,
    "annonce": Speaker.announcement,
    "defi": Speaker.challenge,
    "defi_lancer": Speaker.challenge_throw,
    "defi_resultat": Speaker.challenge_result,
    "civet": Speaker.civet,
    "civet_resultat": Speaker.civet_result,
    "fin": Speaker.finished,
}


class CulDeChouetteWords(GameWords):
    def describe(self, event: Event, names: Names, lang: str) -> str:
        speaker = Speaker(event, names or {}, lang)
        said = SAID.get(event.kind)
        if said is not None:
            return said(speaker)
        if has("fr", f"{P}event.{event.kind}"):
            return speaker.simple()
        return t(lang, f"{P}event.unknown", kind=event.kind, data=event.data)

    def summary(self, state: BaseState, names: Names, lang: str) -> str:
        def name(p: PlayerId) -> str:
            return names.get(p, p)

        lines = [t(lang, f"{P}summary.score", player=name(p), score=s) for p, s in self.game.scores(state).items()]
        for holders, key in ((getattr(state, "grelottines", []), "grelottines"), (getattr(state, "civets", []), "civets")):
            if holders and not state.over:
                lines.append(t(lang, f"{P}summary.{key}", players=", ".join(name(p) for p in holders)))
        waiting = self.game.to_act(state)
        if state.over:
            winners = ", ".join(name(p) for p in state.winners)
            lines.append(tn(lang, f"{P}summary.over", len(state.winners), winners=winners))
        elif waiting:
            lines.append(t(lang, f"{P}summary.waiting", players=", ".join(name(p) for p in waiting)))
        return "\n".join(lines)


WORDS = CulDeChouetteWords(GAME)
