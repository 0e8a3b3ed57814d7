"""Barricade / Ruée vers l'or at a Discord table: the board picture in the table message, the moves
of the throw as buttons numbered like the markers on the picture (« 1 : mineur 2 → G13 »), the
barrier's new place chosen in two steps (a row of the board, then a point of that row), and who has
how many miners in the tent, on the way and in the mine.

Why two steps for the barrier: up to ~120 points are free, more than the four selects of 25 a table
message can hold. The first select lists the board's rows; choosing one is not a move (the game is
not asked, nothing is stored): it only redraws the table's components with that row's points as a
select of complete ``barriere point=…`` actions, which the platform applies like any other select.
The row select has a prefix of its own (``tvb:<table>:<turn>``), routed to ``choose_row`` by the
bot's router (``BarricadePresenter.routes``), so it keeps working after a restart like any button.
"""

from __future__ import annotations

import json
import re
from typing import Any

import discord
from discord import ui

from games.barricade import (
    GAME,
    BarricadeState,
    Destination,
    barrier_spots_by_row,
    load_board,
    numbered_destinations,
)
from games.barricade.board import distances_to_mine
from games.barricade.events import InMine, SentHome
from games.barricade.state import MINERS, TENT
from games.core import Action, Event, IllegalAction, PlayerId
from speech import SOURCE, t, tn, words_of
from speech.barricade import colour as colour_words

from ..i18n import reader_language
from ..render.barricade import COLOUR_RGB, describe_board, render_board
from ..render.cache import PICTURES
from ..sessions import Session, SessionManager, TableError
from ..ui import ids
from ..ui.components import ActionSelect, ClickRoute, TaverneItem, clip
from . import presenter_for
from .base import GAME_ROWS, PER_ROW, PER_SELECT, Offer, Presenter, mention
from .layout import Buttons, table_layout
from .pictures import picture_file
from .shown import Shown

BOARD = load_board()
# The letter of the row nearest the mine, as the footer names the rows.
LAST_ROW = max(p.label.rstrip("0123456789") for p in BOARD.points if p.id != BOARD.mine)
TO_MINE = distances_to_mine(BOARD)
PICTURE = "plateau.png"
COLOUR_EMOJI: dict[str, str] = {
    "rouge": "🔴",
    "bleu": "🔵",
    "vert": "🟢",
    "jaune": "🟡",
    "violet": "🟣",
    "orange": "🟠",
}
ROW_PREFIX = "tvb"
ROW_ID = re.compile(r"tvb:(?P<table>[0-9a-z]{1,12}):(?P<turn>[0-9a-z]{1,12})")
# Up to four rows of five: one click per move. More moves (never seen in play) become selects.
MOVE_BUTTONS_MAX = GAME_ROWS * PER_ROW


def row_id(session: int, turn: int) -> str:
    return f"{ROW_PREFIX}:{ids.to36(session)}:{ids.to36(turn)}"


def colour_of(state: BarricadeState, player: PlayerId) -> str:
    return state.colours.get(player, "")


def dot(state: BarricadeState, player: PlayerId) -> str:
    return COLOUR_EMOJI.get(colour_of(state, player), "⚪")


def lang_of(shown: Shown[BarricadeState]) -> str:
    """The reader's language (the server's for the channel)."""
    return shown.lang


def move_label(state: BarricadeState, destination: Destination, names: dict[PlayerId, str], lang: str = SOURCE) -> str:
    """« 1 : mineur 2 → G13 », with what the move does besides: leaving the tent, a rival sent home,
    stopping on a barrier, the bounce at the mine's door."""
    player = state.turn_player
    miner = destination.miner
    start = state.miners[player][miner - 1] if player is not None else TENT
    who = t(lang, "barricade.table.from_tent" if start == TENT else "barricade.table.miner", miner=miner)
    if destination.bounce:
        where = t(lang, "barricade.table.bounce", point=BOARD.label(destination.point))
    elif destination.point == BOARD.mine:
        where = t(lang, "barricade.table.to_mine")
    else:
        where = BOARD.label(destination.point)
    extras = []
    if destination.point != BOARD.mine:
        if destination.point in state.barriers:
            extras.append(t(lang, "barricade.table.on_barrier"))
        standing = state.owner_at(destination.point)
        if standing is not None and standing[0] != player:
            extras.append(t(lang, "barricade.table.sends_home", player=names.get(standing[0], standing[0])))
    return t(lang, "barricade.table.move", number=destination.number, miner=who, where=where) + "".join(f" · {e}" for e in extras)


