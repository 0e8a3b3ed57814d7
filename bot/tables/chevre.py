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

import io
import re
from collections import OrderedDict
from typing import Any

import discord
from discord import ui

from games.chevre import GAME
from games.chevre.game import PASSER, PIOCHER, POSER
from games.chevre.tiles import sort_key
from games.chevre.tiles import values as tile_values
from games.chevre.view import ChevreView
from games.core import Action, ArgSpec, Event, Game
from speech import SOURCE

from ..render.chevre import render_chain, render_hand
from ..sessions import Session
from ..ui import ids
from ..ui.components import AskButton, MenuButton, button, clip
from .base import COLOUR, GAME_ROWS, PER_ROW, Offer, Presenter, mention
from .shown import Shown

CHAIN_FILE = "chaine.png"
HAND_FILE = "main.png"
PICTURES_KEPT = 64  # rendered chains kept: a table edit with an unchanged chain reuses its bytes
NAME_WIDTH = 12  # a name's width in the round's score table (monospace)
# The first line of a round's end in the log (games/chevre/words.py).
ROUND_END = re.compile(r"fin de la manche \d+\.$")

SIDE_WORDS = {"gauche": "à gauche", "droite": "à droite"}
SIDE_EMOJI = {"gauche": "⬅️", "droite": "➡️"}
EMOJI = {PIOCHER: "🛍️", PASSER: "⏭️"}
HAND_BUTTON = "Ma main"
LAY_BUTTON = "Poser un domino…"
FORM_TITLE = "Poser un domino"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count > 1 else ''}"


def tile_list(tiles: list[str]) -> str:
    return " · ".join(tiles) if tiles else "aucun"


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
    ends = [i for i, line in enumerate(lines) if ROUND_END.search(line.split("\n")[0])]
    if ends:
        lines = lines[ends[-1] :]
    return [line.split("\n")[0] for line in lines]


def moves_text(moves: list[Action]) -> str:
    """« 2-5 à droite · 3-3 à gauche ou à droite »: each playable tile once, with its ends."""
    sides: dict[str, list[str]] = {}
    for move in moves:
        tile = str(move.args.get("tuile", ""))
        side = move.args.get("cote")
        sides.setdefault(tile, [])
        if isinstance(side, str):
            sides[tile].append(SIDE_WORDS[side])
    return " · ".join(f"{tile} {' ou '.join(where)}".strip() for tile, where in sides.items())


