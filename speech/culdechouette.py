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
from games.culdechouette import events as ev
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


def _valued(event: ev.Score) -> int:
    """The value of a paid combination: in the event, or (events kept from before it was) at the end of
    its old French label, « Chouette de 4 »."""
    if event.value is not None:
        return event.value
    last = event.label.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class Speaker:
    """One event's words: the players' names and the reader's language."""

    def __init__(self, names: Names, lang: str) -> None:
        self.names, self.lang = names, lang

    def n(self, player: PlayerId) -> str:
        return self.names.get(player, player)

    def many(self, players: list[PlayerId]) -> str:
        return ", ".join(self.n(p) for p in players)

    def say(self, key: str, **params: Any) -> str:
        return t(self.lang, f"{P}event.{key}", **params)

    def score(self, e: ev.Score) -> str:
        reason, label = e.reason, e.label
        params: dict[str, Any] = {"player": self.n(e.player), "delta": e.delta, "total": e.total}
        if reason in MADE or reason == "sirotage":
            kind = "cul_de_chouette" if reason == "sirotage" else reason
            value = _valued(e)
            if reason == "sirotage":
                return self.say("score.sirotage", combination=combination(kind, value, self.lang), **params)
            return self.say("score.made", combination=a_combination(kind, self.lang, value), **params)
        if reason == "zero":
            return self.say("score.zero", other=self.n(label), **params)
        if reason in ("civet", "defi"):
            return self.say(f"score.{reason}", combination=NAMES.get(label, label), **params)
        if reason == "sirop_rate":
            return self.say("score.sirop_rate", bird=label, **params)
        if reason == "pari_sirop":
            return self.say("score.pari_sirop", said=label or "Beau-Sirop", **params)
        if has("fr", f"{P}event.score.{reason}"):
            return self.say(f"score.{reason}", **params)
        return self.say("score.other", reason=reason, **params)

    def bevue(self, e: ev.Bevue) -> str:
        who = self.n(e.player)
        key = f"{P}cause.{e.cause}"
        cause = t(self.lang, key) if has("fr", key) else e.cause
        first = unicodedata.normalize("NFKD", who[:1].lower())[:1]
        elided = bool(first) and first in VOWELS
        return self.say("bevue.elided" if elided else "bevue", player=who, cause=cause)

    def chouette(self, e: ev.ChouetteMade) -> str:
        key = "chouette.forced" if e.forced else "chouette"
        return self.say(key, player=self.n(e.player), value=e.value, bird=e.bird)

    def window(self, e: ev.ShoutWindow) -> str:
        return self.say(f"fenetre.{e.shout}", players=self.many(e.among))

    def cry(self, e: ev.Shouted) -> str:
        return self.say("cri", player=self.n(e.player), shout=shout(e.shout, self.lang))

    def silent(self, e: ev.Silent) -> str:
        shouted = shout(e.shout, self.lang)
        return tn(self.lang, f"{P}event.muets", len(e.players), players=self.many(e.players), shout=shouted)

    def last(self, e: ev.Last) -> str:
        return self.say("dernier.des" if e.decided_by == "des" else "dernier", player=self.n(e.player))

    def cul(self, e: ev.CulThrown) -> str:
        dice = e.dice
        return self.say(
            "cul", player=self.n(e.player), cul=dice[2], dice=dice_text(dice), combination=throw_words(dice, self.lang)
        )

    def chouettes(self, e: ev.ChouettesThrown) -> str:
        return self.say("chouettes", player=self.n(e.player), first=e.dice[0], second=e.dice[1])

    def sirop_die(self, e: ev.SiropDie) -> str:
        key = "sirop_de.success" if e.success else "sirop_de.failure"
        return self.say(key, player=self.n(e.player), die=e.die, dice=dice_text(e.dice))

    def announcement(self, e: ev.SiropAnnounced) -> str:
        who = self.n(e.player)
        if e.announcement == "oiseau" and e.bird is not None:
            return self.say("annonce.bet", player=who, said=e.bird, value=e.value)
        if e.announcement == "beau_sirop" and e.value is not None:
            return self.say("annonce.bet", player=who, said="Beau-Sirop", value=e.value)
        return self.say("annonce", player=who, announcement=t(self.lang, f"{P}announce.{e.announcement}"))

    def challenge(self, e: ev.ChallengeSet) -> str:
        stake = points(e.stake, self.lang)
        if e.max:
            stake = self.say("defi.max", points=stake)
        grelottin, target = self.n(e.grelottin), self.n(e.target)
        combo = a_combination(e.combination, self.lang)
        return self.say("defi", grelottin=grelottin, target=target, combination=combo, stake=stake)

    def challenge_throw(self, e: ev.ChallengeThrow) -> str:
        params = {"player": self.n(e.player), "dice": dice_text(e.dice), "combination": throw_words(e.dice, self.lang)}
        if e.throw == 1:
            return self.say("defi_lancer.first", **params)
        if e.kept:
            return self.say("defi_lancer.second.kept", kept=", ".join(str(k) for k in e.kept), **params)
        return self.say("defi_lancer.second", **params)

    def challenge_result(self, e: ev.ChallengeResult) -> str:
        key = "defi_resultat.met" if e.met else "defi_resultat.failed"
        return self.say(key, target=self.n(e.target), grelottin=self.n(e.grelottin), stake=e.stake)

    def civet(self, e: ev.CivetAnnounced) -> str:
        combo = a_combination(e.combination, self.lang)
        return self.say("civet", player=self.n(e.player), stake=e.stake, combination=combo)

    def civet_result(self, e: ev.CivetResult) -> str:
        key = "civet_resultat.met" if e.met else "civet_resultat.failed"
        combo = NAMES.get(e.combination, e.combination)
        return self.say(key, player=self.n(e.player), combination=combo, stake=e.stake)

    def finished(self, e: ev.GameOver) -> str:
        return tn(self.lang, f"{P}event.fin", len(e.winners), winners=self.many(e.winners))

    def plain(self, e: Event) -> str:
        """The events whose sentence (``event.<kind>``) takes only names and numbers."""
        return self.say(e.kind, **PLAIN[type(e)](self, e))


