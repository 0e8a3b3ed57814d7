"""A whole game of Dominos « Chèvre » through the Discord emulator: the real bot from ``/jouer`` to the
chèvre, three players clicking *Ma main* to see their tiles privately, laying them through the
private form, drawing and passing when the rules force them.

Checked after every click: no tile of anybody's hand is in a message the channel can see (words,
embeds, buttons, their custom_ids), and no private answer shows a player a tile of another hand.
Hands are shown only when a round ends, by the rules, and then exactly those of the round ending.

The deal: a seed alone (``graine=``) would not give Arthur the 1-1, so the bot is given
``DealtChevre`` (tests/e2e/dice.py): the real game whose first deal is chosen (Arthur holds the 1-1
and opens), then a fixed seed. With ``limite=13`` the first account to open makes the chèvre, so the game stays short.
The channel's rate limit is raised (``tavern.at_test_speed()``): a ping or a round's table a turn would
otherwise be paced to Discord's 5 per 5 s, which the emulator's own tests cover.
"""

from __future__ import annotations

import re
import time

from bot.sessions import Session
from emulator import Emulator, InteractionRecord, Message, User
from games.chevre import ChevreState
from games.chevre.tiles import make, sort_key
from games.core import PlayerId
from tests import layout
from tests.e2e.dice import DealtChevre
from tests.e2e.table import open_table, seat_and_start
from tests.e2e.tavern import Tavern

FIRST_DEAL = [
    ["1-1", "0-2", "2-3", "3-5", "4-6", "0-5", "1-4"],  # Arthur
    ["2-2", "0-1", "1-3", "2-5", "3-6", "4-5", "0-6"],  # Perceval
    ["3-3", "1-2", "0-3", "1-6", "2-4", "5-6", "0-4"],  # Karadoc
]
SEED = 11
MAX_TURNS = 400
MENTION = re.compile(r"<@(\d+)>")
TILE_WORD = re.compile(r"(?<![\d-])([0-6])-([0-6])(?![\d-])|\[([0-6])\|([0-6])\]")
MOVE = re.compile(r"([0-6]-[0-6]) (à gauche|à droite)")
OPENING = re.compile(r"Tu ouvres la manche avec le \*\*([0-6]-[0-6])\*\*")
# Nothing sent for this long after a move: the bot has said all it had to say.
QUIET_S = 0.2


def tiles_in(text: str) -> set[str]:
    found = set()
    for match in TILE_WORD.finditer(text):
        a, b = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        found.add(make(int(a), int(b)))
    return found


def everything_in(message: Message) -> str:
    """What any client can read of a message: its words, and its components' labels and custom_ids."""
    parts = [message.text()]
    for component in message.iter_components():
        parts += [component.label or "", component.custom_id or ""]
        parts += [f"{o.get('label', '')} {o.get('value', '')}" for o in component.raw.get("options") or []]
    return "\n".join(parts)


def fields(message: Message) -> dict[str, str]:
    return layout.fields(message.components)


def state_of(session: Session) -> ChevreState:
    """The bot's own state of the table (kept by the test: the manager lets go of a finished table)."""
    assert isinstance(session.state, ChevreState)
    return session.state


def is_round_table(message: Message) -> bool:
    return "fin de la manche" in message.content.lower() and "```" in message.content


def round_hands(message: Message) -> dict[str, list[str]]:
    """The hands a round's table shows, by player name."""
    _, *rows = message.content.split("```")[1].strip("\n").split("\n")
    out = {}
    for row in rows:
        name, *columns = row.split()
        out[name] = [c for c in columns[4:] if c != "—"]
    return out


class Watch:
    """Everything the bot has shown so far, checked against the hands as they are now."""

    def __init__(self, emu: Emulator, tavern: Tavern, session: Session) -> None:
        self.emu, self.tavern, self.session = emu, tavern, session
        self.seen: set[int] = set()
        self.round_tables = 0

    def name_of(self, player: PlayerId) -> str:
        return self.session.name(player)

    def check(self, ended_hands: dict[PlayerId, list[str]] | None) -> None:
        """``ended_hands``: the hands of the round the last click ended, shown by its round table."""
        state = state_of(self.session)
        held = {t for hand in state.hands.values() for t in hand}
        by_user = {u.id: str(u.id) for u in self.tavern.players}
        for message in self.tavern.channel.messages:
            new = message.id not in self.seen
            self.seen.add(message.id)
            if message.visible_to is not None:
                if new:
                    viewer = by_user.get(message.visible_to.id)
                    own = set(state.hands.get(viewer, [])) if viewer is not None else set()
                    others = held - own
                    assert not tiles_in(everything_in(message)) & others, (
                        f"{message.visible_to.name} sees another hand: {message.text()}"
                    )
                continue
            if is_round_table(message):
                if new:
                    assert ended_hands is not None, message.content
                    shown = round_hands(message)
                    assert shown == {self.name_of(p): sorted(h, key=sort_key) for p, h in ended_hands.items()}
                    self.round_tables += 1
                continue
            leaked = tiles_in(everything_in(message)) & held
            assert not leaked, f"the channel sees {leaked} of a hand: {everything_in(message)}"


