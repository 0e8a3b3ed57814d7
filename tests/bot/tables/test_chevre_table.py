"""What players see at a table of Dominos « Chèvre »: counts, accounts and memory in public, never a
tile of a hand; their own tiles and moves in « Ma main »; the chain as a picture; each round's
scoring as a table; the chèvre at the end.

Sessions are built the way the platform builds them (a SessionManager on a real SQLite file, the
game started with a fixed deal), or around a position in the middle of a round with the table's
log written as the manager writes it.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.sessions import Session, SessionManager
from bot.store import SessionRecord, Store
from bot.tables import chevre, presenter_for
from bot.tables.chevre import CHAIN_FILE
from bot.ui import ids
from bot.ui.drawing import draw_table
from bot.ui.forms import form_action, form_fields
from games.chevre import GAME, ChevreOptions, ChevreState, deal_dice, position
from games.chevre.tiles import ALL_TILES, make, sort_key
from games.core import Action, Event
from games.core.autoplay import choose
from speech import words_of
from tests import layout
from tests.games.randomplay import RANDOM_GAMES

from ..conftest import seated_game
from ..test_presenter import check_discord_limits, flat

PRESENTER = chevre.PRESENTER
NAMES = {"1": "Anne", "2": "Bruno", "3": "Chloé", "4": "David"}
# A tile as the channel could read it: « 2-5 » in words, « [2|5] » in the chain's text.
TILE_WORD = re.compile(r"(?<![\d-])([0-6])-([0-6])(?![\d-])|\[([0-6])\|([0-6])\]")
PNG = b"\x89PNG\r\n\x1a\n"

WORDS = words_of("chevre")


def tiles_in(text: str) -> set[str]:
    found = set()
    for match in TILE_WORD.finditer(text):
        a, b = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        found.add(make(int(a), int(b)))
    return found


def chevre_state(session: Session) -> ChevreState:
    assert isinstance(session.state, ChevreState)
    return session.state


def session_at(state: ChevreState, events: list[Event] | None = None) -> Session:
    """A playing table around ``state``; it keeps the public ``events``, as the manager's does."""
    names = {p: NAMES[p] for p in state.players}
    rec = SessionRecord(channel_id=10, game=GAME.name, host_id="1", names=names, status="playing", id=7)
    rec.keep_news(events or [])
    return Session(rec=rec, game=GAME, state=state)


def play(session: Session, player: str, action: Action) -> list[Event]:
    """Applies a move to the table's state and keeps its public events, as the manager does."""
    state, events = GAME.apply(chevre_state(session), player, action, 0)
    session.state = state
    session.rec.keep_news(events)
    return events


def public_text(session: Session) -> str:
    """Everything the channel gets from the table message: the embed and every component's fields."""
    embed = PRESENTER.embed(session).to_dict()
    return json.dumps(embed, ensure_ascii=False) + json.dumps(
        flat(PRESENTER.components(session)), ensure_ascii=False
    )


def fields(session: Session) -> dict[str, str]:
    return {f.name or "": f.value or "" for f in PRESENTER.embed(session).fields}


def labels(view: discord.ui.View | None) -> list[str]:
    return [item["label"] for item in flat(view)] if view is not None else []


def decoded(view: discord.ui.View | None) -> list[Action]:
    """The actions a view's buttons stand for, read back from their custom_ids as the bot reads them."""
    actions = []
    for item in flat(view) if view is not None else []:
        parsed = ids.parse_table_id(item["custom_id"])
        if parsed.prefix == "tv":
            actions.append(ids.decode_action(parsed.tail, GAME.full_vocabulary(), []))
    return actions


def shown_hand(text: str) -> list[str]:
    """The tiles « Ma main » lists on its first line."""
    first = text.split("\n")[0]
    assert first.startswith("**Ta main**"), text
    listed = first.split(" : ", 1)[1]
    return [] if listed == "aucun" else listed.split(" · ")


