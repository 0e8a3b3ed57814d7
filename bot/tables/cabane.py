"""La Cabane sul' Dos at the table: the cabins' faces, the ten coups counted aloud, the phase, the scores.

The engine's state says what to show (the fields of ``GAME.table(state)``); this module only puts
it in words and emoji. The only button is the throw, named the way players say it: « Lancer les
deux dés » while clearing the ground, « Lancer le dé » in the ten coups and at the bataille.
"""

from __future__ import annotations

import discord

from games.cabane import FACE_NAMES, GAME, CabaneState, Face
from games.cabane.state import LEAD_FIRST_PHASE, LEAD_LATER, PHASE_NAMES, SERIES_LENGTH
from games.core import Action, Event

from ..ui.components import clip
from .base import COLOUR, Presenter, mention
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
THROW_BOTH = "Lancer les deux dés"
THROW_ONE = "Lancer le dé"
MODE_TITLES = {"bataille": "la Bataille avec 1 dé", "deux_des": "le jeu à 2 dés"}
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


def throws_left_text(throws: int) -> str:
    return "encore 1 lancer" if throws == 1 else f"encore {throws} lancers"


def coups_left_text(coups: int) -> str:
    return "encore 1 coup" if coups == 1 else f"encore {coups} coups"


def points_text(points: int) -> str:
    return "1 point" if abs(points) == 1 else f"{points} points"


class CabanePresenter(Presenter[CabaneState]):
    """Nothing is hidden at La Cabane: the view is the state without its dice."""

    view_type = CabaneState

    # --- the throw button -----------------------------------------------------------------------
    def label(self, shown: Shown[CabaneState], action: Action) -> str:
        if action.kind != THROW:
            return super().label(shown, action)
        return THROW_BOTH if shown.view.phase == "debroussaillage" else THROW_ONE

    def emoji(self, shown: Shown[CabaneState], action: Action) -> str | None:
        return DICE_EMOJI if action.kind == THROW else None

    # --- the table message ----------------------------------------------------------------------
    def title(self, state: CabaneState) -> str:
        mode = state.options.mode
        title = f"{self.game.title} — {MODE_TITLES[mode]}"
        return title + (f", en {state.options.cible} points" if mode == "bataille" else "")

    def draw_embed(self, shown: Shown[CabaneState]) -> discord.Embed:
        state = shown.view
        embed = discord.Embed(title=clip(self.title(state), 256), colour=COLOUR)
        embed.description = clip("\n".join(shown.news) or "La partie commence !", 4000)
        if state.last_faces and state.last_thrower is not None:
            faces = " · ".join(face_text(f) for f in state.last_faces)
            thrower = clip(shown.name(state.last_thrower), 60)
            embed.add_field(name="Dernier lancer", value=clip(f"{thrower} : {faces}", 1024), inline=False)
        embed.add_field(name="Phase", value=clip(self.phase_text(state), 1024), inline=False)
        if state.over:
            winners = ", ".join(mention(p, shown.names) for p in state.winners) or "personne"
            embed.add_field(name="Partie terminée", value=clip(f"🏆 {winners}", 1024), inline=False)
        else:
            embed.add_field(name="À jouer", value=clip(self.turn_text(shown, state), 1024), inline=False)
            if state.phase == "dix_coups" and state.series_queue:
                waiting = ", ".join(clip(shown.name(p), 60) for p in state.series_queue)
                embed.add_field(name="10 coups à venir", value=clip(waiting, 1024), inline=False)
        embed.add_field(name="Scores", value=clip(self.scores_text(shown, state), 1024), inline=False)
        embed.set_footer(text=f"Table n°{shown.table} · tour {state.turn_no}")
        return embed

    def phase_text(self, state: CabaneState) -> str:
        """The phase, and what wins the game from here."""
        emoji = PHASE_EMOJI[state.phase]
        if state.options.mode == "bataille":
            return f"{emoji} La Bataille — le premier à {points_text(state.options.cible)} gagne."
        name = PHASE_NAMES[state.phase]
        lead = LEAD_FIRST_PHASE if state.phase == "debroussaillage" else LEAD_LATER
        standing = {
            "debroussaillage": "on cherche à poser la première cabane debout (un T).",
            "dix_coups": "la première cabane est debout, chacun a dix coups pour poser le deuxième T.",
            "bataille": "personne n'a posé le deuxième T, chacun son tour lance le dé.",
        }[state.phase]
        return (
            f"{emoji} {name} (manche {state.round}) — {standing}\n"
            f"Il faut {points_text(lead)} d'avance sur tous les adversaires pour gagner."
        )

    def turn_text(self, shown: Shown[CabaneState], state: CabaneState) -> str:
        """Whose turn, and how many throws are left, as the players would say it."""
        who = mention(state.current, shown.names)
        if state.phase == "debroussaillage":
            return f"{who} lance les deux dés, et continue jusqu'à une C ou un T."
        if state.phase == "dix_coups":
            counted = min(state.count, SERIES_LENGTH)
            bar = COUNTED * counted + TO_COUNT * (SERIES_LENGTH - counted)
            left = state.throws_left if state.throws_left is not None else SERIES_LENGTH - counted
            return f"{who} compte « {state.count_said} » : {coups_left_text(left)}.\n{bar}"
        throws = state.throws_left or 1
        line = f"{who} lance le dé : {throws_left_text(throws)}"
        if state.after_cabane:
            line += ", après la Cabane (un B redonne deux lancers, une C passe le dé)"
        line += "."
        if state.facade:
            line += "\n🚪 Une Façade attend d'être confirmée : une deuxième F de suite marque un point."
        return line

    def scores_text(self, shown: Shown[CabaneState], state: CabaneState) -> str:
        lines = []
        for player, score in state.scores.items():
            marker = "▶ " if not state.over and player == state.current else ""
            lines.append(f"{marker}**{clip(shown.name(player), 60)}** : {score}")
        return "\n".join(lines) or "personne"

    # --- lines of their own -----------------------------------------------------------------------
    def announce(self, shown: Shown[CabaneState], event: Event) -> str | None:
        if event.kind == "point" and event.data.get("raison") == "deuxieme_cabane":
            return "🏠🏠 " + self.game.describe(event, shown.names)
        emoji = NOTABLE_EMOJI.get(event.kind)
        if emoji is None:
            return None
        return f"{emoji} {self.game.describe(event, shown.names)}"


PRESENTER = CabanePresenter(GAME)
