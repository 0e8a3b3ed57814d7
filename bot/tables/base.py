"""How a game looks in a channel: the generic presenter, and what a game's own presenter changes.

A game's own presenter lives in ``bot/tables/<game>.py`` and exposes ``PRESENTER``, usually a
subclass of ``Presenter`` overriding a few methods (labels, emoji, the embed, pictures, typed
messages). Everything else — buttons from ``legal_actions``, selects for long lists, forms for free
numbers, the turn/old-click checks, storage — stays generic. See docs/BOT.md.

The methods the bot calls take a ``Session``; what they draw comes from a ``Shown`` (the game's
view for one reader, ``bot/tables/shown.py``), which the methods a game overrides get instead of
the session: they never see the state, so a hidden hand cannot reach the channel.
"""

from __future__ import annotations

import itertools
import logging
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar, cast

import discord
from discord import ui
from pydantic import BaseModel

from games.core import Action, ActionSpec, ArgSpec, Event, Game, PlayerId
from games.core.model import ArgValue
from speech import t, words_of

from ..sessions import Session, legal_actions
from ..sessions.robots import ROBOT_MARK
from ..ui import ids
from ..ui.components import (
    OPTION_MAX,
    ActionButton,
    ActionSelect,
    AskButton,
    ClickRoute,
    MenuButton,
    button,
    clip,
)
from ..ui.removal_menu import removal_button
from .arrangement import GAME_ROWS as GAME_ROWS
from .arrangement import Arrangement
from .forms import FIELD_LABEL_MAX as FIELD_LABEL_MAX
from .forms import PLACEHOLDER_MAX as PLACEHOLDER_MAX
from .forms import TITLE_MAX as TITLE_MAX
from .forms import FormWords
from .private import PrivateHand
from .shown import Shown, news_of, remembered, shown, typed

log = logging.getLogger(__name__)

PER_ROW = 5
PER_SELECT = 25
EXPAND_MAX = 25  # a missing argument with at most this many values becomes buttons or a select
COLOUR = discord.Colour(0x8E5B2E)
# The tail of a group select's custom_id: GROUP + the action kind.
GROUP = "g."


@dataclass(frozen=True)
class Offer:
    """Something to click: a complete action (a button or a select option) or a form to fill."""

    action: Action
    code: str = ""
    ask: bool = False  # the action lacks free numbers or words: its button opens a form


def mention(player: PlayerId, names: dict[PlayerId, str]) -> str:
    # A robot is named, never pinged: a seat handed to a robot keeps its player's Discord id.
    name = names.get(player, player)
    return f"<@{player}>" if player.isdigit() and not name.startswith(ROBOT_MARK) else name


def timestamp(ms: int, style: str = "R") -> str:
    """Discord shows this as a live countdown ("dans 5 secondes") without any edit."""
    return f"<t:{ms // 1000}:{style}>"


V = TypeVar("V", bound=BaseModel)