def rest_of(*used: list[str]) -> list[str]:
    taken = {t for group in used for t in group}
    return [t for t in ALL_TILES if t not in taken]


# Anne to play on a chain 3…5: the 2-5 goes right, the 3-3 left. Bruno and Chloé cannot play.
CHAIN = [(3, 4), (4, 5)]
HANDS = {"1": ["2-5", "3-3", "0-1"], "2": ["4-4", "0-2"], "3": ["6-6", "1-1", "0-0"]}


def middle_of_round(turn: str = "1", **kwargs: Any) -> ChevreState:
    held = [t for hand in HANDS.values() for t in hand]
    bazar = rest_of(held, ["3-4", "4-5"])
    return position(HANDS, CHAIN, bazar, turn=turn, **kwargs)


@pytest.fixture
async def manager(db_path: Path) -> AsyncIterator[SessionManager]:
    store = await Store.open(db_path)
    manager = SessionManager(store, {"chevre": GAME})
    yield manager
    await manager.close()
    await store.close()


def test_the_game_has_its_own_presenter() -> None:
    assert presenter_for(GAME) is PRESENTER


def test_the_table_shows_counts_accounts_and_memory_but_no_tile_of_a_hand() -> None:
    session = session_at(middle_of_round(scores={"2": 20}, remembered={"1": 8, "3": 4}))
    shown = fields(session)
    assert shown["Chaîne"] == "[3|4][4|5]\nBouts : **3** à gauche, **5** à droite. Bazar : 18 dominos."
    assert shown["Comptes — la chèvre à 101 points"] == (
        "▶ **Anne** : 0 · compte fermé, 8 points en mémoire · 3 dominos en main\n"
        "**Bruno** : 20 · compte ouvert · 2 dominos en main\n"
        "**Chloé** : 0 · compte fermé, 4 points en mémoire · 3 dominos en main"
    )
    assert shown["À jouer"] == "<@1> pose un domino."
    assert labels(PRESENTER.components(session)) == ["Poser un domino…", "Ma main", "Exclure…", "Quitter"]
    check_discord_limits(PRESENTER.components(session))
    text = public_text(session)
    assert tiles_in(text) == {"3-4", "4-5"}  # the chain, nothing else
    for tile in [t for hand in HANDS.values() for t in hand]:
        assert tile not in text and tile[::-1] not in text


def test_ma_main_shows_exactly_my_tiles_and_the_moves_the_rules_allow() -> None:
    session = session_at(middle_of_round())
    assert PRESENTER.private(session, "1") == (
        "**Ta main** (3 dominos) : 0-1 · 2-5 · 3-3\n"
        "Bouts de la chaîne : 3 à gauche, 5 à droite.\n"
        "Tu peux poser : 2-5 à droite · 3-3 à gauche.\n"
        "Sur la table, « Poser un domino… » : écris le domino, et le bout s'il en faut un."
    )
    assert PRESENTER.private(session, "2") == (
        "**Ta main** (2 dominos) : 0-2 · 4-4\nBouts de la chaîne : 3 à gauche, 5 à droite.\nC'est à Anne de jouer."
    )
    assert PRESENTER.private(session, "4") is None  # not seated: nothing hidden to show


def test_the_private_buttons_are_the_engines_moves_and_the_hand_picture_is_the_hand() -> None:
    state = middle_of_round()
    session = session_at(state)
    view = PRESENTER.private_view(session, "1")
    assert labels(view) == ["2-5 à droite", "3-3 à gauche"]
    assert decoded(view) == GAME.legal_actions(state, "1")
    assert view is not None
    check_discord_limits(view)
    assert PRESENTER.private_view(session, "2") is None  # not Bruno's turn: nothing to click
    [picture] = PRESENTER.private_files(session, "1")
    assert picture.filename == "main.png" and picture.fp.read().startswith(PNG)


