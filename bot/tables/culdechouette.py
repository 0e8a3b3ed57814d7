"""Cul de chouette at the table: the dice as faces, the shouts in the players' own words, forms for
free stakes, and the Chante-Sloubi sung as messages in the channel ("Sloubi 1", "Sloubi 2"…)."""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from games.core import Action, ArgSpec, Event
from games.culdechouette import GAME
from games.culdechouette.combos import BIRDS, NAMES
from games.culdechouette.events import (
    ChallengeCalled,
    ChallengeThrow,
    CulThrown,
    Score,
    SiropDie,
    SloubiEntry,
)
from games.culdechouette.sirop import BIRD_VALUES, bet_on
from games.culdechouette.state import CulState
from speech import SOURCE, t, tn, words_of
from speech.culdechouette import a_combination

from ..render import culdechouette_dice
from ..sessions import Session
from .base import PER_ROW, Offer, Presenter, mention
from .pictures import picture_file
from .shown import Shown

FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
# The events carrying a complete throw (three dice): the cul, a siroted die, a challenge's throw.
THROWN = (CulThrown, SiropDie, ChallengeThrow)
T = "culdechouette.table."
# What a button says: the players' own words (the shouts and announcements are game words).
SAYINGS = {
    "siroter",
    "garder",
    "pas_mou_le_caillou",
    "grelotte_ca_picote",
    "sans_fin",
    "beau_sirop",
    "couche_sirop",
    "file_sirop",
    "sirop_gagnant",
    "chante_sloubi",
    "refuser_sloubi",
}
EMOJI = {
    "lancer": "🎲",
    "siroter": "🍹",
    "garder": "✋",
    "pas_mou_le_caillou": "📣",
    "grelotte_ca_picote": "📣",
    "sans_fin": "🍺",
    "beau_sirop": "🍯",
    "sirop_gagnant": "💰",
    "grelottine": "🔔",
    "miser": "🪙",
    "max": "💥",
    "civet": "🐇",
    "lance_civet": "🐇",
    "chante_sloubi": "🎵",
}
# The phases whose throw button says what it throws (``culdechouette.table.throw.<phase>``).
THROWS = {"chouettes", "cul", "sirop_lancer", "defi"}
# The phases the embed's head line tells (``culdechouette.table.phase.<phase>``).
PHASES = {"chouettes", "cul", "sirop", "paris", "sirop_lancer", "cris", "appel", "mise", "defi", "relance"}
# The forms' titles and fields in the players' words (Discord: 45 characters at most each).
FORM_TITLES = {"miser", "civet"}
FIELD_LABELS = {"mise", "combinaison"}
# The Sirop announcements without a bet, on one row; the birds (bets on a value) on the next.
ANNOUNCEMENTS = ("beau_sirop", "couche_sirop", "file_sirop")
# What a bettor announced, when it is no bet on a value (``culdechouette.table.bets.<bet>``).
BET_WORDS = {"couche", "file", "oiseau", "caduc", "silence"}
# Said or decided at once, each beside what it means (a Section in the table message).
BESIDE = {"siroter", "garder", "pas_mou_le_caillou", "grelotte_ca_picote", "sans_fin", "sirop_gagnant", *ANNOUNCEMENTS}
# Typed in the channel, never clicked: a song is sung, and any other message interrupts it.
TYPED = {"sloubi", "message"}


def combination(name: object) -> str:
    return NAMES.get(str(name), str(name))


