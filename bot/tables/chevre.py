"""Dominos « Chèvre » at the table: the chain as a picture, counts only in public, the hand in private.

A hand must never reach the channel before the round's end, and a button's label or custom_id is
read by every client in the channel: so the table carries no tile at all. The player's own tiles
and moves are shown by « Ma main » (ephemeral), and a tile is laid through a private form
(« Poser un domino… »: the tile and the end). ``private_view`` and ``private_files`` give « Ma main »
the same moves as buttons and the hand as a picture; a click there plays, and the platform draws
that private message again with the hand as it is after the move.
Drawing and passing are offered only when the rules force them, as the engine lists them.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from games.chevre import GAME
from games.chevre.events import GameOver, RoundOver
from games.chevre.game import PASSER, PIOCHER, POSER
from games.chevre.tiles import sort_key
from games.chevre.tiles import values as tile_values
from games.chevre.view import ChevreView
from games.core import Action, ArgSpec, Event
from speech import SOURCE, t, tn
from speech.chevre import is_round_end
from speech.chevre import side as side_words

from ..render.cache import PICTURES
from ..render.chevre import describe_chain, render_chain, render_hand
from ..sessions import Session
from ..ui import ids
from ..ui.components import AskButton, MenuButton, button, clip
from ..ui.removal_menu import removal_button
from .base import GAME_ROWS, PER_ROW, Offer, Presenter, mention
from .pictures import picture_file
from .shown import Shown

CHAIN_FILE = "chaine.png"
HAND_FILE = "main.png"
NAME_WIDTH = 12  # a name's width in the round's score table (monospace)

SIDE_EMOJI = {"gauche": "⬅️", "droite": "➡️"}
EMOJI = {PIOCHER: "🛍️", PASSER: "⏭️"}
# The « poser » form's fields, in words of their own (the actions' help is too long for a label).
FORM_FIELDS = {"tuile": "chevre.table.form_tile", "cote": "chevre.table.form_side"}


def lang_of(shown: Shown[ChevreView]) -> str:
    """The reader's language (the server's for the channel, the player's own in « Ma main »)."""
    return shown.lang


def tile_list(lang: str, tiles: list[str]) -> str:
    return " · ".join(tiles) if tiles else t(lang, "chevre.table.no_tile")


def chain_text(view: ChevreView) -> str:
    """The chain in characters, left end first (for those who cannot see the picture)."""
    return "".join(f"[{a}|{b}]" for a, b in view.chain)


def fits_an_end(tile: str, ends: tuple[int, int] | None) -> bool:
    """Whether ``tile`` could be laid at one of the chain's ends (never on an empty chain)."""
    return ends is not None and bool(set(tile_values(tile)) & set(ends))


def round_log(news: list[str]) -> list[str]:
    """The last lines of this round only: a tile laid in the round before may be in a hand now.

    A round's end is kept as its first line; its full table has a message of its own.
    """
    lines = list(news)
    ends = [i for i, line in enumerate(lines) if is_round_end(line)]
    if ends:
        lines = lines[ends[-1] :]
    return [line.split("\n")[0] for line in lines]


def moves_text(lang: str, moves: list[Action]) -> str:
    """« 2-5 à droite · 3-3 à gauche ou à droite »: each playable tile once, with its ends."""
    sides: dict[str, list[str]] = {}
    for move in moves:
        tile = str(move.args.get("tuile", ""))
        side = move.args.get("cote")
        sides.setdefault(tile, [])
        if isinstance(side, str):
            sides[tile].append(side_words(lang, side))
    joint = f" {t(lang, 'chevre.table.or')} "
    return " · ".join(f"{tile} {joint.join(where)}".strip() for tile, where in sides.items())


