"""La Cabane sul' Dos at the table: the cabins' faces, the ten coups counted aloud, the phase, the scores.

The engine's state says what to show (the fields of ``GAME.table(state)``); this module only puts
it in words (``cabane.table.*`` in speech/locales/<lang>/cabane.po, in the reader's language
``shown.lang``) and emoji. The only button is the throw, named the way players say it: both dice
while clearing the ground, the one die in the ten coups and at the bataille.
"""

from __future__ import annotations

import discord

from games.cabane import FACE_NAMES, GAME, CabaneState, Face
from games.cabane.events import Point
from games.cabane.state import LEAD_FIRST_PHASE, LEAD_LATER, SERIES_LENGTH
from games.core import Action, Event
from speech import t, tn, words_of
from speech.cabane import count_words, mode_title, phase_name

from ..render import cabane_dice
from ..ui.components import clip
from .base import Presenter, mention
from .pictures import picture_file
from .shown import Shown

# Each face as players picture the little cabin lying on the table.
FACE_EMOJI: dict[Face, str] = {
    "T": "🏠",  # toit en haut : la cabane debout
    "F": "🚪",  # façade, la porte
    "G": "⬅️",
    "D": "➡️",
    "B": "⬜",  # blanc, derrière
    "C": "🛖",  # cabane sul' dos
}
DICE_EMOJI = "🎲"
THROW = "lancer"
PHASE_EMOJI = {"debroussaillage": "🌿", "dix_coups": "🔟", "bataille": "⚔️"}
COUNTED = "▰"
TO_COUNT = "▱"

# Events that change the course of the game get a line of their own in the channel (the table
# message is only edited, which notifies nobody).
NOTABLE_EMOJI = {
    "premiere_cabane": "🏠",
    "cabane_mortelle": "💀",
    "bataille": "⚔️",
    "manche": "🌿",
}


def face_text(face: Face) -> str:
    """One die as the table shows it: « 🏠 T (Toit) »."""
    return f"{FACE_EMOJI[face]} **{face}** ({FACE_NAMES[face]})"