def test_the_chain_and_hand_pictures_say_their_tiles_in_words_for_screen_readers() -> None:
    session = session_at(middle_of_round())
    [chain] = PRESENTER.files(session)
    assert chain.description == "Manche 2 · bouts : 3 et 5 · bazar : 18 — 3-4 · 4-5"
    [english] = PRESENTER.files(session, "en")
    assert english.description is not None and english.description.endswith("— 3-4 · 4-5")
    assert english.description != chain.description
    [hand] = PRESENTER.private_files(session, "1")
    assert hand.description == "Ta main (3 dominos) : 0-1 · 2-5 · 3-3"


def test_a_player_with_nothing_to_lay_is_offered_the_bazar_and_only_the_bazar() -> None:
    session = session_at(middle_of_round(turn="2"))
    view = PRESENTER.components(session)
    assert labels(view) == ["Piocher au bazar (18 dominos)", "Ma main", "Exclure…", "Quitter"]
    assert decoded(view) == [Action(kind="piocher")]
    assert fields(session)["À jouer"] == "<@2> n'a rien qui se pose : au bazar !"
    assert (PRESENTER.private(session, "2") or "").endswith("Aucun domino ne se pose : pioche au bazar.")
    assert labels(PRESENTER.private_view(session, "2")) == ["Piocher au bazar (18 dominos)"]
    play(session, "2", Action(kind="piocher"))
    # The draw is public, the tile is not: the channel sees one more domino in Bruno's hand.
    assert (
        "**Bruno** : 0 · compte fermé · 3 dominos en main"
        in fields(session)["Comptes — la chèvre à 101 points"]
    )
    drawn = chevre_state(session).hands["2"][-1]
    assert drawn not in public_text(session)
    assert drawn in shown_hand(PRESENTER.private(session, "2") or "")


def test_passing_is_offered_only_when_nothing_fits_and_the_bazar_is_empty() -> None:
    hands = {
        "1": ["0-0", "0-1", "1-1"],
        "2": ["2-2", "0-2"],
        "3": rest_of(["0-0", "0-1", "1-1", "2-2", "0-2"]),
    }
    hands["3"] = [t for t in hands["3"] if t not in {"5-6", "6-6"}]
    state = position(hands, [(5, 6), (6, 6)], [], turn="1")
    session = session_at(state)
    assert labels(PRESENTER.components(session)) == ["Passer", "Ma main", "Exclure…", "Quitter"]
    assert fields(session)["À jouer"] == "<@1> n'a rien qui se pose et le bazar est vide : il faut passer."
    assert "Le bazar est vide." in fields(session)["Chaîne"]
    play(session, "1", Action(kind="passer"))
    assert labels(PRESENTER.components(session)) == ["Passer", "Ma main", "Exclure…", "Quitter"]  # Bruno neither
    play(session, "2", Action(kind="passer"))
    assert labels(PRESENTER.components(session))[0] == "Poser un domino…"  # Chloé holds the 5s and 6s


def test_the_chain_picture_is_drawn_once_per_change_and_shown_in_the_embed() -> None:
    session = session_at(middle_of_round())
    [first] = PRESENTER.files(session)
    [again] = PRESENTER.files(session)
    assert first.filename == CHAIN_FILE and PRESENTER.embed(session).image.url == f"attachment://{CHAIN_FILE}"
    before = first.fp.read()
    assert before.startswith(PNG) and again.fp.read() == before
    view = GAME.seen(chevre_state(session), None)
    assert PRESENTER.chain_picture(view) is PRESENTER.chain_picture(view)
    play(session, "1", Action(kind="poser", args={"tuile": "2-5", "cote": "droite"}))
    [after] = PRESENTER.files(session)
    assert after.fp.read() != before


def round_rows(announcement: str) -> dict[str, list[str]]:
    """The round's table under its header, row by row: the name, then the columns."""
    header, *rows = announcement.split("```")[1].strip("\n").split("\n")
    assert header.split() == ["Joueur", "Main", "Marque", "Compte", "Mémoire", "Dominos"]
    return {line.split()[0]: line.split() for line in rows}