async def quiet(emu: Emulator, what: str, still_s: float = QUIET_S, timeout: float = 5.0) -> None:
    """Waits until the bot has called nothing for ``still_s``: whatever it had to say is said."""
    seen = [len(emu.calls), time.monotonic()]

    def still() -> bool:
        if len(emu.calls) != seen[0]:
            seen[:] = [len(emu.calls), time.monotonic()]
        return time.monotonic() - seen[1] >= still_s

    await emu.wait_until(still, timeout, what)


async def after_click(
    emu: Emulator,
    tavern: Tavern,
    count: int,
    reply: InteractionRecord,
    before: ChevreState,
    after: ChevreState,
) -> None:
    """Waits for what closes a move; the table itself was edited by the click's answer. A round's
    end is announced with its table (and the end of the game with it); a new player to act is
    pinged; a move that leaves the same player to act (a bazar draw) pings nobody — they are
    looking at the table —, so the drawn tile, told to the drawer alone, closes it, then the channel
    stays quiet."""
    player = before.turn_player()
    if after.over or after.round_no != before.round_no:

        def ended(message: Message) -> bool:
            return is_round_table(message) and (not after.over or "🏆" in message.content)

        await emu.wait_until(
            lambda: any(ended(m) for m in tavern.channel.public_messages[count:]), 5, "the round's table"
        )
        return
    if after.turn_player() != player:
        ping = f"<@{after.turn_player()}>, à toi !"
        await emu.wait_until(
            lambda: any(ping in m.content for m in tavern.channel.public_messages[count:]), 5, ping
        )
        return
    await emu.wait_until(
        lambda: any(m.text().startswith("Tu pioches le ") for m in reply.followups), 5, "the tile drawn"
    )
    await quiet(emu, "the channel to be quiet after a draw")
    assert len(tavern.channel.public_messages) == count, "a draw is no news for the channel"


async def my_hand(emu: Emulator, table: Message, user: User, hand: list[str]) -> str:
    """*Ma main*: a private answer with exactly the player's own tiles."""
    reply = await emu.click(table, user, label="Ma main")
    assert reply.ephemeral and reply.message is not None and reply.message.visible_to == user, reply
    text = reply.content
    first = text.split("\n")[0]
    assert first == f"**Ta main** ({len(hand)} domino{'s' if len(hand) > 1 else ''}) : " + " · ".join(
        sorted(hand, key=sort_key)
    )
    return text


async def lay(emu: Emulator, table: Message, user: User, tile: str, side: str | None) -> InteractionRecord:
    opened = await emu.click(table, user, label="Poser un domino…")
    assert opened.response_type == 9 and opened.modal is not None, opened
    assert opened.modal["title"] == "Poser un domino"
    values = {"tuile": tile} | ({"cote": side} if side else {})
    return await emu.submit_modal(opened, values)