class ChevrePresenter(Presenter[ChevreView]):
    view_type = ChevreView

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        # The form's title is the spec's help, cut at 45 characters by Discord: say it short.
        self.specs[POSER] = self.specs[POSER].model_copy(update={"help": FORM_TITLE})
        self._pictures: OrderedDict[str, bytes] = OrderedDict()

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
                    LAY_BUTTON,
                    style=discord.ButtonStyle.primary,
                )
            )
        return super().offer_button(shown, offer)

    def label(self, shown: Shown[ChevreView], action: Action) -> str:
        if action.kind == PIOCHER:
            return f"Piocher au bazar ({plural(shown.view.bazar, 'domino')})"
        if action.kind == PASSER:
            return "Passer"
        if action.kind == POSER:
            tile = str(action.args.get("tuile", ""))
            side = action.args.get("cote")
            return f"{tile} {SIDE_WORDS[side]}" if isinstance(side, str) else f"Ouvrir avec le {tile}"
        return super().label(shown, action)

    def emoji(self, shown: Shown[ChevreView], action: Action) -> str | None:
        side = action.args.get("cote")
        if action.kind == POSER and isinstance(side, str):
            return SIDE_EMOJI[side]
        return EMOJI.get(action.kind)

    def form_fields(self, session: Session, kind: str, lang: str = SOURCE) -> list[ArgSpec]:
        if kind != POSER:
            return super().form_fields(session, kind, lang)
        return [
            ArgSpec(name="tuile", type="text", help="le domino, par exemple 2-5 (vois « Ma main »)"),
            ArgSpec(
                name="cote",
                type="choice",
                choices=["gauche", "droite"],
                optional=True,
                help="le bout, quand les deux prennent ce domino",
            ),
        ]

    def menu_items(self, shown: Shown[ChevreView]) -> list[ui.Item[Any]]:
        turn = shown.turn_no
        return [
            MenuButton(button(ids.table_id("tvm", shown.table, turn, "me"), HAND_BUTTON, emoji="✋")),
            MenuButton(
                button(
                    ids.table_id("tvm", shown.table, turn, "quit"), "Quitter", style=discord.ButtonStyle.danger
                )
            ),
        ]

    # --- the table message ------------------------------------------------------------------------------
    def draw_embed(self, shown: Shown[ChevreView]) -> discord.Embed:
        view = shown.view
        title = self.game.title if view.over else f"{self.game.title} — manche {view.round}"
        embed = discord.Embed(title=clip(title, 256), colour=COLOUR)
        embed.description = clip("\n".join(round_log(shown.news)) or "La partie commence !", 4000)
        embed.add_field(name="Chaîne", value=clip(self.chain_field(view), 1024), inline=False)
        embed.add_field(
            name=clip(f"Comptes — la chèvre à {view.limit} points", 256),
            value=clip(self.accounts_text(shown), 1024),
            inline=False,
        )
        if view.over:
            embed.add_field(name="🐐 Partie terminée", value=clip(self.end_text(shown), 1024), inline=False)
        else:
            embed.add_field(name="À jouer", value=clip(self.turn_text(shown), 1024), inline=False)
        embed.set_image(url=f"attachment://{CHAIN_FILE}")
        embed.set_footer(text=f"Table n°{shown.table} · tour {view.turn_no}")
        return embed

    def chain_field(self, view: ChevreView) -> str:
        bazar = f"Bazar : {plural(view.bazar, 'domino')}." if view.bazar else "Le bazar est vide."
        if view.ends is None:
            return f"La chaîne est vide. {bazar}"
        left, right = view.ends
        return f"{chain_text(view)}\nBouts : **{left}** à gauche, **{right}** à droite. {bazar}"

    def accounts_text(self, shown: Shown[ChevreView]) -> str:
        """Each seat: its account (or closed), its remembered points, how many tiles it holds."""
        view = shown.view
        lines = []
        for player in view.players:
            marker = "▶ " if player == view.turn else ""
            score = view.scores[player]
            account = "compte ouvert" if score > 0 else "compte fermé"
            memory = view.remembered[player]
            kept = f", {plural(memory, 'point')} en mémoire" if memory else ""
            tiles = plural(view.hand_sizes[player], "domino")
            name = clip(shown.name(player), 60)
            lines.append(f"{marker}**{name}** : {score} · {account}{kept} · {tiles} en main")
        return "\n".join(lines) or "personne"

    def turn_text(self, shown: Shown[ChevreView]) -> str:
        view = shown.view
        assert view.turn is not None
        who = mention(view.turn, shown.names)
        if not view.chain:
            how = "le domino d'ouverture" if view.forced_opening else "le domino de son choix"
            return f"{who} ouvre la manche avec {how}."
        if POSER in view.turn_moves:
            return f"{who} pose un domino."
        if PIOCHER in view.turn_moves:
            return f"{who} n'a rien qui se pose : au bazar !"
        return f"{who} n'a rien qui se pose et le bazar est vide : il faut passer."

    def end_text(self, shown: Shown[ChevreView]) -> str:
        view, names = shown.view, shown.names
        winners = ", ".join(mention(p, names) for p in view.winners) or "personne"
        if not view.chevres:
            return f"Plus assez de joueurs. Gagnant(s) : {winners}."
        goats = ", ".join(f"{mention(p, names)} ({plural(view.scores[p], 'point')})" for p in view.chevres)
        return f"La chèvre : {goats}.\nGagnant(s) : {winners}."

    def draw_files(self, shown: Shown[ChevreView]) -> list[discord.File]:
        return [discord.File(io.BytesIO(self.chain_picture(shown.view)), filename=CHAIN_FILE)]

    def chain_picture(self, view: ChevreView) -> bytes:
        """The chain's PNG; the same chain, round and bazar give the very same bytes, drawn once."""
        key = f"{view.round}:{view.bazar}:{chain_text(view)}"
        picture = self._pictures.get(key)
        if picture is None:
            picture = render_chain(view.model_dump(mode="json"))
            self._pictures[key] = picture
            if len(self._pictures) > PICTURES_KEPT:
                self._pictures.popitem(last=False)
        else:
            self._pictures.move_to_end(key)
        return picture

    # --- « Ma main » ----------------------------------------------------------------------------------------
    def draw_private(self, shown: Shown[ChevreView]) -> str | None:
        """The player's own tiles and what they may do with them, for their eyes only."""
        view = shown.view
        if view.hand is None:
            return None
        hand = view.hand
        lines = [f"**Ta main** ({plural(len(hand), 'domino')}) : {tile_list(hand)}"]
        if view.over or view.turn is None:
            return "\n".join(lines)
        if view.ends is not None:
            lines.append(f"Bouts de la chaîne : {view.ends[0]} à gauche, {view.ends[1]} à droite.")
        if view.turn != shown.viewer:
            lines.append(f"C'est à {shown.name(view.turn)} de jouer.")
            return "\n".join(lines)
        moves = shown.moves
        kinds = {m.kind for m in moves}
        if not view.chain and view.opening is not None:
            lines.append(f"Tu ouvres la manche avec le **{view.opening}**.")
        elif not view.chain:
            lines.append("Tu ouvres la manche : pose le domino de ton choix.")
        elif POSER in kinds:
            lines.append(f"Tu peux poser : {moves_text([m for m in moves if m.kind == POSER])}.")
        elif PIOCHER in kinds:
            lines.append("Aucun domino ne se pose : pioche au bazar.")
        else:
            lines.append("Aucun domino ne se pose et le bazar est vide : passe.")
        if POSER in kinds:
            lines.append(f"Sur la table, « {LAY_BUTTON} » : écris le domino, et le bout s'il en faut un.")
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
        fits = {t for t in hand if fits_an_end(t, view.ends)}
        if not view.chain and not view.over and view.turn == shown.viewer:
            fits = {view.opening} if view.opening is not None else set(hand)
        return [discord.File(io.BytesIO(render_hand(hand, fits)), filename=HAND_FILE)]

    # --- lines of their own -------------------------------------------------------------------------------
    def announce(self, shown: Shown[ChevreView], event: Event) -> str | None:
        if event.kind == "manche_finie":
            return self.round_table(shown, event.data)
        if event.kind == "fin" and event.data.get("chevres"):
            scores = event.data.get("scores", {})
            goats = ", ".join(
                f"{mention(p, shown.names)} ({plural(scores.get(p, 0), 'point')})" for p in event.data["chevres"]
            )
            return f"🐐 La chèvre : {goats} !"
        return None

    def round_table(self, shown: Shown[ChevreView], data: dict[str, Any]) -> str:
        """The round's scoring: every hand shown, what it counts, what each takes, accounts, memory."""
        who = shown.name(data["joueur"])
        if data["fin"] == "sortie":
            head = f"🏁 **Fin de la manche {data['manche']}** : {who} n'a plus de dominos."
        else:
            head = f"🐟 **Poisson de {who}** : fin de la manche {data['manche']}, la chaîne est fermée."
        rows = [("Joueur", "Main", "Marque", "Compte", "Mémoire", "Dominos")]
        for player, hand in data["mains"].items():
            score = data["scores"][player]
            rows.append(
                (
                    clip(shown.name(player).replace("`", "'"), NAME_WIDTH),
                    str(data["points"][player]),
                    str(data["marque"][player]),
                    str(score) if score > 0 else "fermé",
                    str(data["memoire"][player]),
                    " ".join(sorted(hand, key=sort_key)) or "—",
                )
            )
        widths = [max(len(row[i]) for row in rows) for i in range(5)]
        table = [
            "  ".join([row[0].ljust(widths[0]), *(row[i].rjust(widths[i]) for i in range(1, 5)), row[5]])
            for row in rows
        ]
        notes = []
        if data["fin"] == "poisson":
            heavy = [shown.name(p) for p, taken in data["marque"].items() if taken]
            pot = sum(data["points"].values())
            if len(heavy) == 1:
                notes.append(
                    f"La main la plus lourde ({heavy[0]}) prend les {plural(pot, 'point')} de la table."
                )
            else:
                notes.append(
                    f"Mains les plus lourdes à égalité ({', '.join(heavy)}) : "
                    f"chacune prend les {plural(pot, 'point')} de la table."
                )
        else:
            notes.append(f"{who} sort : sa mémoire est effacée.")
        for player in data["ouverts"]:
            notes.append(f"{shown.name(player)} ouvre son compte à {data['scores'][player]}.")
        return "\n".join([head, "```", *table, "```", *notes])


PRESENTER = ChevrePresenter(GAME)