class CabanePresenter(Presenter[CabaneState]):
    """Nothing is hidden at La Cabane: the view is the state without its dice."""
    accent = discord.Colour(0x3C7A3E)  # the woods of the cabin

    view_type = CabaneState

    # --- the throw button -----------------------------------------------------------------------
    def label(self, shown: Shown[CabaneState], action: Action) -> str:
        if action.kind != THROW:
            return super().label(shown, action)
        both = shown.view.phase == "debroussaillage"
        return t(shown.lang, "cabane.table.throw_both" if both else "cabane.table.throw_one")

    def emoji(self, shown: Shown[CabaneState], action: Action) -> str | None:
        return DICE_EMOJI if action.kind == THROW else None

    # --- the table message ----------------------------------------------------------------------
    def title(self, state: CabaneState, lang: str = "fr") -> str:
        target = state.options.cible if state.options.mode == "bataille" else None
        mode = mode_title(state.options.mode, target, lang)
        return t(lang, "cabane.table.title", game=self.game.title, mode=mode)

    def draw_embed(self, shown: Shown[CabaneState]) -> discord.Embed:
        state, lang = shown.view, shown.lang
        embed = discord.Embed(title=clip(self.title(state, lang), 256), colour=self.accent)
        embed.description = clip("\n".join(shown.news) or t(lang, "cabane.table.starting"), 4000)
        if state.last_faces and state.last_thrower is not None:
            faces = " · ".join(face_text(f) for f in state.last_faces)
            thrower = clip(shown.name(state.last_thrower), 60)
            value = t(lang, "cabane.table.last_throw_value", player=thrower, faces=faces)
            embed.add_field(name=t(lang, "cabane.table.last_throw"), value=clip(value, 1024), inline=False)
        phase = clip(self.phase_text(state, lang), 1024)
        embed.add_field(name=t(lang, "cabane.table.phase"), value=phase, inline=False)
        if state.over:
            winners = ", ".join(mention(p, shown.names) for p in state.winners) or t(
                lang, "cabane.table.nobody"
            )
            embed.add_field(
                name=t(lang, "cabane.table.over"), value=clip(f"🏆 {winners}", 1024), inline=False
            )
        else:
            turn = clip(self.turn_text(shown, state), 1024)
            embed.add_field(name=t(lang, "cabane.table.to_play"), value=turn, inline=False)
            if state.phase == "dix_coups" and state.series_queue:
                waiting = clip(", ".join(clip(shown.name(p), 60) for p in state.series_queue), 1024)
                embed.add_field(name=t(lang, "cabane.table.series_to_come"), value=waiting, inline=False)
        scores = clip(self.scores_text(shown, state), 1024)
        embed.add_field(name=t(lang, "cabane.table.scores"), value=scores, inline=False)
        embed.set_footer(text=t(lang, "cabane.table.footer", table=shown.table, turn=state.turn_no))
        return embed

    def draw_files(self, shown: Shown[CabaneState]) -> list[discord.File]:
        """The last throw as a picture (each face drawn as what it is, the standing cabin and the
        count during the ten coups), described in words; none before the first throw."""
        state, lang = shown.view, shown.lang
        found = cabane_dice.shown_throw(state.last_faces, state.phase, state.count, state.count_said)
        if found is None:
            return []
        png = cabane_dice.render_throw(*found, lang=lang)
        return [picture_file(png, cabane_dice.describe_throw(*found, lang=lang))]

    def phase_text(self, state: CabaneState, lang: str = "fr") -> str:
        """The phase, and what wins the game from here."""
        emoji = PHASE_EMOJI[state.phase]
        if state.options.mode == "bataille":
            target = tn(lang, "cabane.table.points", state.options.cible)
            return t(lang, "cabane.table.phase_target", emoji=emoji, points=target)
        lead = tn(
            lang, "cabane.table.points", LEAD_FIRST_PHASE if state.phase == "debroussaillage" else LEAD_LATER
        )
        standing = t(lang, f"cabane.table.standing.{state.phase}")
        name = phase_name(state.phase, lang)
        phase = t(
            lang, "cabane.table.phase_round", emoji=emoji, phase=name, round=state.round, standing=standing
        )
        return f"{phase}\n" + t(lang, "cabane.table.lead", points=lead)

    def turn_text(self, shown: Shown[CabaneState], state: CabaneState) -> str:
        """Whose turn, and how many throws are left, as the players would say it."""
        who, lang = mention(state.current, shown.names), shown.lang
        if state.phase == "debroussaillage":
            return t(lang, "cabane.table.turn.debroussaillage", player=who)
        if state.phase == "dix_coups":
            counted = min(state.count, SERIES_LENGTH)
            bar = COUNTED * counted + TO_COUNT * (SERIES_LENGTH - counted)
            left = state.throws_left if state.throws_left is not None else SERIES_LENGTH - counted
            said = count_words(state.count_said, lang)
            coups = tn(lang, "cabane.table.coups_left", left)
            return t(lang, "cabane.table.turn.dix_coups", player=who, said=said, left=coups) + f"\n{bar}"
        throws = tn(lang, "cabane.table.throws_left", state.throws_left or 1)
        line = t(lang, "cabane.table.turn.bataille", player=who, left=throws)
        if state.after_cabane:
            line += t(lang, "cabane.table.after_cabane")
        line += "."
        if state.facade:
            line += "\n" + t(lang, "cabane.table.facade_waiting")
        return line

    def scores_text(self, shown: Shown[CabaneState], state: CabaneState) -> str:
        lines = []
        for player, score in state.scores.items():
            marker = "▶ " if not state.over and player == state.current else ""
            name = clip(shown.name(player), 60)
            lines.append(t(shown.lang, "cabane.table.score_line", marker=marker, player=name, score=score))
        return "\n".join(lines) or t(shown.lang, "cabane.table.nobody")

    # --- lines of their own -----------------------------------------------------------------------
    def announce(self, shown: Shown[CabaneState], event: Event) -> str | None:
        second = isinstance(event, Point) and event.reason == "deuxieme_cabane"
        emoji = "🏠🏠" if second else NOTABLE_EMOJI.get(event.kind)
        if emoji is None:
            return None
        return f"{emoji} {words_of(self.game).describe(event, shown.names, shown.lang)}"


PRESENTER = CabanePresenter(GAME)