def test_a_round_ends_with_its_scoring_table_and_the_new_round_starts_clean() -> None:
    hands = {"1": ["2-5"], "2": ["0-1", "0-6"], "3": ["6-6", "4-4"]}
    held = [t for hand in hands.values() for t in hand]
    state = position(
        hands, CHAIN, rest_of(held, ["3-4", "4-5"]), turn="1", remembered={"1": 4, "2": 5, "3": 3}
    )
    session = session_at(state)
    events = play(session, "1", Action(kind="poser", args={"tuile": "2-5"}))
    [ended] = [e for e in events if e.kind == "manche_finie"]
    assert PRESENTER.announcement(session, ended) == (
        "🏁 **Fin de la manche 2** : Anne n'a plus de dominos.\n"
        "```\n"
        "Joueur  Main  Marque  Compte  Mémoire  Dominos\n"
        "Anne       0       0   fermé        0  —\n"
        "Bruno      7       7   fermé       12  0-1 0-6\n"
        "Chloé     20      20      23        0  4-4 6-6\n"
        "```\n"
        "Anne sort : sa mémoire est effacée.\n"
        "Chloé ouvre son compte à 23."
    )
    # The table of the new round: memory and the opened account, and only this round's lines.
    assert PRESENTER.embed(session).title == "Dominos « Chèvre » — manche 3"
    assert PRESENTER.embed(session).description == (
        "Anne n'a plus de dominos : fin de la manche 2.\n"
        "Manche 3 : sept dominos chacun, 7 dominos au bazar. Anne ouvre avec le domino de son choix."
    )
    accounts = fields(session)["Comptes — la chèvre à 101 points"]
    assert "**Bruno** : 0 · compte fermé, 12 points en mémoire · 7 dominos en main" in accounts
    assert "**Chloé** : 23 · compte ouvert · 7 dominos en main" in accounts
    assert fields(session)["À jouer"] == "<@1> ouvre la manche avec le domino de son choix."
    new_hands = chevre_state(session).hands
    assert not tiles_in(public_text(session)) & {t for hand in new_hands.values() for t in hand}
    assert "Tu ouvres la manche : pose le domino de ton choix." in (PRESENTER.private(session, "1") or "")
    assert len(GAME.legal_actions(chevre_state(session), "1")) == 7
    assert labels(PRESENTER.private_view(session, "1")) == [
        f"Ouvrir avec le {t}" for t in sorted(new_hands["1"], key=sort_key)
    ]


def test_a_tied_poisson_makes_two_chevres_and_the_table_says_so() -> None:
    # All seven 6s end up on the chain with a 6 at both ends: the chain is closed (a poisson).
    chain = [(6, 0), (0, 1), (1, 6), (6, 6), (6, 2), (2, 3), (3, 6), (6, 4), (4, 5)]
    hands = {"1": ["5-6", "0-2"], "2": ["5-5"], "3": ["4-4", "1-1"]}
    chained = [make(a, b) for a, b in chain]
    held = [t for hand in hands.values() for t in hand]
    state = position(hands, chain, rest_of(held, chained), turn="1", options=ChevreOptions(limite=20))
    session = session_at(state)
    events = play(session, "1", Action(kind="poser", args={"tuile": "5-6", "cote": "droite"}))
    [ended] = [e for e in events if e.kind == "manche_finie"]
    text = PRESENTER.announcement(session, ended) or ""
    assert text.startswith("🐟 **Poisson de Anne** : fin de la manche 2, la chaîne est fermée.\n```")
    assert round_rows(text) == {
        "Anne": ["Anne", "2", "0", "fermé", "0", "0-2"],
        "Bruno": ["Bruno", "10", "22", "22", "0", "5-5"],
        "Chloé": ["Chloé", "10", "22", "22", "0", "1-1", "4-4"],
    }
    assert text.endswith(
        "Mains les plus lourdes à égalité (Bruno, Chloé) : chacune prend les 22 points de la table.\n"
        "Bruno ouvre son compte à 22.\nChloé ouvre son compte à 22."
    )
    [end] = [e for e in events if e.kind == "fin"]
    assert PRESENTER.announcement(session, end) == "🐐 La chèvre : <@2> (22 points), <@3> (22 points) !"
    embed = PRESENTER.embed(session)
    assert embed.title == "Dominos « Chèvre »"
    assert fields(session)["🐐 Partie terminée"] == (
        "La chèvre : <@2> (22 points), <@3> (22 points).\nGagnant : <@1>."
    )
    assert "À jouer" not in fields(session)
    assert labels(PRESENTER.components(session)) == ["Revanche"]  # nothing left to play


