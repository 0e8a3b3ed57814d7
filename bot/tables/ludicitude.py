"""Ludicitude at a Discord table: the dice by meaning (🐇 lapin, 🐇🐇 double lapin, 🏠3 clapier,
🥕 carotte), what lies aside and what it is worth, the set-aside choice, and the next player's
choice between the situation left and the seven dice.

The set-aside choice is one select of every legal choice when they fit (<= 25). The rules page
(docs/rules/ludicitude.md) sketches two selects plus an « Écarter » button for the longer lists,
but a select click is applied at once by the platform (it keeps no half-made choice between
clicks), so the longer lists are split by clapier instead: « sans clapier », « avec le clapier
pour 2 » — every option is still a whole choice, applied by one click.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from games.core import Action, Event
from games.ludicitude import (
    GAME,
    Choice,
    LudicitudeState,
    Situation,
    setaside,
    turn_points,
    value_left,
)
from games.ludicitude.game import ARRETER, ECARTER, RELANCER, REPRENDRE, TOUT_RELANCER
from games.ludicitude.situation import score
from speech.ludicitude import choice_words, faces_words, situation_words

from ..ui.components import ActionSelect, clip
from .base import COLOUR, GAME_ROWS, PER_ROW, PER_SELECT, Offer, Presenter, mention
from .shown import Shown


def plural(count: int, singular: str, plural_form: str) -> str:
    return f"{count} {singular if abs(count) <= 1 else plural_form}"


def faces_text(faces: list[int]) -> str:
    return faces_words(faces, "fr")


def situation_text(situation: Situation) -> str:
    return situation_words(situation, "fr")


def choice_label(lapins: int, doubles: int, clapier: int) -> str:
    return choice_words(lapins, doubles, clapier, "fr")


# One die as players see it. A 2 is still both things until it is set aside.
DIE: dict[int, str] = {1: "🐇", 2: "🐇🐇/🏠2", 3: "🏠3", 4: "🏠4", 5: "🏠5", 6: "🥕"}
LAPIN = "🐇"
DOUBLE = "🐇🐇"
PILE = "[🐇🐇]"  # two 1s of one throw stacked: worth 10, not to be mistaken for a double rabbit
CAROTTE = "🥕"
MEMOIRE = "🧠"

BUTTONS_MAX = PER_ROW  # up to one row of set-aside choices stays buttons: one click instead of two
ASK = "Que mets-tu de côté ? (au moins un lapin)"


def dice_row(faces: list[int]) -> str:
    return " ".join(DIE[f] for f in sorted(faces)) or "aucun dé"


def aside_row(situation: Situation) -> str:
    """The dice set aside, rabbits then the clapier pile in the order it was built."""
    rabbits = [PILE] * situation.stacks + [LAPIN] * situation.singles + [DOUBLE] * situation.doubles
    clapiers = " → ".join(f"🏠{c}" for c in situation.clapiers)
    return " · ".join(part for part in (" ".join(rabbits), clapiers) if part) or "rien"


def points(n: int) -> str:
    return plural(n, "point", "points")


def rabbit_dice_words(n: int, one: str, many: str) -> str:
    """« mon dé lapin », « mes 3 dés lapins »."""
    return f"{one} dé lapin" if n == 1 else f"{many} {n} dés lapins"


def worth(memorised: int, situation: Situation) -> str:
    """« (10 mémorisés + 13) × 3 = 69 points »: the sum shown, so a player checks what stopping gives."""
    rabbits = situation.rabbit_points()
    total = score(memorised, situation)
    base = f"({plural(memorised, 'mémorisé', 'mémorisés')} + {rabbits})" if memorised else str(rabbits)
    if situation.multiplier() == 1 and not memorised:
        return points(total)
    return f"{base} × {situation.multiplier()} = {points(total)}"


def after_choice(state: LudicitudeState, choice: Choice) -> int:
    """What the turn would be worth with ``choice`` set aside (on copies: the table is not touched)."""
    situation = state.situation.model_copy(deep=True)
    setaside.take(list(state.table), situation, choice)
    return score(state.memorised, situation)


def group_name(clapier: int) -> str:
    return f"avec le clapier pour {clapier}" if clapier else "sans clapier"


def choice_selects(choices: list[Choice]) -> list[tuple[str, list[Choice]]]:
    """The choices as selects of at most 25: one when they fit, else packed by clapier, never more
    than the four rows a table has (the longest list, 1 1 1 2 2 2 2 with no clapier yet, makes two)."""
    if len(choices) <= PER_SELECT:
        return [(ASK, choices)]
    groups: dict[int, list[Choice]] = {}
    for choice in choices:
        groups.setdefault(choice.clapier, []).append(choice)
    packs: list[tuple[list[int], list[Choice]]] = []
    for clapier, group in groups.items():
        for start in range(0, len(group), PER_SELECT):
            chunk = group[start : start + PER_SELECT]
            if packs and len(packs[-1][1]) + len(chunk) <= PER_SELECT:
                packs[-1][0].append(clapier)
                packs[-1][1].extend(chunk)
            else:
                packs.append(([clapier], list(chunk)))
    return [
        ("Écarter " + " ou ".join(group_name(c) for c in dict.fromkeys(cs)) + "…", chunk)
        for cs, chunk in packs
    ]


def as_choice(action: Action) -> Choice:
    args = action.args

    def number(name: str) -> int:
        value = args.get(name, 0)
        return value if isinstance(value, int) else 0

    return Choice(number("lapins"), number("doubles"), number("clapier"))


class LudicitudePresenter(Presenter[LudicitudeState]):
    """Nothing is hidden at Ludicitude: the view is the state without its dice."""

    view_type = LudicitudeState

    # --- buttons and options ----------------------------------------------------------------
    def label(self, shown: Shown[LudicitudeState], action: Action) -> str:
        state = shown.view
        if action.kind == ECARTER:
            choice = as_choice(action)
            return f"{choice_label(*choice)} → tour à {points(after_choice(state, choice))}"
        if action.kind == REPRENDRE:
            return f"Reprendre la situation ({points(value_left(state))})"
        if action.kind == TOUT_RELANCER:
            return "Tout relancer (7 dés)"
        if action.kind == ARRETER:
            return f"S'arrêter et marquer {points(turn_points(state))}"
        if action.kind == RELANCER:
            return self.throw_again_label(state)
        return super().label(shown, action)

    def throw_again_label(self, state: LudicitudeState) -> str:
        if state.phase == "carottes":
            return f"Relancer {rabbit_dice_words(len(state.table), 'mon', 'mes')}"
        if not state.table:
            rabbits = state.situation.rabbit_dice()
            return f"Mémoriser {points(state.situation.rabbit_points())} et relancer {plural(rabbits, 'dé', 'dés')}"
        return f"Relancer ({plural(len(state.table), 'dé', 'dés')})"

    def emoji(self, shown: Shown[LudicitudeState], action: Action) -> str | None:
        if action.kind == ECARTER:
            return "🏠" if as_choice(action).clapier else LAPIN
        return {REPRENDRE: "🔁", TOUT_RELANCER: "🎲", RELANCER: "🎲", ARRETER: "✋"}.get(action.kind)

    def style(self, shown: Shown[LudicitudeState], action: Action) -> discord.ButtonStyle:
        if action.kind in (ARRETER, REPRENDRE):
            return discord.ButtonStyle.success
        return super().style(shown, action)

    def action_rows(self, shown: Shown[LudicitudeState], offers: list[Offer]) -> list[list[ui.Item[Any]]]:
        choices = [o for o in offers if o.action.kind == ECARTER and not o.ask]
        if len(choices) <= BUTTONS_MAX:
            return super().action_rows(shown, offers)
        by_choice = {as_choice(o.action): o for o in choices}
        rows: list[list[ui.Item[Any]]] = []
        for n, (placeholder, group) in enumerate(choice_selects(list(by_choice))):
            select = self.offer_select(shown, n, ECARTER, [by_choice[c] for c in group])
            if isinstance(select, ActionSelect):
                select.item.placeholder = clip(placeholder, 150)
            rows.append([select])
        others = [self.offer_button(shown, o) for o in offers if o not in choices]
        rows += [others[i : i + PER_ROW] for i in range(0, len(others), PER_ROW)]
        return rows[:GAME_ROWS]

    def has_secrets(self) -> bool:
        # The game's view only adds values every player may see: nothing is hidden at this table.
        return False

    # --- the message --------------------------------------------------------------------------
    def draw_embed(self, shown: Shown[LudicitudeState]) -> discord.Embed:
        state = shown.view
        embed = discord.Embed(title="🐇 Ludicitude", colour=COLOUR)
        embed.description = clip("\n".join(shown.news) or "La partie commence !", 4000)
        if not state.over:
            for name, value in self.turn_fields(shown, state):
                embed.add_field(name=name, value=clip(value, 1024), inline=False)
        embed.add_field(
            name=f"Scores (premier à {state.options.objectif})",
            value=clip(self.scores_text(shown, state), 1024),
            inline=True,
        )
        if state.over:
            winners = ", ".join(mention(p, shown.names) for p in state.winners) or "personne"
            embed.add_field(name="Partie terminée", value=f"🏆 {winners}", inline=False)
        else:
            waiting = self.waiting_text(shown)
            if waiting:
                embed.add_field(name="À jouer", value=clip(waiting, 1024), inline=True)
        embed.set_footer(text=f"Table n°{shown.table} · tour {state.turn_no}")
        return embed

    def scores_text(self, shown: Shown[LudicitudeState], state: LudicitudeState) -> str:
        current = state.players[state.current] if not state.over and state.players else None
        lines = []
        for player, total in state.scores.items():
            mark = "🎲 " if player == current else ""
            lines.append(f"{mark}**{clip(shown.name(player), 60)}** : {total}")
        return "\n".join(lines)

    def turn_fields(self, shown: Shown[LudicitudeState], state: LudicitudeState) -> list[tuple[str, str]]:
        who = shown.name(state.players[state.current])
        if state.phase == "debut":
            return [("Situation laissée", self.left_text(state, who))]
        fields = []
        if state.phase == "ecarter":
            fields.append((f"Lancer de {who}", f"{dice_row(state.table)}\n{faces_text(state.table)}"))
        fields.append(("Écartés ce tour", self.aside_text(state)))
        if state.phase == "ecarter":
            fields.append(("À faire", f"{who} écarte au moins un lapin (simple ou double)."))
        elif state.phase == "carottes":
            rabbits = rabbit_dice_words(len(state.table), "son", "ses")
            fields.append(("Que des carottes !", f"{who} doit relancer {rabbits}."))
        else:
            fields.append(("À faire", f"{who} : *Relancer* ({self.rest_text(state)}) ou *S'arrêter*."))
        return fields

    def left_text(self, state: LudicitudeState, who: str) -> str:
        situation = state.situation
        if situation.empty():
            return f"Aucune : {who} lance les 7 dés."
        throws = len(state.table) or situation.rabbit_dice()
        return (
            f"{aside_row(situation)}\n{situation_text(situation)}\n"
            f"Vaut **{worth(0, situation)}**. {who} choisit : *Reprendre* "
            f"({plural(throws, 'dé', 'dés')} à lancer) ou *Tout relancer* (7 dés)."
        )

    def aside_text(self, state: LudicitudeState) -> str:
        lines = [aside_row(state.situation)]
        if state.carrots:
            lines.append(f"{CAROTTE} × {state.carrots} (carottes de côté pour ce tour)")
        if state.memorised:
            lines.append(f"{MEMOIRE} {points(state.memorised)} de lapins mémorisés")
        lines.append(f"Le tour vaut **{worth(state.memorised, state.situation)}**.")
        return "\n".join(lines)

    def rest_text(self, state: LudicitudeState) -> str:
        if state.table:
            return plural(len(state.table), "dé", "dés")
        rabbits = rabbit_dice_words(state.situation.rabbit_dice(), "le", "les")
        return f"tous les dés sont écartés : mémoriser les lapins et relancer {rabbits}"

    def announce(self, shown: Shown[LudicitudeState], event: Event) -> str | None:
        """The end of each turn gets a line in the channel (the table message is edited in place),
        and the next player is told what is left to them."""
        if event.kind in ("marque", "perdu", "tour"):
            return self.game.describe(event, shown.names)
        return None


PRESENTER = LudicitudePresenter(GAME)
