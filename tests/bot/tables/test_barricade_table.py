"""What players see at a Barricade table: the board picture attached (drawn again only when it
changes), whose turn with the player's colour, who has how many miners in the tent, on the way and
in the mine; the moves of a throw as buttons numbered like the picture's markers, the barrier's new
place as a row then a point, always within Discord's limits.

Sessions are built the way the platform builds them (a SessionManager on a real SQLite file, the
game started with loaded dice). Positions near the interesting moments are set by writing the
table's state, as a stored table is restored; clicks go through the platform's own translation of a
custom_id (and a select's value) into an action.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.render.barricade import render_board
from bot.sessions import Session, SessionManager
from bot.store import SessionRecord, Store
from bot.tables import presenter_for
from bot.tables.arrangement import grid
from bot.tables.barricade import BarricadePresenter
from bot.ui import ids
from bot.ui.decoding import decode_click
from games.barricade import GAME, BarricadeState, barrier_spots_by_row, numbered_destinations
from games.core import Action, Event
from games.core.autoplay import choose
from tests.games.barricade.positions import BOARD, MINE, Where, position
from tests.games.randomplay import RANDOM_GAMES

from ..conftest import seated_game
from ..test_presenter import check_discord_limits, flat

ALICE, BOB, CAROL = "111", "222", "333"
CHANNEL = 10
THROW = Action(kind="lancer")
ALICE_STARTS = [6, 1]  # the throws for the turn order
START_BARRIERS = [(BOARD.point(b).x, BOARD.point(b).y) for b in BOARD.barriers]


@pytest.fixture
async def manager(db_path: Path) -> AsyncIterator[SessionManager]:
    store = await Store.open(db_path)
    manager = SessionManager(store, {"barricade": GAME})
    yield manager
    await manager.close()
    await store.close()


async def table(manager: SessionManager, dice: list[int], players: tuple[str, ...] = (ALICE, BOB)) -> Session:
    return await seated_game(manager, players, channel=CHANNEL, game="barricade", loaded=dice)


async def table_at(
    manager: SessionManager,
    miners: dict[str, list[Where]],
    dice: list[int],
    barriers: list[tuple[int, int]] | None = None,
) -> Session:
    """A started table of Alice and Bob put at a set position (Alice to throw ``dice`` next)."""
    session = await table(manager, ALICE_STARTS)
    state = position(miners, barriers=barriers, dice=dice)
    session.state = state
    session.rec.state = state.model_dump_json()
    await manager.store.save_session(session.rec)
    return session


def state_of(session: Session) -> BarricadeState:
    assert isinstance(session.state, BarricadeState)
    return session.state


def presenter(session: Session) -> BarricadePresenter:
    found = presenter_for(session.game)
    assert isinstance(found, BarricadePresenter)
    return found


async def play(manager: SessionManager, session: Session, player: str, action: Action) -> list[Event]:
    outcome = await manager.act(session.id, player, action, 0)
    assert outcome.error is None, outcome.error
    return outcome.events


def fields(session: Session) -> dict[str, str]:
    embed = presenter(session).embed(session)
    return {f.name or "": f.value or "" for f in embed.fields}


def items(session: Session, row: str | None = None) -> list[dict[str, Any]]:
    view = grid(presenter(session).buttons(session, row=row))
    check_discord_limits(view)
    return flat(view)


def labels(session: Session) -> list[str]:
    return [i["label"] for i in items(session) if i["type"] == 2]


def selects(session: Session, row: str | None = None) -> list[dict[str, Any]]:
    return [i for i in items(session, row) if i["type"] == 3]


def picture(session: Session) -> bytes:
    [file] = presenter(session).files(session)
    assert file.filename == "plateau.png"
    data = file.fp.read()
    assert data.startswith(b"\x89PNG")
    return data


async def click(
    manager: SessionManager, session: Session, player: str, label: str, row: str | None = None
) -> list[Event]:
    """Clicks the button or picks the select option showing ``label``, as the platform translates it."""
    for item in items(session, row):
        hit = [o["value"] for o in item.get("options", []) if o["label"] == label]
        if item["type"] == 2 and item.get("label") == label:
            hit = []
        elif not hit:
            continue
        _, turn, action = decode_click(manager, CHANNEL, item["custom_id"], hit)
        outcome = await manager.act(session.id, player, action, 0, turn=turn)
        assert outcome.error is None, outcome.error
        return outcome.events
    raise AssertionError(f"nothing shows « {label} »")


def announced(session: Session, events: list[Event]) -> list[str]:
    return [line for e in events if (line := presenter(session).announcement(session, e))]


async def test_the_opening_table_shows_the_board_whose_turn_in_colour_and_every_miner_in_the_tent(
    manager: SessionManager,
) -> None:
    session = await table(manager, ALICE_STARTS)
    embed = presenter(session).embed(session)
    assert embed.title == "⛏️ Barricade / Ruée vers l'or"
    assert embed.image.url == "attachment://plateau.png"
    assert (embed.footer.text or "").endswith("rangées A (départ) à J, colonnes 1 à 23")
    picture(session)
    shown = fields(session)
    assert shown["À jouer"] == "🔴 <@111> (rouge) lance le dé."
    assert shown["Mineurs"] == (
        "▶ 🔴 **J111** : ⛺ 5 sous la tente · 🛤️ 0 en route · ⛏️ 0/5 à la mine\n"
        "🔵 **J222** : ⛺ 5 sous la tente · 🛤️ 0 en route · ⛏️ 0/5 à la mine"
    )
    assert "Ordre de jeu : J111 (rouge), J222 (bleu)." in (embed.description or "")
    assert labels(session) == ["Lancer le dé", "Exclure…", "Quitter"]  # nothing is hidden: no « Mon jeu »


async def test_colours_follow_the_seats_and_the_list_follows_the_turn_order(manager: SessionManager) -> None:
    session = await table(manager, [2, 5, 3], players=(ALICE, BOB, CAROL))
    shown = fields(session)
    assert shown["À jouer"] == "🔵 <@222> (bleu) lance le dé."
    assert [line.split(" : ")[0] for line in shown["Mineurs"].splitlines()] == [
        "▶ 🔵 **J222**",
        "🟢 **J333**",
        "🔴 **J111**",
    ]


async def test_the_move_buttons_are_the_engines_numbered_destinations_and_the_picture_shows_them(
    manager: SessionManager,
) -> None:
    session = await table(manager, [*ALICE_STARTS, 3])
    await play(manager, session, ALICE, THROW)
    state = state_of(session)
    assert (
        fields(session)["À jouer"]
        == "🔴 <@111> (rouge) a fait 🎲 **3** : choisis une des 2 destinations numérotées."
    )
    assert labels(session) == ["1 : mineur 1 (tente) → B5", "2 : mineur 1 (tente) → B7", "Exclure…", "Quitter"]
    moves = numbered_destinations(state)
    assert [(d.number, BOARD.label(d.point)) for d in moves] == [(1, "B5"), (2, "B7")]
    assert picture(session) == render_board(state, moves, {ALICE: "J111", BOB: "J222"})
    [one, _, _, _] = items(session)
    assert one["emoji"]["name"] == "🔴" and one["style"] == 1

    await click(manager, session, ALICE, "2 : mineur 1 (tente) → B7")
    state = state_of(session)
    assert state.miners[ALICE][0] == BOARD.by_label("B7")
    assert fields(session)["À jouer"] == "🔵 <@222> (bleu) lance le dé."
    assert "Mineur 1 de J111 sort de sa tente et va sur le point B7." in (
        presenter(session).embed(session).description or ""
    )
    assert fields(session)["Mineurs"].startswith("🔴 **J111** : ⛺ 4 sous la tente · 🛤️ 1 en route")


async def test_the_picture_is_drawn_again_only_when_what_it_shows_changes(manager: SessionManager) -> None:
    session = await table(manager, [*ALICE_STARTS, 3])
    before = picture(session)
    shown = presenter(session).shown(session, None)
    assert presenter(session).picture(shown) is presenter(session).picture(shown)
    refused = await manager.act(session.id, BOB, THROW, 0)  # not his turn: nothing changes
    assert refused.error is not None and picture(session) == before
    await play(manager, session, ALICE, THROW)
    thrown = picture(session)
    assert thrown != before  # the numbered destinations are on it now
    assert picture(session) == thrown


async def test_the_board_picture_says_in_words_who_has_miners_in_the_mine_and_what_is_happening(
    manager: SessionManager,
) -> None:
    session = await table(manager, [*ALICE_STARTS, 3])
    await play(manager, session, ALICE, THROW)
    [board] = presenter(session).files(session)
    assert board.description == (
        "Plateau de la Ruée vers l'or — mineurs à la mine : J111 0/5, J222 0/5"
        " — J111 a fait 3 : choisir une destination numérotée"
    )
    [english] = presenter(session).files(session, "en")
    assert english.description is not None and english.description.startswith(
        "The Ruée vers l'or board — miners in the mine: J111 0/5, J222 0/5 — "
    )


async def test_a_move_says_when_it_sends_a_rival_home_or_stops_on_a_barrier(manager: SessionManager) -> None:
    # Bob's miner bounced back from the mine to the top of Alice's lane (H6).
    session = await table_at(manager, {ALICE: [(4, 5), (4, 6)], BOB: [(5, 7)]}, dice=[3])
    await play(manager, session, ALICE, THROW)
    assert labels(session) == [
        "1 : mineur 1 → G7",
        "2 : mineur 1 → H6 · renvoie J222",
        "3 : mineur 2 → I12 · barrière",
        "4 : mineur 3 (tente) → B5",
        "5 : mineur 3 (tente) → B7",
        "Exclure…",
        "Quitter",
    ]
    events = await click(manager, session, ALICE, "2 : mineur 1 → H6 · renvoie J222")
    assert announced(session, events) == ["💥 Mineur 1 de J222 est renvoyé dans sa tente par J111 !"]
    assert "🔵 **J222** : ⛺ 5 sous la tente · 🛤️ 0 en route · ⛏️ 0/5 à la mine" in fields(session)["Mineurs"]


CAMP = (11, 9)


async def test_the_mines_door_bounces_with_a_two_and_a_one_wins(manager: SessionManager) -> None:
    barriers = [b for b in START_BARRIERS if b != CAMP] + [(0, 5)]
    session = await table_at(manager, {ALICE: [(11, 10), MINE, MINE, MINE, MINE], BOB: []}, [2], barriers)
    await play(manager, session, ALICE, THROW)
    assert labels(session) == [
        "1 : mineur 1 → mine ↩ J11",
        "2 : mineur 1 → mine ↩ J12",
        "3 : mineur 1 → mine ↩ J13",
        "Exclure…",
        "Quitter",
    ]
    await click(manager, session, ALICE, "3 : mineur 1 → mine ↩ J13")
    assert state_of(session).miners[ALICE][0] == BOARD.by_label("J13")


async def test_the_fifth_miner_in_the_mine_ends_the_table_with_the_winner_in_colour(
    manager: SessionManager,
) -> None:
    barriers = [b for b in START_BARRIERS if b != CAMP] + [(0, 5)]
    session = await table_at(manager, {ALICE: [(11, 10), MINE, MINE, MINE, MINE], BOB: []}, [1], barriers)
    # A 1 at the door leaves one move: the table plays it and says so.
    events = await play(manager, session, ALICE, THROW)
    assert announced(session, events) == ["⛏️ J111 a 5 mineurs sur 5 à la mine d'or."]
    assert (
        "🤖 J111, coup joué pour toi : Mineur 1 de J111 entre dans la mine d'or. (seul coup possible)"
        in (presenter(session).embed(session).description or "")
    )
    shown = fields(session)
    assert shown["Partie terminée"] == "🏆 🔴 <@111>"
    assert "À jouer" not in shown
    assert shown["Mineurs"].startswith("🔴 **J111** : ⛺ 0 sous la tente · 🛤️ 0 en route · ⛏️ 5/5 à la mine")
    # The game's buttons gone; the finished table offers « Revanche ».
    assert [b["label"] for b in flat(presenter(session).components(session))] == ["Revanche"]
    picture(session)  # the last board stays on the table


async def test_a_six_throws_again_for_the_same_miner(manager: SessionManager) -> None:
    session = await table_at(manager, {ALICE: [(4, 1)], BOB: []}, [6], barriers=[])
    await play(manager, session, ALICE, THROW)
    await click(manager, session, ALICE, labels(session)[0])
    assert fields(session)["À jouer"] == "🔴 <@111> (rouge) a fait six : relance le dé pour son mineur 1."
    assert labels(session) == ["Relancer pour le mineur 1", "Exclure…", "Quitter"]


async def barrier_left(manager: SessionManager) -> Session:
    """Alice's miner 1 stood on the barrier of D5 and has just moved off it, to F5."""
    session = await table_at(manager, {ALICE: [(4, 3)], BOB: [(16, 2)]}, [2])
    await play(manager, session, ALICE, THROW)
    assert labels(session)[:2] == ["1 : mineur 1 → E6", "2 : mineur 1 → F5"]
    await click(manager, session, ALICE, "2 : mineur 1 → F5")
    return session


