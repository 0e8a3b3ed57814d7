"""Cul de chouette at the table: the dice as faces, the shouts in the players' own words, forms for
free stakes, and the Chante-Sloubi sung as messages in the channel ("Sloubi 1", "Sloubi 2"…)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import discord
from discord import ui

from games.core import Action, ArgSpec, Event, PlayerId
from games.culdechouette import GAME
from games.culdechouette.combos import BIRDS, NAMES
from games.culdechouette.sirop import BIRD_VALUES, bet_on
from games.culdechouette.state import CulState
from speech import SOURCE

from ..sessions import Session
from .base import PER_ROW, Offer, Presenter, mention
from .shown import Shown

FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
# "un Cul de Chouette", "un Néant"; the others are feminine.
MASCULINE = {"cul_de_chouette", "neant"}

SAYINGS = {
    "siroter": "Je sirote !",
    "garder": "Je garde ma Chouette",
    "pas_mou_le_caillou": "Pas mou le caillou !",
    "grelotte_ca_picote": "Grelotte ça picote !",
    "sans_fin": "Sans fin est la moisissure des bières bretonnes !",
    "beau_sirop": "Beau-Sirop !",
    "couche_sirop": "Couche-Sirop !",
    "file_sirop": "File-Sirop !",
    "sirop_gagnant": "Sirop Gagnant !",
    "chante_sloubi": "Chante-Sloubi !",
    "refuser_sloubi": "Ne pas chanter",
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
THROWS = {
    "chouettes": "Lancer les chouettes",
    "cul": "Lancer le cul",
    "sirop_lancer": "Lancer le dé siroté",
    "defi": "Lancer les dés du défi",
}
PHASES = {
    "chouettes": "À {thrower} de lancer les chouettes.",
    "cul": "À {thrower} de lancer le cul.",
    "sirop": "Chouette ! {thrower} sirote ou garde.",
    "paris": "Les paris sont ouverts : Beau-Sirop, un oiseau, Couche-Sirop ou File-Sirop !",
    "sirop_lancer": "Les paris sont clos : à {thrower} de lancer le dé siroté.",
    "cris": "Aux annonces !",
    "appel": "« Grelottine ! » : qui a crié le premier ?",
    "mise": "Défi Grelottine : le grelottin choisit la combinaison et la mise.",
    "defi": "Défi Grelottine : à {thrower} de relever le défi.",
    "relance": "Défi Grelottine : {thrower} choisit les dés à garder.",
}
# The forms' titles and fields in the players' words (Discord: 45 characters at most each).
FORM_TITLES = {"miser": "Défi Grelottine : combinaison et mise", "civet": "Civet : la mise et la combinaison"}
FIELD_LABELS = {"mise": "Mise (en points)", "combinaison": "Combinaison"}
# The Sirop announcements without a bet, on one row; the birds (bets on a value) on the next.
ANNOUNCEMENTS = ("beau_sirop", "couche_sirop", "file_sirop")
BET_WORDS = {"couche": "Couche-Sirop", "file": "File-Sirop", "oiseau": "l'oiseau de la Chouette (Bévue)"}
BET_WORDS |= {"caduc": "pari caduc (moins de 5 points)", "silence": "rien (Bévue)"}
SLOUBI = re.compile(r"sloubi\s*(\d{1,4})")
# Typed in the channel, never clicked: a song is sung, and any other message interrupts it.
TYPED = {"sloubi", "message"}


def plain(text: str) -> str:
    """Lower case without accents or surrounding punctuation: how "Sloubi 3 !" is compared."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower().strip(" \t\n!.?,;:…")


def combination(name: object) -> str:
    return NAMES.get(str(name), str(name))


