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
from games.ludicitude import GAME, Choice, LudicitudeState, Situation, setaside, turn_points, value_left
from games.ludicitude.events import Lost, Scored, Turn
from games.ludicitude.game import ARRETER, ECARTER, RELANCER, REPRENDRE, TOUT_RELANCER
from games.ludicitude.situation import score
from speech import t, tn, words_of
from speech.ludicitude import choice_words, dice_words, faces_words, points_words, situation_words

from ..render import ludicitude_dice
from ..ui.components import ActionSelect, clip
from .base import GAME_ROWS, PER_ROW, PER_SELECT, Offer, Presenter, mention
from .pictures import picture_file
from .shown import Shown

# One die as players see it. A 2 is still both things until it is set aside.
DIE: dict[int, str] = {1: "🐇", 2: "🐇🐇/🏠2", 3: "🏠3", 4: "🏠4", 5: "🏠5", 6: "🥕"}
LAPIN = "🐇"
DOUBLE = "🐇🐇"
PILE = "[🐇🐇]"  # two 1s of one throw stacked: worth 10, not to be mistaken for a double rabbit
CAROTTE = "🥕"
MEMOIRE = "🧠"

BUTTONS_MAX = PER_ROW  # up to one row of set-aside choices stays buttons: one click instead of two


def dice_row(faces: list[int], lang: str = "fr") -> str:
    return " ".join(DIE[f] for f in sorted(faces)) or t(lang, "ludicitude.no_die")


def aside_row(situation: Situation, lang: str = "fr") -> str:
    """The dice set aside, rabbits then the clapier pile in the order it was built."""
    rabbits = [PILE] * situation.stacks + [LAPIN] * situation.singles + [DOUBLE] * situation.doubles
    clapiers = " → ".join(f"🏠{c}" for c in situation.clapiers)
    return " · ".join(part for part in (" ".join(rabbits), clapiers) if part) or t(
        lang, "ludicitude.table.nothing"
    )


def worth(memorised: int, situation: Situation, lang: str = "fr") -> str:
    """« (10 mémorisés + 13) × 3 = 69 points »: the sum shown, so a player checks what stopping gives."""
    rabbits = situation.rabbit_points()
    total = score(memorised, situation)
    if situation.multiplier() == 1 and not memorised:
        return points_words(total, lang)
    base = (
        f"({tn(lang, 'ludicitude.table.remembered', memorised)} + {rabbits})" if memorised else str(rabbits)
    )
    return f"{base} × {situation.multiplier()} = {points_words(total, lang)}"


def after_choice(state: LudicitudeState, choice: Choice) -> int:
    """What the turn would be worth with ``choice`` set aside (on copies: the table is not touched)."""
    situation = state.situation.model_copy(deep=True)
    setaside.take(list(state.table), situation, choice)
    return score(state.memorised, situation)


def group_name(clapier: int, lang: str = "fr") -> str:
    if clapier:
        return t(lang, "ludicitude.table.with_clapier", clapier=clapier)
    return t(lang, "ludicitude.table.without_clapier")


def choice_selects(choices: list[Choice], lang: str = "fr") -> list[tuple[str, list[Choice]]]:
    """The choices as selects of at most 25: one when they fit, else packed by clapier, never more
    than the four rows a table has (the longest list, 1 1 1 2 2 2 2 with no clapier yet, makes two)."""
    if len(choices) <= PER_SELECT:
        return [(t(lang, "ludicitude.table.ask"), choices)]
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
    out = []
    for clapiers, chunk in packs:
        names = [group_name(c, lang) for c in dict.fromkeys(clapiers)]
        joined = names[0]
        for name in names[1:]:
            joined = t(lang, "ludicitude.table.or", first=joined, second=name)
        out.append((t(lang, "ludicitude.table.set_aside_groups", groups=joined), chunk))
    return out


def as_choice(action: Action) -> Choice:
    args = action.args

    def number(name: str) -> int:
        value = args.get(name, 0)
        return value if isinstance(value, int) else 0

    return Choice(number("lapins"), number("doubles"), number("clapier"))