async def test_leaving_a_barrier_offers_to_leave_it_or_to_pick_a_row_then_a_point(
    manager: SessionManager,
) -> None:
    session = await barrier_left(manager)
    state = state_of(session)
    assert fields(session)["À jouer"] == (
        "🔴 <@111> (rouge) a quitté la barrière de **D5** : la laisser, ou la poser sur un point libre "
        "(une rangée, puis un point)."
    )
    first = items(session)
    assert [(i["type"], i.get("label")) for i in first] == [
        (2, "Laisser la barrière en D5"),
        (3, None),
        (2, "Exclure…"),
        (2, "Quitter"),
    ]
    [rows] = selects(session)
    assert rows["custom_id"] == f"tvb:{ids.to36(session.id)}:{ids.to36(state.turn_no)}"
    spots = barrier_spots_by_row(state)
    # Not A, the start line; row D holds only barriers, row I only the camp's barrier.
    assert [o["value"] for o in rows["options"]] == list("BCEFGHJ")
    assert rows["options"][0] == {
        "label": "Rangée B",
        "value": "B",
        "description": "12 points libres : B1 à B23",
        "default": False,
    }
    counts = {o["value"]: int(o["description"].split()[0]) for o in rows["options"]}
    assert counts == {row: len(points) for row, points in spots.items()}
    free = [a for a in GAME.legal_actions(state, ALICE) if a.kind == "barriere"]
    assert sum(counts.values()) == len(free) > 25  # more than one list could show

    for row, points in spots.items():
        [chosen, point_select] = selects(session, row)
        assert [o["default"] for o in chosen["options"]] == [letter == row for letter in spots]
        assert [o["label"] for o in point_select["options"]] == [BOARD.label(p) for p in points]
    [_, e_points] = selects(session, "E")
    assert e_points["placeholder"] == "Rangée E : où poser la barrière ?"
    e18 = next(o for o in e_points["options"] if o["label"] == "E18")
    # One aside to E17, four up to H18, then the camp, a door and the mine.
    assert e18["description"] == "à 8 points de la mine"

    await click(manager, session, ALICE, "E18", row="E")
    state = state_of(session)
    assert BOARD.by_label("E18") in state.barriers and BOARD.by_label("D5") not in state.barriers
    assert "J111 déplace la barrière de D5 vers E18." in (
        presenter(session).embed(session).description or ""
    )
    assert fields(session)["À jouer"] == "🔵 <@222> (bleu) lance le dé."
    assert selects(session) == []