class ChevrePresenter(Presenter[ChevreView]):
    accent = discord.Colour(0x2E5E8C)  # the blue of a domino table's felt
    view_type = ChevreView

    # --- what is on offer: no tile on the table ---------------------------------------------------------
    def offers(self, session: Session) -> list[Offer]:
        """The form that lays a tile (when one fits), or the draw or the pass the rules force."""
        if session.state is None or session.state.over:
            return []
        view = self.shown(session, None).view
        budget = ids.code_budget(session.id, view.turn_no)
        out: list[Offer] = []
        if POSER in view.turn_moves:
            out.append(Offer(Action(kind=POSER), ask=True))
        for kind in (PIOCHER, PASSER):
            if kind in view.turn_moves:
                move = Action(kind=kind)
                out.append(Offer(move, ids.encode_action(move, self.specs.get(kind), budget)))
        return out

    def offer_button(self, shown: Shown[ChevreView], offer: Offer) -> ui.Item[Any]:
        if offer.ask and offer.action.kind == POSER:
            return AskButton(
                button(
                    ids.table_id("tvq", shown.table, shown.turn_no, POSER),
                    t(lang_of(shown), "chevre.table.lay_button"),
                    style=discord.ButtonStyle.primary,
                )
            )
        return super().offer_button(shown, offer)

    def label(self, shown: Shown[ChevreView], action: Action) -> str:
        lang = lang_of(shown)
        if action.kind == PIOCHER:
            return tn(lang, "chevre.table.draw_button", shown.view.bazar)
        if action.kind == PASSER:
            return t(lang, "chevre.table.pass_button")
        if action.kind == POSER:
            tile = str(action.args.get("tuile", ""))
            side = action.args.get("cote")
            if isinstance(side, str):
                return f"{tile} {side_words(lang, side)}"
            return t(lang, "chevre.table.open_with", tile=tile)
        return super().label(shown, action)

    def emoji(self, shown: Shown[ChevreView], action: Action) -> str | None:
        side = action.args.get("cote")
        if action.kind == POSER and isinstance(side, str):
            return SIDE_EMOJI[side]
        return EMOJI.get(action.kind)

    def form_title(self, session: Session, kind: str, lang: str = SOURCE) -> str:
        # The spec's help is too long for a form's 45 characters: say it short.
        return t(lang, "chevre.table.form_title") if kind == POSER else super().form_title(session, kind, lang)

    def argument_help(self, kind: str, arg: ArgSpec, lang: str) -> str:
        # The form's fields say where to look (« Ma main ») and when the end matters.
        if kind == POSER and arg.name in FORM_FIELDS:
            return " ".join(t(lang, FORM_FIELDS[arg.name]).split())
        return super().argument_help(kind, arg, lang)

    def menu_items(self, shown: Shown[ChevreView]) -> list[ui.Item[Any]]:
        turn, lang = shown.turn_no, lang_of(shown)
        hand = t(lang, "chevre.table.hand_button")
        leave = t(lang, "chevre.table.quit")
        return [
            MenuButton(button(ids.table_id("tvm", shown.table, turn, "me"), hand, emoji="✋")),
            removal_button(shown.table, turn, lang),
            MenuButton(
                button(ids.table_id("tvm", shown.table, turn, "quit"), leave, style=discord.ButtonStyle.danger)
            ),
        ]

    # --- the table message ------------------------------------------------------------------------------
    def draw_embed(self, shown: Shown[ChevreView]) -> discord.Embed:
        view, lang = shown.view, lang_of(shown)
        title = self.game.title
        if not view.over:
            title = t(lang, "chevre.table.title_round", title=title, round=view.round)
        embed = discord.Embed(title=clip(title, 256), colour=self.accent)
        news = "\n".join(round_log(shown.news)) or t(lang, "chevre.table.starting")
        embed.description = clip(news, 4000)
        chain = self.chain_field(view, lang)
        embed.add_field(name=t(lang, "chevre.table.chain"), value=clip(chain, 1024), inline=False)
        embed.add_field(
            name=clip(t(lang, "chevre.table.accounts", limit=view.limit), 256),
            value=clip(self.accounts_text(shown), 1024),
            inline=False,
        )
        if view.over:
            over = "🐐 " + t(lang, "chevre.table.over")
            embed.add_field(name=over, value=clip(self.end_text(shown), 1024), inline=False)
        else:
            embed.add_field(name=t(lang, "chevre.table.to_play"), value=clip(self.turn_text(shown), 1024), inline=False)
        embed.set_image(url=f"attachment://{CHAIN_FILE}")
        embed.set_footer(text=t(lang, "chevre.table.footer", table=shown.table, turn=view.turn_no))
        return embed

    def chain_field(self, view: ChevreView, lang: str = SOURCE) -> str:
        bazar = tn(lang, "chevre.table.bazar", view.bazar) if view.bazar else t(lang, "chevre.table.bazar_empty")
        if view.ends is None:
            return t(lang, "chevre.table.chain_empty", bazar=bazar)
        left, right = view.ends
        return t(lang, "chevre.table.chain_ends", chain=chain_text(view), left=left, right=right, bazar=bazar)

    def accounts_text(self, shown: Shown[ChevreView]) -> str:
        """Each seat: its account (or closed), its remembered points, how many tiles it holds."""
        view, lang = shown.view, lang_of(shown)
        lines = []
        for player in view.players:
            score = view.scores[player]
            memory = view.remembered[player]
            line = t(
                lang,
                "chevre.table.account_line",
                marker="▶ " if player == view.turn else "",
                name=clip(shown.name(player), 60),
                score=score,
                account=t(lang, "chevre.table.account_open" if score > 0 else "chevre.table.account_closed"),
                kept=t(lang, "chevre.table.remembered", points=tn(lang, "chevre.points", memory)) if memory else "",
                dominoes=tn(lang, "chevre.dominoes", view.hand_sizes[player]),
            )
            lines.append(line)
        return "\n".join(lines) or t(lang, "chevre.nobody")

    def turn_text(self, shown: Shown[ChevreView]) -> str:
        view, lang = shown.view, lang_of(shown)
        assert view.turn is not None
        if not view.chain:
            key = "turn_open_forced" if view.forced_opening else "turn_open_free"
        elif POSER in view.turn_moves:
            key = "turn_lay"
        elif PIOCHER in view.turn_moves:
            key = "turn_draw"
        else:
            key = "turn_pass"
        return t(lang, f"chevre.table.{key}", player=mention(view.turn, shown.names))

    def end_text(self, shown: Shown[ChevreView]) -> str:
        view, names, lang = shown.view, shown.names, lang_of(shown)
        who = ", ".join(mention(p, names) for p in view.winners) or t(lang, "chevre.nobody")
        winners = tn(lang, "chevre.winners", len(view.winners), who=who)
        if not view.chevres:
            return t(lang, "chevre.table.end_forfeit", winners=winners)
        goats = ", ".join(self.goat(lang, mention(p, names), view.scores[p]) for p in view.chevres)
        return t(lang, "chevre.table.end", goats=goats, winners=winners)

    def goat(self, lang: str, who: str, score: int) -> str:
        return t(lang, "chevre.goat", name=who, points=tn(lang, "chevre.points", score))

    def draw_files(self, shown: Shown[ChevreView]) -> list[discord.File]:
        view, lang = shown.view, lang_of(shown)
        words = describe_chain(view.model_dump(mode="json", include={"chain", "round", "ends", "bazar"}), lang)
        return [picture_file(self.chain_picture(view, lang), words, CHAIN_FILE)]

    def chain_picture(self, view: ChevreView, lang: str = SOURCE) -> bytes:
        """The chain's PNG; the same chain, round, bazar and language give the very same bytes, drawn once."""
        key = f"{lang}:{view.round}:{view.bazar}:{chain_text(view)}"
        return PICTURES.get(("chevre", key), lambda: render_chain(view.model_dump(mode="json"), lang))

    # --- « Ma main » ----------------------------------------------------------------------------------------
    def draw_private(self, shown: Shown[ChevreView]) -> str | None:
        """The player's own tiles and what they may do with them, for their eyes only."""
        view, lang = shown.view, lang_of(shown)
        if view.hand is None:
            return None
        hand = view.hand
        lines = [tn(lang, "chevre.table.hand", len(hand), tiles=tile_list(lang, hand))]
        if view.over or view.turn is None:
            return "\n".join(lines)
        if view.ends is not None:
            lines.append(t(lang, "chevre.table.hand_ends", left=view.ends[0], right=view.ends[1]))
        if view.turn != shown.viewer:
            lines.append(t(lang, "chevre.table.hand_wait", player=shown.name(view.turn)))
            return "\n".join(lines)
        moves = shown.moves
        kinds = {m.kind for m in moves}
        if not view.chain and view.opening is not None:
            lines.append(t(lang, "chevre.table.hand_open_forced", tile=view.opening))
        elif not view.chain:
            lines.append(t(lang, "chevre.table.hand_open_free"))
        elif POSER in kinds:
            laid = moves_text(lang, [m for m in moves if m.kind == POSER])
            lines.append(t(lang, "chevre.table.hand_moves", moves=laid))
        elif PIOCHER in kinds:
            lines.append(t(lang, "chevre.table.hand_draw"))
        else:
            lines.append(t(lang, "chevre.table.hand_pass"))
        if POSER in kinds:
            lines.append(t(lang, "chevre.table.hand_how", button=t(lang, "chevre.table.lay_button")))
        return "\n".join(lines)

    def draw_private_view(self, shown: Shown[ChevreView]) -> ui.View | None:
        """The player's moves as buttons (one per playable tile and end), or the forced draw or pass."""
        if shown.over or not shown.moves:
            return None
        budget = ids.code_budget(shown.table, shown.turn_no)
        view = ui.View(timeout=None)
        for index, move in enumerate(shown.moves[: GAME_ROWS * PER_ROW]):
            offer = Offer(move, ids.encode_action(move, self.specs.get(move.kind), budget))
            item = super().offer_button(shown, offer)
            item.row = index // PER_ROW
            view.add_item(item)
        return view

    def draw_private_files(self, shown: Shown[ChevreView]) -> list[discord.File]:
        """The hand as a picture, the tiles that fit outlined."""
        view = shown.view
        if view.hand is None:
            return []
        hand = view.hand
        fits = {tile for tile in hand if fits_an_end(tile, view.ends)}
        if not view.chain and not view.over and view.turn == shown.viewer:
            fits = {view.opening} if view.opening is not None else set(hand)
        lang = lang_of(shown)
        key = ("chevre-main", tuple(hand), tuple(sorted(fits)), lang)
        png = PICTURES.get(key, lambda: render_hand(hand, fits, lang))
        words = tn(lang, "chevre.table.hand", len(hand), tiles=tile_list(lang, hand)).replace("**", "")
        return [picture_file(png, words, HAND_FILE)]

    # --- lines of their own -------------------------------------------------------------------------------
    def announce(self, shown: Shown[ChevreView], event: Event) -> str | None:
        if isinstance(event, RoundOver):
            return self.round_table(shown, event)
        if isinstance(event, GameOver) and event.chevres:
            lang = lang_of(shown)
            goats = ", ".join(
                self.goat(lang, mention(p, shown.names), event.scores.get(p, 0)) for p in event.chevres
            )
            return "🐐 " + t(lang, "chevre.table.goat_announce", goats=goats)
        return None

    def round_table(self, shown: Shown[ChevreView], ended: RoundOver) -> str:
        """The round's scoring: every hand shown, what it counts, what each takes, accounts, memory."""
        lang = lang_of(shown)
        who = shown.name(ended.player)
        if ended.ending == "sortie":
            head = "🏁 " + t(lang, "chevre.table.round_out", round=ended.round, player=who)
        else:
            head = "🐟 " + t(lang, "chevre.table.round_poisson", round=ended.round, player=who)
        rows = [tuple(t(lang, "chevre.table.columns").split("|"))]
        for player, hand in ended.hands.items():
            score = ended.scores[player]
            rows.append(
                (
                    clip(shown.name(player).replace("`", "'"), NAME_WIDTH),
                    str(ended.points[player]),
                    str(ended.taken[player]),
                    str(score) if score > 0 else t(lang, "chevre.table.closed"),
                    str(ended.remembered[player]),
                    " ".join(sorted(hand, key=sort_key)) or "—",
                )
            )
        widths = [max(len(row[i]) for row in rows) for i in range(5)]
        table = [
            "  ".join([row[0].ljust(widths[0]), *(row[i].rjust(widths[i]) for i in range(1, 5)), row[5]])
            for row in rows
        ]
        return "\n".join([head, "```", *table, "```", *self.round_notes(shown, ended, lang)])

    def round_notes(self, shown: Shown[ChevreView], ended: RoundOver, lang: str) -> list[str]:
        """Under the round's table: who took the points of a poisson, whose memory went, who opened."""
        notes = []
        if ended.ending == "poisson":
            heavy = [shown.name(p) for p, taken in ended.taken.items() if taken]
            pot = sum(ended.points.values())
            if len(heavy) == 1:
                notes.append(tn(lang, "chevre.table.round_heavy", pot, player=heavy[0]))
            else:
                notes.append(tn(lang, "chevre.table.round_heavy_tied", pot, players=", ".join(heavy)))
        else:
            notes.append(t(lang, "chevre.table.round_out_memory", player=shown.name(ended.player)))
        for player in ended.opened:
            notes.append(t(lang, "chevre.table.round_opens", player=shown.name(player), score=ended.scores[player]))
        return notes


PRESENTER = ChevrePresenter(GAME)