def miners_line(state: BarricadeState, player: PlayerId, lang: str = SOURCE) -> str:
    """Who is home: « ⛺ 3 sous la tente · 🛤️ 1 en route · ⛏️ 1/5 à la mine »."""
    positions = state.miners.get(player, [])
    in_mine = sum(1 for p in positions if p == BOARD.mine)
    in_tent = sum(1 for p in positions if p == TENT)
    on_way = len(positions) - in_mine - in_tent
    return t(lang, "barricade.table.miners_line", tent=in_tent, way=on_way, mine=in_mine, total=MINERS)


class BarricadePresenter(Presenter[BarricadeState]):
    """Nothing is hidden at Barricade: the view is the state without its dice."""
    accent = discord.Colour(0xC9A227)  # gold, before the first throw

    view_type = BarricadeState

    def routes(self) -> dict[str, ClickRoute]:
        return {ROW_PREFIX: choose_row}

    # --- one action's words ------------------------------------------------------------------
    def label(self, shown: Shown[BarricadeState], action: Action) -> str:
        state, lang = shown.view, lang_of(shown)
        if action.kind == "lancer":
            if state.bound_miner is not None:
                return t(lang, "barricade.table.throw_again", miner=state.bound_miner + 1)
            return t(lang, "barricade.table.throw")
        if action.kind == "laisser" and state.barrier_from is not None:
            return t(lang, "barricade.table.leave_barrier", point=BOARD.label(state.barrier_from))
        if action.kind == "barriere":
            point = action.args.get("point")
            if isinstance(point, int) and 0 <= point < len(BOARD.points):
                return BOARD.label(point)
        if action.kind == "deplacer":
            for destination in numbered_destinations(state):
                if destination.action == action:
                    return move_label(state, destination, shown.names, lang)
        return super().label(shown, action)

    def emoji(self, shown: Shown[BarricadeState], action: Action) -> str | None:
        state = shown.view
        if action.kind == "lancer":
            return "🎲"
        if action.kind == "laisser":
            return "🚧"
        if action.kind == "deplacer" and state.turn_player is not None:
            return dot(state, state.turn_player)
        return None

    def style(self, shown: Shown[BarricadeState], action: Action) -> discord.ButtonStyle:
        if action.kind == "laisser":
            return discord.ButtonStyle.secondary
        return super().style(shown, action)

    def has_secrets(self) -> bool:
        return False

    # --- the components ----------------------------------------------------------------------
    def buttons(self, session: Session, *, sectioned: bool = True, row: str | None = None) -> Buttons:
        """``row``: the board row whose free points a player asked to see (the barrier's selects)."""
        shown = self.shown(session, None) if session.state is not None and not session.state.over else None
        if shown is None or shown.view.phase != "barriere":
            return super().buttons(session, sectioned=sectioned)
        rows = self.barrier_rows(shown, self.offers(session), row)
        return Buttons(rows=rows[:GAME_ROWS], menu=self.menu_items(shown))

    def with_row(self, session: Session, row: str) -> ui.LayoutView:
        """The table message showing the free points of ``row`` (its picture already on it)."""
        return table_layout(self.embed(session), self.files(session), self.buttons(session, row=row), session.lang)

    def action_rows(self, shown: Shown[BarricadeState], offers: list[Offer]) -> list[list[ui.Item[Any]]]:
        state = shown.view
        if state.phase != "deplacer":
            return super().action_rows(shown, offers)
        by_action = {o.action.model_dump_json(): o for o in offers if not o.ask}
        numbered = [
            by_action[key]
            for d in numbered_destinations(state)
            if (key := d.action.model_dump_json()) in by_action
        ]
        others = [o for o in offers if o not in numbered]
        rows: list[list[ui.Item[Any]]] = []
        if len(numbered) <= MOVE_BUTTONS_MAX:
            buttons = [self.offer_button(shown, o) for o in numbered]
            rows += [buttons[i : i + PER_ROW] for i in range(0, len(buttons), PER_ROW)]
        else:
            for n, start in enumerate(range(0, len(numbered), PER_SELECT)):
                chunk = numbered[start : start + PER_SELECT]
                select = self.offer_select(shown, n, "deplacer", chunk)
                if isinstance(select, ActionSelect):
                    last = start + len(chunk)
                    select.item.placeholder = t(lang_of(shown), "barricade.table.destinations", first=start + 1, last=last)
                rows.append([select])
        loose = [self.offer_button(shown, o) for o in others]
        rows += [loose[i : i + PER_ROW] for i in range(0, len(loose), PER_ROW)]
        return rows

    def barrier_rows(
        self, shown: Shown[BarricadeState], offers: list[Offer], chosen: str | None
    ) -> list[list[ui.Item[Any]]]:
        """« Laisser la barrière », the rows of the board that have a free point, and, once a row is
        chosen, that row's free points: each option a whole move."""
        spots, lang = barrier_spots_by_row(shown.view), lang_of(shown)
        leave = [o for o in offers if o.action.kind == "laisser"]
        rows: list[list[ui.Item[Any]]] = [[self.offer_button(shown, o) for o in leave]]
        if not spots:
            return rows
        rows.append([self.row_select(shown, spots, chosen)])
        if chosen in spots:
            wanted = set(spots[chosen])
            by_point = {
                o.action.args.get("point"): o
                for o in offers
                if o.action.kind == "barriere" and o.action.args.get("point") in wanted
            }
            points = [by_point[p] for p in spots[chosen] if p in by_point]
            select = self.offer_select(shown, 0, "barriere", points)
            if isinstance(select, ActionSelect):
                select.item.placeholder = t(lang, "barricade.table.row_points", row=chosen)
                for option in select.item.options:
                    point = BOARD.by_label(option.label)
                    steps = TO_MINE.get(point)
                    if steps is not None:
                        option.description = tn(lang, "barricade.table.steps_to_mine", steps)
            rows.append([select])
        return rows

    def row_select(
        self, shown: Shown[BarricadeState], spots: dict[str, list[int]], chosen: str | None
    ) -> ui.Item[Any]:
        options, lang = [], lang_of(shown)
        for letter, points in sorted(spots.items()):
            count = len(points)
            first, last = BOARD.label(points[0]), BOARD.label(points[-1])
            span = first if count == 1 else t(lang, "barricade.table.span", first=first, last=last)
            options.append(
                discord.SelectOption(
                    label=t(lang, "barricade.table.row", row=letter),
                    value=letter,
                    description=tn(lang, "barricade.table.free_points", count, span=span),
                    default=letter == chosen,
                )
            )
        select: ui.Select[Any] = ui.Select(
            custom_id=row_id(shown.table, shown.turn_no),
            placeholder=t(lang, "barricade.table.choose_row"),
            options=options,
        )
        return TaverneItem(select)

    # --- the message -------------------------------------------------------------------------
    def draw_embed(self, shown: Shown[BarricadeState]) -> discord.Embed:
        state, lang = shown.view, lang_of(shown)
        turn = state.turn_player
        colour = self.accent
        if turn is not None and colour_of(state, turn) in COLOUR_RGB:
            colour = discord.Colour.from_rgb(*COLOUR_RGB[colour_of(state, turn)])
        embed = discord.Embed(title="⛏️ " + t(lang, "barricade.table.title"), colour=colour)
        embed.description = clip("\n".join(shown.news) or t(lang, "barricade.table.starting"), 4000)
        if state.over:
            winners = ", ".join(f"{dot(state, p)} {mention(p, shown.names)}" for p in state.winners)
            winners = winners or t(lang, "barricade.table.nobody")
            embed.add_field(name=t(lang, "barricade.table.over"), value=clip(f"🏆 {winners}", 1024), inline=False)
        elif turn is not None:
            embed.add_field(
                name=t(lang, "barricade.table.to_play"),
                value=clip(self.turn_text(shown, state, turn), 1024),
                inline=False,
            )
        embed.add_field(name=t(lang, "barricade.table.miners"), value=clip(self.miners_text(shown, state), 1024), inline=False)
        embed.set_image(url=f"attachment://{PICTURE}")
        embed.set_footer(
            text=t(lang, "barricade.table.footer", table=shown.table, turn=state.turn_no, last=LAST_ROW, columns=BOARD.columns)
        )
        return embed

    def turn_text(self, shown: Shown[BarricadeState], state: BarricadeState, player: PlayerId) -> str:
        lang = lang_of(shown)
        who = f"{dot(state, player)} {mention(player, shown.names)} ({colour_words(lang, colour_of(state, player))})"
        if state.phase == "deplacer" and state.throw is not None:
            count = len(numbered_destinations(state))
            return tn(lang, "barricade.table.turn_moves", count, player=who, value=state.throw)
        if state.phase == "barriere" and state.barrier_from is not None:
            return t(lang, "barricade.table.turn_barrier", player=who, point=BOARD.label(state.barrier_from))
        if state.bound_miner is not None:
            return t(lang, "barricade.table.turn_six", player=who, miner=state.bound_miner + 1)
        return t(lang, "barricade.table.turn_throw", player=who)

    def miners_text(self, shown: Shown[BarricadeState], state: BarricadeState) -> str:
        turn = state.turn_player
        lines = []
        for player in state.order:
            mark = "▶ " if player == turn else ""
            name = clip(shown.name(player), 60)
            lines.append(t(lang_of(shown), "barricade.table.miners_row", mark=mark, dot=dot(state, player), name=name, line=miners_line(state, player, lang_of(shown))))
        return "\n".join(lines)

    def draw_files(self, shown: Shown[BarricadeState]) -> list[discord.File]:
        names = {p: shown.name(p) for p in shown.view.order}
        words = describe_board(shown.view, names, lang_of(shown))
        return [picture_file(self.picture(shown), words, PICTURE)]

    def picture(self, shown: Shown[BarricadeState]) -> bytes:
        """The board as PNG, drawn again only when something it shows has changed."""
        state = shown.view
        destinations = numbered_destinations(state)
        drawn = state.model_dump(
            mode="json",
            include={
                "order",
                "colours",
                "tents",
                "miners",
                "barriers",
                "current",
                "phase",
                "throw",
                "barrier_from",
                "over",
                "winners",
            },
        )
        names = {p: shown.name(p) for p in state.order}
        key = json.dumps([drawn, [(d.number, d.point) for d in destinations], names, lang_of(shown)], sort_keys=True)
        return PICTURES.get(("barricade", key), lambda: render_board(state, destinations, names, lang_of(shown)))

    def announce(self, shown: Shown[BarricadeState], event: Event) -> str | None:
        """A miner sent home and a miner reaching the mine are told in the channel too."""
        if isinstance(event, SentHome):
            return "💥 " + words_of(self.game).describe(event, shown.names, lang_of(shown))
        if isinstance(event, InMine):
            return "⛏️ " + words_of(self.game).describe(event, shown.names, lang_of(shown))
        return None