async def test_a_whole_game_by_clicks_with_private_hands(emu: Emulator, tavern: Tavern) -> None:
    tavern.at_test_speed()
    arthur, perceval, karadoc = tavern.players
    users = {str(u.id): u for u in tavern.players}
    async with tavern.bot({"chevre": DealtChevre(FIRST_DEAL, fixed_seed=SEED)}) as bot:
        table = await open_table(emu, tavern.channel, arthur, "chevre", "limite=13")
        await seat_and_start(emu, table, arthur, [perceval, karadoc])
        session = bot.manager.in_channel(tavern.channel.id)
        assert session is not None
        watch = Watch(emu, tavern, session)
        watch.check(None)
        shown = fields(table)
        assert shown["À jouer"] == f"<@{arthur.id}> ouvre la manche avec le domino d'ouverture."
        assert shown["Comptes — la chèvre à 13 points"].startswith(
            "▶ **Arthur** : 0 · compte fermé · 7 dominos en main"
        )
        assert table.button_labels == ["Poser un domino…", "Ma main", "Exclure…", "Quitter"]
        assert table.attachment("chaine.png").data.startswith(b"\x89PNG")

        # Somebody not seated has no hand; Perceval cannot lay out of turn, and is told so privately.
        nothing = await emu.click(table, tavern.outsider, label="Ma main")
        assert nothing.ephemeral and nothing.content == "Tu n'as rien de caché à cette table."
        # The form does not even open for him: the click itself is answered.
        refused = await emu.click(table, perceval, label="Poser un domino…")
        assert refused.modal is None and refused.ephemeral and refused.content == "Ce n'est pas ton tour."
        # /scores shows Karadoc the table as the channel sees it: counts, no tile.
        scores = await emu.slash(tavern.channel, karadoc, "scores")
        assert scores.ephemeral and "7 dominos en main" in scores.content
        watch.check(None)

        kinds: list[str] = []
        for _ in range(MAX_TURNS):
            state = state_of(session)
            if state.over:
                break
            [named] = MENTION.findall(fields(table)["À jouer"])
            player = state.turn_player()
            assert named == player
            user = users[player]
            hands_before = {p: list(h) for p, h in state.hands.items()}
            text = await my_hand(emu, table, user, state.hands[player])
            watch.check(None)
            count = len(tavern.channel.public_messages)
            opening = OPENING.search(text)
            moves = MOVE.findall(text.split("Tu peux poser : ")[-1]) if "Tu peux poser" in text else []
            if opening or "pose le domino de ton choix" in text:
                tile = opening.group(1) if opening else sorted(state.hands[player], key=sort_key)[-1]
                reply, laid = await lay(emu, table, user, tile, None), tile
                kinds.append("ouvrir")
            elif moves:
                tile, where = moves[0]
                reply, laid = await lay(emu, table, user, tile, where.split()[-1]), tile
                kinds.append("poser")
            elif "pioche au bazar" in text:
                assert table.button_labels[0].startswith("Piocher au bazar")
                reply, laid = await emu.click(table, user, label=table.button_labels[0]), ""
                kinds.append("piocher")
            else:
                assert "passe." in text and table.button_labels[0] == "Passer", text
                reply, laid = await emu.click(table, user, label="Passer"), ""
                kinds.append("passer")
            assert reply.response_type == 7 and not reply.errors, reply
            await after_click(emu, tavern, count, reply, state, state_of(session))
            if kinds[-1] == "piocher":
                # The tile drawn is told to the drawer alone; the channel learns the bazar's size.
                [drawn] = [m for m in reply.followups if m.text().startswith("Tu pioches le ")]
                assert drawn.visible_to == user
                assert tiles_in(drawn.text()) == {state_of(session).hands[player][-1]}
            after = state_of(session)
            ended = after.round_no != state.round_no or after.over
            ended_hands = {p: [t for t in h if t != laid] for p, h in hands_before.items()} if ended else None
            watch.check(ended_hands)
            if not after.over:
                assert table.attachment("chaine.png").data.startswith(b"\x89PNG")
        state = state_of(session)
        assert state.over and state.chevres, kinds
        assert watch.round_tables == state.round_no
        shown = fields(table)
        goats = ", ".join(f"<@{p}> ({state.scores[p]} points)" for p in state.chevres)
        assert shown["🐐 Partie terminée"].startswith(f"La chèvre : {goats}.")
        assert "À jouer" not in shown and table.button_labels == ["Revanche"]
        last = tavern.channel.public_messages[-1].content
        assert f"🐐 La chèvre : {goats} !" in last and "🏆 Partie de Dominos « Chèvre » terminée !" in last
        # What this deal and seed went through, so the loop is known to have met each kind of turn.
        assert set(kinds) == {"ouvrir", "poser", "piocher", "passer"} and state.round_no == 2
        [first_round] = [m for m in tavern.channel.public_messages if "**Fin de la manche 1**" in m.content]
        # Karadoc went out, so he opens the next round: he has just played, nobody is pinged.
        assert first_round.content == (
            "🏁 **Fin de la manche 1** : Karadoc n'a plus de dominos.\n"
            "```\n"
            "Joueur    Main  Marque  Compte  Mémoire  Dominos\n"
            "Arthur      10      10   fermé       10  0-0 4-6\n"
            "Perceval     9       9   fermé        9  3-6\n"
            "Karadoc      0       0   fermé        0  —\n"
            "```\n"
            "Karadoc sort : sa mémoire est effacée."
        )
    emu.assert_no_violations()