async def test_the_barrier_can_be_left_where_it_is(manager: SessionManager) -> None:
    session = await barrier_left(manager)
    barriers = list(state_of(session).barriers)
    await click(manager, session, ALICE, "Laisser la barrière en D5")
    assert state_of(session).barriers == barriers
    assert "J111 laisse la barrière au point D5." in (presenter(session).embed(session).description or "")
    assert labels(session) == ["Lancer le dé", "Exclure…", "Quitter"]


async def test_a_throw_with_more_moves_than_buttons_is_offered_in_selects_of_25(
    manager: SessionManager,
) -> None:
    # Three miners wait at the three doors and a 6 comes: each bounces back five points, through
    # the camp and down any lane to either side of its row G.
    miners: list[Where] = [(10, 10), (11, 10), (12, 10), MINE, MINE]
    barriers = [b for b in START_BARRIERS if b != CAMP]
    session = await table_at(manager, {ALICE: miners, BOB: []}, [6], barriers)
    await play(manager, session, ALICE, THROW)
    moves = numbered_destinations(state_of(session))
    assert len(moves) == 36
    menus = selects(session)
    assert [len(m["options"]) for m in menus] == [25, 11]
    assert [m["placeholder"] for m in menus] == [
        "Destinations 1 à 25 : lesquelles ?",
        "Destinations 26 à 36 : lesquelles ?",
    ]
    shown = [o["label"] for m in menus for o in m["options"]]
    assert [label.split(" : ")[0] for label in shown] == [str(n) for n in range(1, 37)]
    assert all("→ mine ↩ " in label for label in shown)
    assert [label.split("↩ ")[1].split(" ")[0] for label in shown] == [BOARD.label(d.point) for d in moves]
    await click(manager, session, ALICE, shown[26])
    assert state_of(session).miners[ALICE][moves[26].miner - 1] == moves[26].point