async def _answer(interaction: discord.Interaction[Any], text: str) -> None:
    await interaction.response.send_message(clip(text, 2000), ephemeral=True)


async def choose_row(interaction: discord.Interaction[Any], custom_id: str, values: list[str]) -> None:
    """A row picked in the barrier's first select: the table shows that row's free points. What it
    refuses is raised (``TableError``) and answered by the router, in the clicker's language."""
    manager = getattr(interaction.client, "manager", None)
    match = ROW_ID.fullmatch(custom_id)
    if not isinstance(manager, SessionManager) or match is None or len(values) != 1:
        raise TableError("malformed")
    session = manager.by_id(ids.from36(match["table"]))
    if session is None or session.rec.channel_id != interaction.channel_id or session.state is None:
        raise TableError("closed")
    presenter = presenter_for(session.game)
    state = session.state
    if not isinstance(presenter, BarricadePresenter) or not isinstance(state, BarricadeState):
        raise TableError("malformed")
    if ids.from36(match["turn"]) != state.turn_no or state.phase != "barriere":
        raise TableError("stale")
    player = str(interaction.user.id)
    if player not in state.players:
        raise TableError("not_seated")
    if player != state.turn_player:
        # The game's words, not the table's: the router tells a TableError only.
        lang = reader_language(interaction, session.lang)
        await _answer(interaction, words_of(session.game).explain(IllegalAction("not_your_turn"), lang))
        return
    row = values[0]
    if row not in barrier_spots_by_row(state):
        raise TableError("gone")
    await interaction.response.edit_message(view=presenter.with_row(session, row))


PRESENTER = BarricadePresenter(GAME)