class CulDeChouettePresenter(Presenter[CulState]):
    """Nothing is hidden at Cul de chouette: the view is the state without its dice."""

    view_type = CulState

    def label(self, shown: Shown[CulState], action: Action) -> str:
        kind, args = action.kind, action.args
        state = shown.view
        if kind == "lancer":
            return THROWS.get(state.phase, "Lancer")
        sirop = state.sirop
        if kind == "beau_sirop" and sirop is not None:
            return f"Beau-Sirop ! ({sirop.value})"
        if kind in SAYINGS:
            return SAYINGS[kind]
        if kind == "oiseau":
            bird = str(args.get("nom", "Oiseau"))
            value = BIRD_VALUES.get(bird)
            return f"{bird} ! ({value})" if value else f"{bird} !"
        if kind == "grelottine":
            return f"Grelottine ! → {shown.name(str(args.get('cible')))}"
        if kind == "lance_civet":
            return f"Lance-Civet ! → {shown.name(str(args.get('cible')))}"
        if kind == "miser":
            stake = args.get("mise")
            return f"{combination(args.get('combinaison'))} : {stake} pt{'s' if stake != 1 else ''}"
        if kind == "max":
            return f"Max ! {combination(args.get('combinaison'))}"
        if kind == "civet":
            name = str(args.get("combinaison"))
            article = "un" if name in MASCULINE else "une"
            return f"Civet de {args.get('mise')} sur {article} {combination(name)} !"
        if kind == "relancer":
            kept = args.get("garder") or []
            throw = list(state.throw or [])
            if not isinstance(kept, list) or not kept:
                return "Tout relancer"
            faces = " ".join(
                FACES.get(throw[int(i) - 1], str(i)) if 0 < int(i) <= len(throw) else str(i) for i in kept
            )
            return f"Garder {faces}"
        return super().label(shown, action)

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

    def form_fields(self, session: Session, kind: str, lang: str = SOURCE) -> list[ArgSpec]:
        hint = "combinaison : " + ", ".join(combination(c) for c in NAMES)
        # Copies: the specs belong to the engine's vocabulary.
        return [
            a.model_copy(update={"help": hint}) if a.name == "combinaison" else a
            for a in super().form_fields(session, kind, lang)
        ]

    def form_title(self, session: Session, kind: str, lang: str = SOURCE) -> str:
        return FORM_TITLES.get(kind) or super().form_title(session, kind, lang)

    def field_label(self, session: Session, kind: str, arg: ArgSpec, lang: str = SOURCE) -> str:
        return FIELD_LABELS.get(arg.name) or super().field_label(session, kind, arg, lang)

    def draw_embed(self, shown: Shown[CulState]) -> discord.Embed:
        embed = super().draw_embed(shown)
        state = shown.view
        head: list[str] = []
        throw = list(state.throw or [])
        if throw:
            head.append("# " + " ".join(FACES.get(d, str(d)) for d in throw))
        if not state.over:
            thrower = state.thrower or (state.players[state.current] if state.players else "")
            phase = PHASES.get(state.phase, "")
            if phase:
                head.append(phase.format(thrower=mention(thrower, shown.names) if thrower else "?"))
            song = state.song
            if song is not None:
                head.append(
                    f"🎵 {mention(song.player, shown.names)} chante le Sloubi jusqu'à {song.target} : "
                    f"tape « Sloubi {song.next} » dans le salon."
                )
        embed.description = "\n".join([*head, "", embed.description or ""]).strip()[:4000]
        holders = []
        if state.grelottines:
            holders.append("🔔 Grelottine : " + ", ".join(shown.name(p) for p in state.grelottines))
        if state.civets:
            holders.append("🐇 Civet : " + ", ".join(shown.name(p) for p in state.civets))
        if holders:
            embed.add_field(name="En main", value="\n".join(holders)[:1024], inline=False)
        bets = self.bets_text(shown)
        if bets:
            embed.add_field(name="Paris du Sirop", value=bets[:1024], inline=False)
        if state.claims and not state.over:
            who = ", ".join(mention(p, shown.names) for p in state.claims)
            embed.add_field(
                name="💰 Pari gagné",
                value=f"{who} : « Sirop Gagnant ! » avant le lancer suivant pour encaisser 25 points."[:1024],
                inline=False,
            )
        return embed

    def bets_text(self, shown: Shown[CulState]) -> str:
        """Who announced what during the Sirop bets, and on which value each bet stands."""
        state = shown.view
        sirop = state.sirop
        if sirop is None or state.over:
            return ""
        lines = []
        for player in sirop.bettors:
            bet = sirop.bets.get(player)
            value = bet_on(sirop, player)
            if value is not None:
                word = "Beau-Sirop" if bet == "beau" else BIRDS[value]
                text = f"{word} : 5 points sur le {value}"
            elif bet is None:
                text = "pas encore annoncé"
            else:
                text = BET_WORDS.get(bet, bet)
            lines.append(f"{mention(player, shown.names)} : {text}")
        return "\n".join(lines)

    def announce(self, shown: Shown[CulState], event: Event) -> str | None:
        data = event.data
        if event.kind == "score" and data.get("reason") == "cul_de_chouette":
            return f"🦉 {self.game.describe(event, shown.names)}"
        if event.kind == "defi_lance":
            return f"🔔 {self.game.describe(event, shown.names)}"
        if event.kind == "sloubi_entree" and data.get("value", 0) > 0:
            player = str(data.get("player"))
            return f"🎵 {mention(player, shown.names)}, chante ! Tape « Sloubi 1 » dans le salon, puis la suite."
        return None

    def read_message(self, shown: Shown[CulState], player: PlayerId, text: str) -> Action | None:
        state = shown.view
        if state.song is None:
            return None
        found = SLOUBI.fullmatch(plain(text))
        if found and player == state.song.player:
            return Action(kind="sloubi", args={"n": int(found.group(1))})
        # Anything else said in the channel during a song interrupts it (the engine decides).
        return Action(kind="message")


PRESENTER = CulDeChouettePresenter(GAME)
