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

from games.chevre import GAME, ChevreState
from games.chevre.chain import fitting_sides
from games.chevre.game import PASSER, PIOCHER, POSER
from games.chevre.tiles import sort_key
from games.core import Action, ArgSpec, Event, Game, PlayerId

from ..render.chevre import render_chain, render_hand
from ..sessions import Session
from ..ui import ids
from ..ui.components import AskButton, MenuButton, button, clip
from .base import COLOUR, GAME_ROWS, PER_ROW, Offer, Presenter, mention

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


def chain_text(state: ChevreState) -> str:
    """The chain in characters, left end first (for those who cannot see the picture)."""
    return "".join(f"[{a}|{b}]" for a, b in state.chain)


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


class ChevrePresenter(Presenter):
    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        # The form's title is the spec's help, cut at 45 characters by Discord: say it short.
        self.specs[POSER] = self.specs[POSER].model_copy(update={"help": FORM_TITLE})
        self._pictures: OrderedDict[str, bytes] = OrderedDict()

    def state_of(self, session: Session) -> ChevreState | None:
        state = session.state
        return state if isinstance(state, ChevreState) else None

    # --- what is on offer: no tile on the table ---------------------------------------------------------
    def offers(self, session: Session) -> list[Offer]:
        """The form that lays a tile (when one fits), or the draw or the pass the rules force."""
        state = self.state_of(session)
        if state is None or state.over:
            return []
        moves = self.game.legal_actions(state, state.turn_player())
        budget = ids.code_budget(session.id, state.turn_no)
        out: list[Offer] = []
        if any(m.kind == POSER for m in moves):
            out.append(Offer(Action(kind=POSER), ask=True))
        out += [
            Offer(m, ids.encode_action(m, self.specs.get(m.kind), budget)) for m in moves if m.kind != POSER
        ]
        return out

    def offer_button(self, session: Session, turn: int, offer: Offer) -> ui.Item[Any]:
        if offer.ask and offer.action.kind == POSER:
            return AskButton(
                button(
                    ids.table_id("tvq", session.id, turn, POSER),
                    LAY_BUTTON,
                    style=discord.ButtonStyle.primary,
                )
            )
        return super().offer_button(session, turn, offer)

    def label(self, session: Session, action: Action) -> str:
        state = self.state_of(session)
        if action.kind == PIOCHER:
            left = f" ({plural(len(state.bazar), 'domino')})" if state is not None else ""
            return f"Piocher au bazar{left}"
        if action.kind == PASSER:
            return "Passer"
        if action.kind == POSER:
            tile = str(action.args.get("tuile", ""))
            side = action.args.get("cote")
            return f"{tile} {SIDE_WORDS[side]}" if isinstance(side, str) else f"Ouvrir avec le {tile}"
        return super().label(session, action)

    def emoji(self, session: Session, action: Action) -> str | None:
        side = action.args.get("cote")
        if action.kind == POSER and isinstance(side, str):
            return SIDE_EMOJI[side]
        return EMOJI.get(action.kind)

    def form_fields(self, session: Session, kind: str) -> list[ArgSpec]:
        if kind != POSER:
            return super().form_fields(session, kind)
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

    def menu_items(self, session: Session) -> list[ui.Item[Any]]:
        assert session.state is not None
        turn = session.state.turn_no
        return [
            MenuButton(button(ids.table_id("tvm", session.id, turn, "me"), HAND_BUTTON, emoji="✋")),
            MenuButton(
                button(
                    ids.table_id("tvm", session.id, turn, "quit"), "Quitter", style=discord.ButtonStyle.danger
                )
            ),
        ]

    # --- the table message ------------------------------------------------------------------------------
    def embed(self, session: Session) -> discord.Embed:
        state = self.state_of(session)
        if state is None:
            return super().embed(session)
        title = self.game.title if state.over else f"{self.game.title} — manche {state.round_no}"
        embed = discord.Embed(title=clip(title, 256), colour=COLOUR)
        embed.description = clip("\n".join(self.round_log(session)) or "La partie commence !", 4000)
        embed.add_field(name="Chaîne", value=clip(self.chain_field(state), 1024), inline=False)
        embed.add_field(
            name=clip(f"Comptes — la chèvre à {state.options.limite} points", 256),
            value=clip(self.accounts_text(session, state), 1024),
            inline=False,
        )
        if state.over:
            embed.add_field(
                name="🐐 Partie terminée", value=clip(self.end_text(session, state), 1024), inline=False
            )
        else:
            embed.add_field(name="À jouer", value=clip(self.turn_text(session, state), 1024), inline=False)
        embed.set_image(url=f"attachment://{CHAIN_FILE}")
        embed.set_footer(text=f"Table n°{session.id} · tour {state.turn_no}")
        return embed

    def round_log(self, session: Session) -> list[str]:
        """The last lines of this round only: a tile laid in the round before may be in a hand now.

        A round's end is kept as its first line; its full table has a message of its own.
        """
        lines = list(session.rec.log)
        ends = [i for i, line in enumerate(lines) if ROUND_END.search(line.split("\n")[0])]
        if ends:
            lines = lines[ends[-1] :]
        return [line.split("\n")[0] for line in lines]

    def chain_field(self, state: ChevreState) -> str:
        bazar = f"Bazar : {plural(len(state.bazar), 'domino')}." if state.bazar else "Le bazar est vide."
        ends = state.ends()
        if ends is None:
            return f"La chaîne est vide. {bazar}"
        return f"{chain_text(state)}\nBouts : **{ends[0]}** à gauche, **{ends[1]}** à droite. {bazar}"

    def accounts_text(self, session: Session, state: ChevreState) -> str:
        """Each seat: its account (or closed), its remembered points, how many tiles it holds."""
        lines = []
        for player in state.players:
            marker = "▶ " if not state.over and player == state.turn_player() else ""
            score = state.scores[player]
            account = "compte ouvert" if score > 0 else "compte fermé"
            memory = state.remembered[player]
            kept = f", {plural(memory, 'point')} en mémoire" if memory else ""
            tiles = plural(len(state.hands[player]), "domino")
            name = clip(session.name(player), 60)
            lines.append(f"{marker}**{name}** : {score} · {account}{kept} · {tiles} en main")
        return "\n".join(lines) or "personne"

    def turn_text(self, session: Session, state: ChevreState) -> str:
        player = state.turn_player()
        who = mention(player, session.rec.names)
        if not state.chain:
            how = "le domino d'ouverture" if state.opening is not None else "le domino de son choix"
            return f"{who} ouvre la manche avec {how}."
        kinds = {a.kind for a in self.game.legal_actions(state, player)}
        if POSER in kinds:
            return f"{who} pose un domino."
        if PIOCHER in kinds:
            return f"{who} n'a rien qui se pose : au bazar !"
        return f"{who} n'a rien qui se pose et le bazar est vide : il faut passer."

    def end_text(self, session: Session, state: ChevreState) -> str:
        names = session.rec.names
        winners = ", ".join(mention(p, names) for p in state.winners) or "personne"
        if not state.chevres:
            return f"Plus assez de joueurs. Gagnant(s) : {winners}."
        goats = ", ".join(f"{mention(p, names)} ({plural(state.scores[p], 'point')})" for p in state.chevres)
        return f"La chèvre : {goats}.\nGagnant(s) : {winners}."

    def files(self, session: Session) -> list[discord.File]:
        state = self.state_of(session)
        if state is None:
            return []
        return [discord.File(io.BytesIO(self.chain_picture(state)), filename=CHAIN_FILE)]

    def chain_picture(self, state: ChevreState) -> bytes:
        """The chain's PNG; the same chain, round and bazar give the very same bytes, drawn once."""
        key = f"{state.round_no}:{len(state.bazar)}:{chain_text(state)}"
        picture = self._pictures.get(key)
        if picture is None:
            picture = render_chain(self.game.view(state, None))
            self._pictures[key] = picture
            if len(self._pictures) > PICTURES_KEPT:
                self._pictures.popitem(last=False)
        else:
            self._pictures.move_to_end(key)
        return picture

    # --- « Ma main » ----------------------------------------------------------------------------------------
    def private(self, session: Session, player: PlayerId) -> str | None:
        """The player's own tiles and what they may do with them, for their eyes only."""
        state = self.state_of(session)
        if state is None or player not in state.hands:
            return None
        hand = sorted(state.hands[player], key=sort_key)
        lines = [f"**Ta main** ({plural(len(hand), 'domino')}) : {tile_list(hand)}"]
        if state.over:
            return "\n".join(lines)
        ends = state.ends()
        if ends is not None:
            lines.append(f"Bouts de la chaîne : {ends[0]} à gauche, {ends[1]} à droite.")
        if state.turn_player() != player:
            lines.append(f"C'est à {session.name(state.turn_player())} de jouer.")
            return "\n".join(lines)
        moves = self.game.legal_actions(state, player)
        kinds = {m.kind for m in moves}
        if not state.chain and state.opening is not None:
            lines.append(f"Tu ouvres la manche avec le **{state.opening}**.")
        elif not state.chain:
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

    def private_view(self, session: Session, player: PlayerId) -> ui.View | None:
        """The player's moves as buttons (one per playable tile and end), or the forced draw or pass."""
        state = self.state_of(session)
        if state is None or state.over:
            return None
        moves = self.game.legal_actions(state, player)
        if not moves:
            return None
        budget = ids.code_budget(session.id, state.turn_no)
        view = ui.View(timeout=None)
        for index, move in enumerate(moves[: GAME_ROWS * PER_ROW]):
            offer = Offer(move, ids.encode_action(move, self.specs.get(move.kind), budget))
            item = super().offer_button(session, state.turn_no, offer)
            item.row = index // PER_ROW
            view.add_item(item)
        return view

    def private_files(self, session: Session, player: PlayerId) -> list[discord.File]:
        """The hand as a picture, the tiles that fit outlined."""
        state = self.state_of(session)
        if state is None or player not in state.hands:
            return []
        hand = sorted(state.hands[player], key=sort_key)
        fits = {t for t in hand if fitting_sides(state, t)} if state.chain else set()
        if not state.chain and not state.over and state.turn_player() == player:
            fits = {state.opening} if state.opening is not None else set(hand)
        return [discord.File(io.BytesIO(render_hand(hand, fits)), filename=HAND_FILE)]

    # --- lines of their own -------------------------------------------------------------------------------
    def announcement(self, session: Session, event: Event) -> str | None:
        if event.kind == "manche_finie":
            return self.round_table(session, event.data)
        if event.kind == "fin" and event.data.get("chevres"):
            scores = event.data.get("scores", {})
            goats = ", ".join(
                f"{mention(p, session.rec.names)} ({plural(scores.get(p, 0), 'point')})"
                for p in event.data["chevres"]
            )
            return f"🐐 La chèvre : {goats} !"
        return None

    def round_table(self, session: Session, data: dict[str, Any]) -> str:
        """The round's scoring: every hand shown, what it counts, what each takes, accounts, memory."""
        who = session.name(data["joueur"])
        if data["fin"] == "sortie":
            head = f"🏁 **Fin de la manche {data['manche']}** : {who} n'a plus de dominos."
        else:
            head = f"🐟 **Poisson de {who}** : fin de la manche {data['manche']}, la chaîne est fermée."
        rows = [("Joueur", "Main", "Marque", "Compte", "Mémoire", "Dominos")]
        for player, hand in data["mains"].items():
            score = data["scores"][player]
            rows.append(
                (
                    clip(session.name(player).replace("`", "'"), NAME_WIDTH),
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
            heavy = [session.name(p) for p, taken in data["marque"].items() if taken]
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
            notes.append(f"{session.name(player)} ouvre son compte à {data['scores'][player]}.")
        return "\n".join([head, "```", *table, "```", *notes])


PRESENTER = ChevrePresenter(GAME)