# Each event's words, by its model.
SAID: dict[type[Event], Callable[[Speaker, Any], str]] = {
    ev.Score: Speaker.score,
    ev.Bevue: Speaker.bevue,
    ev.ChouetteMade: Speaker.chouette,
    ev.ShoutWindow: Speaker.window,
    ev.Shouted: Speaker.cry,
    ev.Silent: Speaker.silent,
    ev.Last: Speaker.last,
    ev.CulThrown: Speaker.cul,
    ev.ChouettesThrown: Speaker.chouettes,
    ev.SiropDie: Speaker.sirop_die,
    ev.SiropAnnounced: Speaker.announcement,
    ev.ChallengeSet: Speaker.challenge,
    ev.ChallengeThrow: Speaker.challenge_throw,
    ev.ChallengeResult: Speaker.challenge_result,
    ev.CivetAnnounced: Speaker.civet,
    ev.CivetResult: Speaker.civet_result,
    ev.GameOver: Speaker.finished,
}
Params = Callable[[Speaker, Any], dict[str, Any]]


def _player(s: Speaker, e: Any) -> dict[str, Any]:
    return {"player": s.n(e.player)}


def _nothing(s: Speaker, e: Any) -> dict[str, Any]:
    return {}


# The parameters of the sentences said by ``Speaker.plain``.
PLAIN: dict[type[Event], Params] = {
    **{
        kind: _player
        for kind in (
            ev.FirstPlayer,
            ev.Turn,
            ev.GrelottineWon,
            ev.GrelottineLost,
            ev.SiropGagnant,
            ev.CivetWon,
            ev.ChallengeStopped,
            ev.SloubiRefused,
            ev.Left,
            ev.Eliminated,
        )
    },
    **{kind: _nothing for kind in (ev.Resumed, ev.PasMouNobody, ev.BetsClosed, ev.Cancelled)},
    ev.OrderThrow: lambda s, e: {"player": s.n(e.player), "value": e.value},
    ev.RoundOver: lambda s, e: {"rounds": e.rounds},
    ev.PasMouWon: lambda s, e: {"player": s.n(e.player), "points": e.points},
    ev.PasMouTie: lambda s, e: {"players": s.many(e.players), "points": e.points},
    ev.ShoutTie: lambda s, e: {"players": s.many(e.players)},
    ev.TieBreakThrow: lambda s, e: {"player": s.n(e.player), "value": e.value, "stake": e.stake},
    ev.Sirotage: lambda s, e: {"player": s.n(e.player), "value": e.value, "bird": e.bird},
    ev.BetsOpen: lambda s, e: {"deadline": e.deadline},
    ev.BetWon: lambda s, e: {"player": s.n(e.player), "value": e.value, "said": e.said},
    ev.GrelottineCall: lambda s, e: {"player": s.n(e.player), "target": s.n(e.target), "at": e.at},
    ev.SimultaneousCalls: lambda s, e: {"players": s.many(e.players), "lowest": s.many(e.lowest)},
    ev.CallTieBreakThrow: lambda s, e: {"player": s.n(e.player), "value": e.value},
    ev.ChallengeCalled: lambda s, e: {"grelottin": s.n(e.grelottin), "target": s.n(e.target)},
    ev.CivetGiven: lambda s, e: {"player": s.n(e.player), "target": s.n(e.target)},
    ev.SloubiEntry: lambda s, e: {"player": s.n(e.player), "value": e.value, "rounds": e.rounds},
    ev.SloubiSung: lambda s, e: {"player": s.n(e.player), "n": e.n},
    ev.SloubiMissed: lambda s, e: {"player": s.n(e.player), "said": e.said, "expected": e.expected},
    ev.SloubiDone: lambda s, e: {"player": s.n(e.player), "score": e.score},
    ev.SloubiInterrupted: lambda s, e: {"player": s.n(e.player), "by": s.n(e.by)},
}


class CulDeChouetteWords(GameWords):
    def describe(self, event: Event, names: Names, lang: str) -> str:
        speaker = Speaker(names or {}, lang)
        said = SAID.get(type(event))
        if said is not None:
            return said(speaker, event)
        if type(event) in PLAIN:
            return speaker.plain(event)
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