async def test_a_fixed_deal_played_through_the_manager_and_the_form(manager: SessionManager) -> None:
    """The opener is told their tile privately; a tile is typed in the form, in any writing."""
    anne = ["1-1", "1-2", "2-2", "3-4", "5-6", "0-0", "0-3"]
    bruno = ["1-3", "2-4", "4-4", "0-5", "6-6", "3-5", "2-6"]
    session = await seated_game(manager, ("1", "2"), game="chevre", loaded=deal_dice([anne, bruno]))
    assert fields(session)["À jouer"] == "<@1> ouvre la manche avec le domino d'ouverture."
    assert "Tu ouvres la manche avec le **1-1**." in (PRESENTER.private(session, "1") or "")
    assert "1-1" not in public_text(session)
    assert shown_hand(PRESENTER.private(session, "2") or "") == sorted(bruno, key=sort_key)
    [form] = [i for i in flat(PRESENTER.components(session)) if i["custom_id"].startswith("tvq:")]
    assert form["label"] == "Poser un domino…"
    assert [f.name for f in form_fields(session.game, "poser")] == ["tuile", "cote"]

    wrong = await manager.act(session.id, "1", form_action(session, "poser", {"tuile": "2-2"}), 0)
    assert wrong.error is not None and WORDS.explain(wrong.error, "fr") == "La première manche s'ouvre avec le 1-1."
    opened = await manager.act(session.id, "1", form_action(session, "poser", {"tuile": " 1:1 "}), 0)
    assert opened.error is None
    assert fields(session)["Chaîne"].startswith("[1|1]\nBouts : **1** à gauche, **1** à droite.")
    assert "Tu peux poser : 1-3 à gauche ou à droite." in (PRESENTER.private(session, "2") or "")

    laid = await manager.act(
        session.id, "2", form_action(session, "poser", {"tuile": "3-1", "cote": "Droite"}), 0
    )
    assert laid.error is None
    assert chevre_state(session).chain == [(1, 1), (1, 3)]
    assert PRESENTER.news(session)[-1] == "J2 pose le 1-3 à droite. Bouts : 1 et 3. Il lui reste 6 dominos."
    assert "Tu peux poser : 0-3 à droite · 1-2 à gauche · 3-4 à droite." in (
        PRESENTER.private(session, "1") or ""
    )
    check_discord_limits(PRESENTER.components(session))


def check_table(session: Session) -> None:
    """What every state of a game must show: no hand in public, each hand to its owner, the engine's moves."""
    state = chevre_state(session)
    held = {t for hand in state.hands.values() for t in hand}
    text = public_text(session)
    assert not tiles_in(text) & held, "a tile of a hand on the table"
    view = PRESENTER.components(session)
    check_discord_limits(view)
    assert not tiles_in(json.dumps(flat(view))), "a tile on a public button"
    assert len(PRESENTER.embed(session)) <= 6000
    for player in state.players:
        private = PRESENTER.private(session, player) or ""
        assert shown_hand(private) == sorted(state.hands[player], key=sort_key)
        assert len(private) <= 2000
    if state.over:
        assert [b["label"] for b in flat(view)] == ["Revanche"]  # the game's buttons gone
        return
    turn = state.turn_player()
    moves = GAME.legal_actions(state, turn)
    kinds = [i["custom_id"].split(":")[3] for i in flat(view)]
    assert ("poser" in kinds) == any(m.kind == "poser" for m in moves)
    assert ("piocher" in kinds) == (moves == [Action(kind="piocher")])
    assert ("passer" in kinds) == (moves == [Action(kind="passer")])
    mine = PRESENTER.private_view(session, turn)
    assert mine is not None
    check_discord_limits(mine)
    assert decoded(mine) == moves
    for other in state.players:
        if other != turn:
            assert PRESENTER.private_view(session, other) is None