class Presenter(FormWords, PrivateHand[V], Arrangement[V], Generic[V]):
    """The generic table. Subclass it per game and override what that game needs."""

    # The game's view model (``Game.view_model``, or its state's): what ``Shown.view`` holds.
    view_type: ClassVar[type[BaseModel]] = BaseModel
    # The game's colour: the accent of its table's and hands' layout messages.
    accent: ClassVar[discord.Colour] = COLOUR

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.specs: dict[str, ActionSpec] = {s.kind: s for s in game.full_vocabulary()}

    # --- what a reader may see ----------------------------------------------------------------------
    def shown(self, session: Session, viewer: PlayerId | None, lang: str | None = None) -> Shown[V]:
        """What ``viewer`` (None: the channel) may see of the table, in words of ``lang`` (the
        table's language by default: the channel's); the session must have a state."""
        lang = lang or session.lang
        made = remembered(session, (type(self), viewer, lang), lambda: shown(session, viewer, self.news(session, lang), lang))
        return cast(Shown[V], typed(made, self.view_type))

    def news(self, session: Session, lang: str | None = None) -> list[str]:
        """The table's latest public news in words, oldest first."""
        return news_of(session, lang)

    def action_help(self, kind: str, lang: str) -> str:
        """What an action does, in ``lang`` (the game's words), or its kind when it says nothing."""
        spec = self.specs.get(kind)
        return (words_of(self.game).action_help(spec, lang) if spec is not None else "") or kind

    def routes(self) -> dict[str, ClickRoute]:
        """The presenter's own components' handlers, by custom_id prefix: a ``tv`` prefix of their
        own (``tvb:`` …), never tv/tvs/tvq/tvm/tvl/tvr. The bot's router sends them their clicks."""
        return {}

    # --- one action's words ------------------------------------------------------------------------
    def label(self, shown: Shown[V], action: Action) -> str:
        """The button's text: the action word and its arguments in words (player names, numbers)."""
        words = [action.kind.replace("_", " ").capitalize()]
        spec = self.specs.get(action.kind)
        for arg in spec.args if spec else []:
            if arg.name in action.args:
                words.append(self.value_label(shown, arg, action.args[arg.name]))
        return " ".join(words)

    def value_label(self, shown: Shown[V], arg: ArgSpec, value: ArgValue) -> str:
        if arg.type == "player" and isinstance(value, str):
            return shown.name(value)
        if isinstance(value, list):
            return "-".join(str(v) for v in value)
        return str(value)

    def emoji(self, shown: Shown[V], action: Action) -> str | None:
        return None

    def style(self, shown: Shown[V], action: Action) -> discord.ButtonStyle:
        spec = self.specs.get(action.kind)
        return (
            discord.ButtonStyle.primary
            if spec is not None and spec.who == "turn"
            else discord.ButtonStyle.secondary
        )

    # --- what is on offer ---------------------------------------------------------------------------
    def legal_union(self, session: Session) -> list[Action]:
        """Every action some seated player (then someone not seated) may take now, once each (from
        the session's legal actions, computed once per state)."""
        legal = legal_actions(session)
        return legal.union() if legal is not None else []

    def domain(self, session: Session, arg: ArgSpec) -> list[ArgValue] | None:
        """The values an argument may take when there are few enough to list, else None."""
        if arg.type == "choice" and arg.choices:
            return list(arg.choices)
        if arg.type == "player":
            return list(session.players)
        if arg.type == "int" and arg.minimum is not None and arg.maximum is not None:
            if arg.maximum - arg.minimum < EXPAND_MAX:
                return list(range(arg.minimum, arg.maximum + 1))
        return None

    def offers(self, session: Session) -> list[Offer]:
        """Legal actions as things to click. An action listed without some required argument means
        "ask the player": few values are listed as buttons, free numbers and words become a form."""
        state = session.state
        if state is None:
            return []
        budget = ids.code_budget(session.id, state.turn_no)
        out: list[Offer] = []
        asked: set[str] = set()
        for action in self.legal_union(session):
            spec = self.specs.get(action.kind)
            missing = [a for a in spec.args if a.name not in action.args and not a.optional] if spec else []
            if not missing:
                out.append(Offer(action, ids.encode_action(action, spec, budget)))
                continue
            domains = [self.domain(session, a) for a in missing]
            if all(d is not None for d in domains):
                combos = list(
                    itertools.islice(itertools.product(*[d or [] for d in domains]), EXPAND_MAX + 1)
                )
                if len(combos) <= EXPAND_MAX:
                    for combo in combos:
                        full = Action(
                            kind=action.kind,
                            args={**action.args, **{a.name: v for a, v in zip(missing, combo, strict=True)}},
                        )
                        out.append(Offer(full, ids.encode_action(full, spec, budget)))
                    continue
            if action.kind not in asked:
                asked.add(action.kind)
                out.append(Offer(action, ask=True))
        return out

    def action_rows(self, shown: Shown[V], offers: list[Offer]) -> list[list[ui.Item[Any]]]:
        """Buttons when they fit in four rows; otherwise long kinds become selects of 25; a kind too
        long even for that becomes one select of groups, each opening its own list privately."""
        by_kind: dict[str, list[Offer]] = {}
        for offer in offers:
            by_kind.setdefault(offer.action.kind, []).append(offer)
        grouped: set[str] = set()
        rows = self._rows(shown, by_kind, grouped)
        while len(rows) > GAME_ROWS:
            long = [k for k in by_kind if k not in grouped and len(by_kind[k]) > PER_SELECT]
            if not long:
                break
            grouped.add(max(long, key=lambda k: len(by_kind[k])))
            rows = self._rows(shown, by_kind, grouped)
        return rows

    def _rows(
        self, shown: Shown[V], by_kind: dict[str, list[Offer]], grouped: set[str]
    ) -> list[list[ui.Item[Any]]]:
        all_buttons = sum(-(-len(group) // PER_ROW) for group in by_kind.values()) <= GAME_ROWS
        rows: list[list[ui.Item[Any]]] = []
        loose: list[ui.Item[Any]] = []
        selects = 0
        for kind, group in by_kind.items():
            if all_buttons or len(group) <= PER_ROW:
                items = [self.offer_button(shown, o) for o in group]
                if all_buttons:
                    rows += [items[i : i + PER_ROW] for i in range(0, len(items), PER_ROW)]
                else:
                    loose += items
                continue
            choices = [o for o in group if not o.ask]
            loose += [self.offer_button(shown, o) for o in group if o.ask]
            if kind in grouped:
                rows.append([self.group_select(shown, kind, choices)])
                continue
            for start in range(0, len(choices), PER_SELECT):
                chunk = choices[start : start + PER_SELECT]
                rows.append([self.offer_select(shown, selects, kind, chunk)])
                selects += 1
        rows += [loose[i : i + PER_ROW] for i in range(0, len(loose), PER_ROW)]
        return rows

    def group_select(self, shown: Shown[V], kind: str, offers: list[Offer]) -> ui.Item[Any]:
        """One option per 25 actions (« Barriere 25 → Barriere 60 »); picking one shows those 25."""
        options = []
        for index, start in enumerate(range(0, min(len(offers), PER_SELECT * PER_SELECT), PER_SELECT)):
            chunk = offers[start : start + PER_SELECT]
            first, last = self.label(shown, chunk[0].action), self.label(shown, chunk[-1].action)
            text = first if len(chunk) == 1 else f"{first} → {last}"
            options.append(discord.SelectOption(label=clip(text, 100), value=ids.to36(index)))
        select: ui.Select[Any] = ui.Select(
            custom_id=ids.table_id("tvs", shown.table, shown.turn_no, GROUP + kind),
            placeholder=clip(t(shown.lang, "table.by_groups", what=self.action_help(kind, shown.lang)), 150),
            options=options,
        )
        return ActionSelect(select)

    def group_view(self, session: Session, kind: str, index: int, lang: str | None = None) -> ui.View | None:
        """The private list behind one option of a group select (for a reader of ``lang``), or None
        if it no longer exists."""
        if session.state is None:
            return None
        offers = [o for o in self.offers(session) if o.action.kind == kind and not o.ask]
        chunk = offers[index * PER_SELECT : (index + 1) * PER_SELECT]
        if not chunk:
            return None
        view = ui.View(timeout=None)
        view.add_item(self.offer_select(self.shown(session, None, lang), PER_SELECT + index, kind, chunk))
        return view

    def offer_button(self, shown: Shown[V], offer: Offer) -> ui.Item[Any]:
        action = offer.action
        turn = shown.turn_no
        if offer.ask:
            label = self.action_help(action.kind, shown.lang).rstrip(".") + "…"
            return AskButton(
                button(
                    ids.table_id("tvq", shown.table, turn, action.kind),
                    label,
                    style=discord.ButtonStyle.primary,
                )
            )
        return ActionButton(
            button(
                ids.table_id("tv", shown.table, turn, offer.code),
                self.label(shown, action),
                emoji=self.emoji(shown, action),
                style=self.style(shown, action),
            )
        )

    def offer_select(self, shown: Shown[V], n: int, kind: str, offers: list[Offer]) -> ui.Item[Any]:
        placeholder = self.action_help(kind, shown.lang)
        options = [
            discord.SelectOption(
                label=clip(self.label(shown, o.action), 100),
                value=o.code[:OPTION_MAX],
                emoji=self.emoji(shown, o.action),
            )
            for o in offers
        ]
        select: ui.Select[Any] = ui.Select(
            custom_id=ids.table_id("tvs", shown.table, shown.turn_no, ids.to36(n)),
            placeholder=clip(placeholder, 150),
            options=options,
        )
        return ActionSelect(select)

    def menu_items(self, shown: Shown[V]) -> list[ui.Item[Any]]:
        turn = shown.turn_no
        items: list[ui.Item[Any]] = []
        if self.has_secrets():
            items.append(
                MenuButton(button(ids.table_id("tvm", shown.table, turn, "me"), t(shown.lang, "table.my_hand"), emoji="👁️"))
            )
        items.append(removal_button(shown.table, turn, shown.lang))
        items.append(
            MenuButton(
                button(
                    ids.table_id("tvm", shown.table, turn, "quit"),
                    t(shown.lang, "table.quit"),
                    style=discord.ButtonStyle.danger,
                )
            )
        )
        return items

    # --- the message --------------------------------------------------------------------------------
    def embed(self, session: Session, lang: str | None = None) -> discord.Embed:
        """The table message's embed, as the channel sees it (in ``lang``: the table's by default;
        /scores shows it to one reader in theirs)."""
        if session.state is None:
            lang = lang or session.lang
            embed = discord.Embed(title=clip(self.game.title, 256), colour=self.accent)
            embed.description = clip("\n".join(self.news(session, lang)) or t(lang, "table.starting"), 4000)
            return embed
        return self.draw_embed(self.shown(session, None, lang))

    def draw_embed(self, shown: Shown[V]) -> discord.Embed:
        embed = discord.Embed(title=clip(self.game.title, 256), colour=self.accent)
        lang = shown.lang
        embed.description = clip("\n".join(shown.news) or t(lang, "table.starting"), 4000)
        if shown.scores:
            lines = [t(lang, "table.score_line", name=clip(shown.name(p), 60), score=s) for p, s in shown.scores.items()]
            embed.add_field(name=t(lang, "table.scores"), value=clip("\n".join(lines), 1024), inline=True)
        if shown.over:
            winners = ", ".join(mention(p, shown.names) for p in shown.winners) or t(lang, "table.nobody")
            embed.add_field(name=t(lang, "table.over"), value=clip(f"🏆 {winners}", 1024), inline=False)
        else:
            waiting = self.waiting_text(shown)
            if waiting:
                embed.add_field(name=t(lang, "table.to_play"), value=clip(waiting, 1024), inline=True)
        embed.set_footer(text=t(lang, "table.footer", table=shown.table, turn=shown.turn_no))
        return embed

    def waiting_text(self, shown: Shown[V]) -> str:
        text = ", ".join(mention(p, shown.names) for p in shown.waiting)
        if shown.deadline is not None:
            text += "\n" + t(shown.lang, "table.window_ends", when=timestamp(shown.deadline))
        return text

    def files(self, session: Session, lang: str | None = None) -> list[discord.File]:
        """Pictures attached to the table message (a board, dominoes)."""
        return [] if session.state is None else self.draw_files(self.shown(session, None, lang))

    def draw_files(self, shown: Shown[V]) -> list[discord.File]:
        """None by default."""
        return []

    def has_secrets(self) -> bool:
        """Whether players have something private to look at (the game overrides ``view``)."""
        return type(self.game).view is not Game.view

    def announcement(self, session: Session, event: Event) -> str | None:
        """A line that deserves its own message in the channel (besides the table)."""
        return None if session.state is None else self.announce(self.shown(session, None), event)

    def announce(self, shown: Shown[V], event: Event) -> str | None:
        """None by default."""
        return None