class LudicitudePresenter(Presenter[LudicitudeState]):
    """Nothing is hidden at Ludicitude: the view is the state without its dice."""
    accent = discord.Colour(0xE07B24)  # a carrot

    view_type = LudicitudeState

    # --- buttons and options ----------------------------------------------------------------
    def label(self, shown: Shown[LudicitudeState], action: Action) -> str:
        state, lang = shown.view, shown.lang
        if action.kind == ECARTER:
            choice = as_choice(action)
            what = choice_words(*choice, lang)
            return t(
                lang,
                "ludicitude.table.choice",
                choice=what,
                worth=points_words(after_choice(state, choice), lang),
            )
        if action.kind == REPRENDRE:
            return t(lang, "ludicitude.table.take_over", worth=points_words(value_left(state), lang))
        if action.kind == TOUT_RELANCER:
            return t(lang, "ludicitude.table.throw_all")
        if action.kind == ARRETER:
            return t(lang, "ludicitude.table.stop", worth=points_words(turn_points(state), lang))
        if action.kind == RELANCER:
            return self.throw_again_label(state, lang)
        return super().label(shown, action)

    def throw_again_label(self, state: LudicitudeState, lang: str = "fr") -> str:
        if state.phase == "carottes":
            return tn(lang, "ludicitude.table.throw_carrots", len(state.table))
        if not state.table:
            remembered = points_words(state.situation.rabbit_points(), lang)
            dice = dice_words(state.situation.rabbit_dice(), lang)
            return t(lang, "ludicitude.table.remember_and_throw", worth=remembered, dice=dice)
        return t(lang, "ludicitude.table.throw_again", dice=dice_words(len(state.table), lang))

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
        for n, (placeholder, group) in enumerate(choice_selects(list(by_choice), shown.lang)):
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
        state, lang = shown.view, shown.lang
        embed = discord.Embed(title="🐇 Ludicitude", colour=self.accent)
        embed.description = clip("\n".join(shown.news) or t(lang, "ludicitude.table.starting"), 4000)
        if not state.over:
            for name, value in self.turn_fields(shown, state):
                embed.add_field(name=name, value=clip(value, 1024), inline=False)
        embed.add_field(
            name=t(lang, "ludicitude.table.scores", target=state.options.objectif),
            value=clip(self.scores_text(shown, state), 1024),
            inline=True,
        )
        if state.over:
            winners = ", ".join(mention(p, shown.names) for p in state.winners) or t(
                lang, "ludicitude.table.nobody"
            )
            embed.add_field(name=t(lang, "ludicitude.table.over"), value=f"🏆 {winners}", inline=False)
        else:
            waiting = self.waiting_text(shown)
            if waiting:
                embed.add_field(
                    name=t(lang, "ludicitude.table.to_play"), value=clip(waiting, 1024), inline=True
                )
        embed.set_footer(text=t(lang, "ludicitude.table.footer", table=shown.table, turn=state.turn_no))
        return embed

    def draw_files(self, shown: Shown[LudicitudeState]) -> list[discord.File]:
        """The seven dice as a picture (on the table, the rabbits set aside, the clapier pile, the
        carrots, what the turn is worth), described in words; none while no die is to be seen."""
        state, lang = shown.view, shown.lang
        worth = value_left(state) if state.phase == "debut" else turn_points(state)
        situation = state.situation.model_dump()
        found = ludicitude_dice.shown_dice(state.table, situation, state.carrots, worth, state.phase)
        if found is None:
            return []
        png = ludicitude_dice.render_dice(*found, lang=lang)
        return [picture_file(png, ludicitude_dice.describe_dice(*found, lang=lang))]

    def scores_text(self, shown: Shown[LudicitudeState], state: LudicitudeState) -> str:
        current = state.players[state.current] if not state.over and state.players else None
        lines = []
        for player, total in state.scores.items():
            mark = "🎲 " if player == current else ""
            name = clip(shown.name(player), 60)
            lines.append(t(shown.lang, "ludicitude.table.score_line", marker=mark, player=name, score=total))
        return "\n".join(lines)

    def turn_fields(self, shown: Shown[LudicitudeState], state: LudicitudeState) -> list[tuple[str, str]]:
        who, lang = shown.name(state.players[state.current]), shown.lang
        if state.phase == "debut":
            return [(t(lang, "ludicitude.table.situation_left"), self.left_text(state, who, lang))]
        fields = []
        if state.phase == "ecarter":
            thrown = f"{dice_row(state.table, lang)}\n{faces_words(state.table, lang)}"
            fields.append((t(lang, "ludicitude.table.throw_of", player=who), thrown))
        fields.append((t(lang, "ludicitude.table.aside_this_turn"), self.aside_text(state, lang)))
        if state.phase == "ecarter":
            fields.append(
                (t(lang, "ludicitude.table.to_do"), t(lang, "ludicitude.table.must_set_aside", player=who))
            )
        elif state.phase == "carottes":
            again = tn(lang, "ludicitude.table.must_throw_carrots", len(state.table), player=who)
            fields.append((t(lang, "ludicitude.table.only_carrots"), again))
        else:
            choose = t(lang, "ludicitude.table.go_on_or_stop", player=who, rest=self.rest_text(state, lang))
            fields.append((t(lang, "ludicitude.table.to_do"), choose))
        return fields

    def left_text(self, state: LudicitudeState, who: str, lang: str = "fr") -> str:
        situation = state.situation
        if situation.empty():
            return t(lang, "ludicitude.table.left_none", player=who)
        throws = dice_words(len(state.table) or situation.rabbit_dice(), lang)
        choose = t(
            lang, "ludicitude.table.left_worth", worth=worth(0, situation, lang), player=who, dice=throws
        )
        return f"{aside_row(situation, lang)}\n{situation_words(situation, lang)}\n{choose}"

    def aside_text(self, state: LudicitudeState, lang: str = "fr") -> str:
        lines = [aside_row(state.situation, lang)]
        if state.carrots:
            lines.append(t(lang, "ludicitude.table.carrots_aside", emoji=CAROTTE, n=state.carrots))
        if state.memorised:
            lines.append(
                t(
                    lang,
                    "ludicitude.table.memorised",
                    emoji=MEMOIRE,
                    worth=points_words(state.memorised, lang),
                )
            )
        lines.append(
            t(lang, "ludicitude.table.turn_worth", worth=worth(state.memorised, state.situation, lang))
        )
        return "\n".join(lines)

    def rest_text(self, state: LudicitudeState, lang: str = "fr") -> str:
        if state.table:
            return dice_words(len(state.table), lang)
        return tn(lang, "ludicitude.table.all_aside", state.situation.rabbit_dice())

    def announce(self, shown: Shown[LudicitudeState], event: Event) -> str | None:
        """The end of each turn gets a line in the channel (the table message is edited in place),
        and the next player is told what is left to them."""
        if isinstance(event, Scored | Lost | Turn):
            return words_of(self.game).describe(event, shown.names, shown.lang)
        return None


PRESENTER = LudicitudePresenter(GAME)