@pytest.mark.parametrize("seed", range(max(3, RANDOM_GAMES // 100)))
def test_every_state_of_a_random_game_keeps_hands_private_and_fits_discord(seed: int) -> None:
    rng = random.Random(seed)
    players = ["1", "2", "3", "4"][: 2 + seed % 3]
    state, events = GAME.start(players, {"limite": 101 if seed % 2 else 40}, seed=seed)
    session = session_at(state, events)
    now = 0
    for _ in range(2000):
        check_table(session)
        if chevre_state(session).over:
            break
        move = choose(GAME, chevre_state(session), rng, now)
        assert move is not None
        player, action, now = move
        for event in play(session, player, action):
            line = PRESENTER.announcement(session, event)
            assert line is None or len(line) <= 2000
    assert chevre_state(session).over


def channel_rendering(session: Session) -> tuple[str, list[bytes]]:
    """All the channel gets from the table: embed and components in text, pictures in bytes."""
    return public_text(session), [f.fp.read() for f in PRESENTER.files(session)]


def dealt_again(state: ChevreState, rng: random.Random) -> ChevreState:
    """The same table with the hidden tiles (hands and bazar) dealt anew, every count kept."""
    hidden = [t for hand in state.hands.values() for t in hand] + list(state.bazar)
    rng.shuffle(hidden)
    hands, start = {}, 0
    for player, hand in state.hands.items():
        hands[player] = hidden[start : start + len(hand)]
        start += len(hand)
    return state.model_copy(update={"hands": hands, "bazar": hidden[start:]})


@pytest.mark.parametrize("seed", range(3))
def test_the_channel_sees_the_same_table_whatever_the_hidden_hands(seed: int) -> None:
    # Hands dealt anew change what the rules let the player to act do (lay, draw or pass), which the
    # channel is told; any other change to the hidden tiles must leave the channel's table as it was.
    rng = random.Random(seed)
    state, events = GAME.start(["1", "2", "3"], seed=seed)
    session = session_at(state, events)
    compared = 0
    for _ in range(60):
        if chevre_state(session).over:
            break
        before = channel_rendering(session)
        for _ in range(20):
            other = dealt_again(chevre_state(session), rng)
            if other.hands != chevre_state(session).hands and GAME.view(other, None) == GAME.view(
                chevre_state(session), None
            ):
                twin = Session(rec=session.rec, game=GAME, state=other)
                assert channel_rendering(twin) == before
                compared += 1
                break
        move = choose(GAME, chevre_state(session), rng, 0)
        assert move is not None
        play(session, move[0], move[1])
    assert compared > 20


@pytest.mark.bot_errors(r"le présentateur de chevre a échoué")
async def test_a_failing_presenter_never_falls_back_to_buttons_that_name_a_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = session_at(middle_of_round())

    def broken(self: Any, session: Session) -> list[discord.File]:
        raise ValueError("bug in a presenter")

    monkeypatch.setattr(type(PRESENTER), "files", broken)
    drawn = await draw_table(session)
    text = json.dumps(drawn.view.to_components(), ensure_ascii=False)
    for tile in [t for hand in HANDS.values() for t in hand]:
        assert tile not in text and tile[::-1] not in text
    assert "Quitter" in layout.labels(drawn.view) and "Mon jeu" in layout.labels(drawn.view)