class CulDeChouettePresenter(Presenter[CulState]):
    """Nothing is hidden at Cul de chouette: the view is the state without its dice."""
    accent = discord.Colour(0x8E5B2E)  # an owl's brown

    view_type = CulState

    def label(self, shown: Shown[CulState], action: Action) -> str:
        kind, args, lang = action.kind, action.args, shown.lang
        state = shown.view
        if kind == "lancer":
            return t(lang, f"{T}throw.{state.phase}" if state.phase in THROWS else f"{T}throw")
        sirop = state.sirop
        if kind == "beau_sirop" and sirop is not None:
            return t(lang, f"{T}label.beau_sirop", value=sirop.value)
        if kind in SAYINGS:
            return t(lang, f"{T}saying.{kind}")
        if kind == "oiseau":
            bird = str(args.get("nom", "Oiseau"))
            value = BIRD_VALUES.get(bird)
            return t(lang, f"{T}label.oiseau", bird=bird, value=value) if value else t(lang, f"{T}label.oiseau.plain", bird=bird)
        if kind in ("grelottine", "lance_civet"):
            return t(lang, f"{T}label.{kind}", player=shown.name(str(args.get("cible"))))
        if kind == "miser":
            stake = args.get("mise")
            n = stake if isinstance(stake, int) else 0
            return tn(lang, f"{T}label.miser", n, combination=combination(args.get("combinaison")))
        if kind == "max":
            return t(lang, f"{T}label.max", combination=combination(args.get("combinaison")))
        if kind == "civet":
            name = a_combination(str(args.get("combinaison")), lang)
            return t(lang, f"{T}label.civet", stake=args.get("mise"), combination=name)
        if kind == "relancer":
            return self.keep_label(shown, args.get("garder") or [])
        return super().label(shown, action)

    def keep_label(self, shown: Shown[CulState], kept: object) -> str:
        """« Garder ⚃ ⚃ »: the dice a challenge's second throw keeps, as their faces."""
        throw = list(shown.view.throw or [])
        if not isinstance(kept, list) or not kept:
            return t(shown.lang, f"{T}label.throw_all")
        faces = " ".join(FACES.get(throw[int(i) - 1], str(i)) if 0 < int(i) <= len(throw) else str(i) for i in kept)
        return t(shown.lang, f"{T}label.keep", faces=faces)

    def emoji(self, shown: Shown[CulState], action: Action) -> str | None:
        return EMOJI.get(action.kind)

    def style(self, shown: Shown[CulState], action: Action) -> discord.ButtonStyle:
        if action.kind in {"pas_mou_le_caillou", "grelotte_ca_picote", "sans_fin", "sirop_gagnant"}:
            return discord.ButtonStyle.success
        if action.kind in {"lancer", "siroter"}:
            return discord.ButtonStyle.primary
        if action.kind in {"refuser_sloubi", "couche_sirop", "file_sirop", "garder"}:
            return discord.ButtonStyle.secondary
        return super().style(shown, action)

    def offers(self, session: Session) -> list[Offer]:
        """The engine's actions, less what is typed; free stakes (challenge, Civet) get a form."""
        offers = [o for o in super().offers(session) if o.action.kind not in TYPED]
        kinds = {o.action.kind for o in offers}
        for kind in ("miser", "civet"):
            if kind in kinds:
                offers.append(Offer(Action(kind=kind), ask=True))
        return offers

    def beside(self, shown: Shown[CulState], offer: Offer) -> str | None:
        kind = offer.action.kind
        return self.action_help(kind, shown.lang) if kind in BESIDE and not offer.ask else None

    def action_rows(self, shown: Shown[CulState], offers: list[Offer]) -> list[list[ui.Item[Any]]]:
        """During the Sirop bets: « Beau-Sirop ! » and the no-bets on one row, the birds on the next."""
        if shown.view.phase != "paris":
            return super().action_rows(shown, offers)
        said = [o for o in offers if o.action.kind in ANNOUNCEMENTS]
        birds = [o for o in offers if o.action.kind == "oiseau"]
        rest = [o for o in offers if o.action.kind not in (*ANNOUNCEMENTS, "oiseau")]
        rows: list[list[ui.Item[Any]]] = []
        for group in (said, birds):
            buttons = [self.offer_button(shown, o) for o in group]
            rows += [buttons[i : i + PER_ROW] for i in range(0, len(buttons), PER_ROW)]
        return rows + (super().action_rows(shown, rest) if rest else [])

    def argument_help(self, kind: str, arg: ArgSpec, lang: str) -> str:
        # A form's combination field lists the names to type (its placeholder).
        if arg.name == "combinaison":
            hint = t(lang, f"{T}field.combinaison.hint", names=", ".join(combination(c) for c in NAMES))
            return " ".join(hint.split())
        return super().argument_help(kind, arg, lang)

    def form_title(self, session: Session, kind: str, lang: str = SOURCE) -> str:
        return t(lang, f"{T}form.{kind}") if kind in FORM_TITLES else super().form_title(session, kind, lang)

    def field_label(self, session: Session, kind: str, arg: ArgSpec, lang: str = SOURCE) -> str:
        if arg.name in FIELD_LABELS:
            return t(lang, f"{T}field.{arg.name}")
        return super().field_label(session, kind, arg, lang)

    def draw_embed(self, shown: Shown[CulState]) -> discord.Embed:
        embed = super().draw_embed(shown)
        embed.description = "\n".join([*self.head(shown), "", embed.description or ""]).strip()[:4000]
        state, lang = shown.view, shown.lang
        holders = []
        if state.grelottines:
            holders.append(t(lang, f"{T}held.grelottine", players=", ".join(shown.name(p) for p in state.grelottines)))
        if state.civets:
            holders.append(t(lang, f"{T}held.civet", players=", ".join(shown.name(p) for p in state.civets)))
        if holders:
            embed.add_field(name=t(lang, f"{T}held"), value="\n".join(holders)[:1024], inline=False)
        bets = self.bets_text(shown)
        if bets:
            embed.add_field(name=t(lang, f"{T}bets"), value=bets[:1024], inline=False)
        if state.claims and not state.over:
            who = ", ".join(mention(p, shown.names) for p in state.claims)
            embed.add_field(
                name=t(lang, f"{T}claims"), value=t(lang, f"{T}claims.text", players=who)[:1024], inline=False
            )
        return embed

    def draw_files(self, shown: Shown[CulState]) -> list[discord.File]:
        """The three dice as a picture (the chouettes, the cul apart, the siroted die marked, the
        combination named under them), described in words; none before the first throw."""
        found = self.dice_shown(shown)
        if found is None:
            return []
        png = culdechouette_dice.render_throw(*found, lang=shown.lang)
        return [picture_file(png, culdechouette_dice.describe_throw(*found, lang=shown.lang))]

    def dice_shown(self, shown: Shown[CulState]) -> culdechouette_dice.Throw | None:
        """The dice on the table now; once the turn has moved on (the state forgets them), the last
        complete throw told by the table's latest events, so that everyone sees what it made."""
        state = shown.view
        found = culdechouette_dice.shown_throw(state.throw, state.sirop.position if state.sirop else None, state.siroted)
        if found is not None:
            return found
        for event in reversed(shown.events):
            if isinstance(event, THROWN) and len(event.dice) == 3:
                return culdechouette_dice.shown_throw(event.dice, None, isinstance(event, SiropDie))
        return None

    def head(self, shown: Shown[CulState]) -> list[str]:
        """The dice as faces, what the table waits for, and the song being sung."""
        state, lang = shown.view, shown.lang
        head: list[str] = []
        throw = list(state.throw or [])
        if throw:
            head.append("# " + " ".join(FACES.get(d, str(d)) for d in throw))
        if state.over:
            return head
        thrower = state.thrower or (state.players[state.current] if state.players else "")
        if state.phase in PHASES:
            head.append(t(lang, f"{T}phase.{state.phase}", thrower=mention(thrower, shown.names) if thrower else "?"))
        song = state.song
        if song is not None:
            singer = mention(song.player, shown.names)
            head.append(t(lang, f"{T}song", player=singer, target=song.target, next=song.next))
        return head

    def bets_text(self, shown: Shown[CulState]) -> str:
        """Who announced what during the Sirop bets, and on which value each bet stands."""
        state, lang = shown.view, shown.lang
        sirop = state.sirop
        if sirop is None or state.over:
            return ""
        lines = []
        for player in sirop.bettors:
            bet = sirop.bets.get(player)
            value = bet_on(sirop, player)
            if value is not None:
                word = "Beau-Sirop" if bet == "beau" else BIRDS[value]
                text = t(lang, f"{T}bets.on", word=word, value=value)
            elif bet is None:
                text = t(lang, f"{T}bets.none_yet")
            else:
                text = t(lang, f"{T}bets.{bet}") if bet in BET_WORDS else bet
            lines.append(t(lang, f"{T}bets.line", player=mention(player, shown.names), bet=text))
        return "\n".join(lines)

    def announce(self, shown: Shown[CulState], event: Event) -> str | None:
        words = words_of(self.game)
        if isinstance(event, Score) and event.reason == "cul_de_chouette":
            return f"🦉 {words.describe(event, shown.names, shown.lang)}"
        if isinstance(event, ChallengeCalled):
            return f"🔔 {words.describe(event, shown.names, shown.lang)}"
        if isinstance(event, SloubiEntry) and event.value > 0:
            return t(shown.lang, f"{T}sing", player=mention(event.player, shown.names))
        return None


PRESENTER = CulDeChouettePresenter(GAME)