def gist(action: Action) -> tuple[str, object, int | None]:
    """An action as the game reads it: a point written as text in a custom_id is the same point."""
    where = action.args.get("destination", action.args.get("point"))
    return action.kind, action.args.get("mineur"), int(where) if isinstance(where, (int, str)) else None


@pytest.mark.parametrize("seed", range(max(2, RANDOM_GAMES // 250)))
def test_every_state_of_random_play_fits_discord_and_offers_every_legal_move(seed: int) -> None:
    rng = random.Random(seed)
    players = [str(n) for n in range(1, 2 + seed % 5 + 1)]
    state, _ = GAME.start(players, seed=seed)
    names = {p: f"Joueur {p}" for p in players}
    rec = SessionRecord(
        channel_id=CHANNEL, game="barricade", host_id="1", names=names, status="playing", id=3
    )
    barrier_phases = now = 0
    for _ in range(400):
        if state.over:
            break
        session = Session(rec=rec, game=GAME, state=state)
        shown = presenter(session)
        assert len(shown.embed(session)) <= 6000
        legal = GAME.legal_actions(state, state.order[state.current])
        rows = list(barrier_spots_by_row(state)) if state.phase == "barriere" else []
        barrier_phases += bool(rows)
        offered: list[str] = []
        for row in [None, *rows]:
            for item in items(session, row):
                if item["custom_id"].startswith("tv:"):
                    offered.append(ids.parse_table_id(item["custom_id"]).tail)
                elif item["custom_id"].startswith("tvs:"):
                    offered += [o["value"] for o in item["options"]]
        vocabulary = GAME.full_vocabulary()
        assert sorted(gist(ids.decode_action(code, vocabulary, legal)) for code in set(offered)) == sorted(
            gist(a) for a in legal
        )
        move = choose(GAME, state, rng, now)
        assert move is not None
        player, action, now = move
        state, _ = GAME.apply(state, player, action, now)
    assert barrier_phases > 0  # the row-then-point choice was checked too
