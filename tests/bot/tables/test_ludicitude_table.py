"""What players see at a Ludicitude table: the dice by meaning, what lies aside and its worth, the
set-aside choice within Discord's limits (the worst throw 1 1 1 2 2 2 2 included), Relancer /
S'arrêter, the next player's Reprendre / Tout relancer with the value left, scores towards the target.

Sessions are built the way the platform builds them (a SessionManager on a real SQLite file, the
game started with loaded dice), then the presenter is asked for the table message, and clicks go
through the platform's own translation of a custom_id into an action.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.sessions import Session, SessionManager
from bot.store import Store
from bot.tables import presenter_for
from bot.tables.ludicitude import choice_selects
from bot.ui.decoding import decode_click
from games.core import LEAVE, Action, Event
from games.ludicitude import GAME, Situation, choices
from speech.ludicitude import choice_words

from ..conftest import seated_game
from ..test_presenter import check_discord_limits, flat

ALICE, BOB, CAROL = "111", "222", "333"
CHANNEL = 10
THROW_ALL = Action(kind="tout_relancer")
AGAIN = Action(kind="relancer")
STOP = Action(kind="arreter")


def aside(lapins: int, doubles: int = 0, clapier: int = 0) -> Action:
    return Action(kind="ecarter", args={"lapins": lapins, "doubles": doubles, "clapier": clapier})


@pytest.fixture
async def manager(db_path: Path) -> AsyncIterator[SessionManager]:
    store = await Store.open(db_path)
    manager = SessionManager(store, {"ludicitude": GAME})
    yield manager
    await manager.close()
    await store.close()


async def table(
    manager: SessionManager, dice: list[int], players: tuple[str, ...] = (ALICE, BOB), **options: Any
) -> Session:
    return await seated_game(manager, players, channel=CHANNEL, game="ludicitude", loaded=dice, **options)


async def play(manager: SessionManager, session: Session, player: str, *actions: Action) -> list[Event]:
    events: list[Event] = []
    for action in actions:
        outcome = await manager.act(session.id, player, action, 0)
        assert outcome.error is None, outcome.error
        events += outcome.events
    return events


def fields(session: Session) -> dict[str, str]:
    embed = presenter_for(session.game).embed(session)
    return {f.name or "": f.value or "" for f in embed.fields}


def items(session: Session) -> list[dict[str, Any]]:
    view = presenter_for(session.game).components(session)
    check_discord_limits(view)
    return flat(view)


def labels(session: Session) -> list[str]:
    return [i["label"] for i in items(session) if i["type"] == 2]


def selects(session: Session) -> list[dict[str, Any]]:
    return [i for i in items(session) if i["type"] == 3]


async def click(manager: SessionManager, session: Session, player: str, label: str) -> list[Event]:
    """Clicks the button or select option showing ``label``, as the platform would translate it."""
    for item in items(session):
        options = item.get("options", [])
        hit = [o["value"] for o in options if o["label"] == label]
        if item["type"] == 2 and item.get("label") == label:
            hit = [""]
        if hit:
            _, turn, action = decode_click(manager, CHANNEL, item["custom_id"], hit if options else [])
            outcome = await manager.act(session.id, player, action, 0, turn=turn)
            assert outcome.error is None, outcome.error
            return outcome.events
    raise AssertionError(f"nothing shows « {label} »: {labels(session)}")


async def test_the_first_turn_offers_the_seven_dice_and_the_scores_towards_333(
    manager: SessionManager,
) -> None:
    session = await table(manager, [])
    embed = presenter_for(session.game).embed(session)
    shown = fields(session)
    assert embed.title == "🐇 Ludicitude"
    assert shown["Situation laissée"] == "Aucune : J111 lance les 7 dés."
    assert shown["Scores (premier à 333)"] == "🎲 **J111** : 0\n**J222** : 0"
    assert shown["À jouer"] == "<@111>"
    assert labels(session) == ["Tout relancer (7 dés)", "Exclure…", "Quitter"]
    assert "Mon jeu" not in labels(session)  # nothing is hidden in this game


async def test_a_throw_is_shown_by_meaning_in_emoji_and_words(manager: SessionManager) -> None:
    session = await table(manager, [6, 1, 2, 3, 4, 5, 1])
    await play(manager, session, ALICE, THROW_ALL)
    shown = fields(session)
    assert shown["Lancer de J111"] == (
        "🐇 🐇 🐇🐇/🏠2 🏠3 🏠4 🏠5 🥕\n"
        "2 lapins, 1 double lapin/clapier pour 2, 1 clapier pour 3, 1 clapier pour 4, 1 clapier pour 5, "
        "1 carotte"
    )
    assert shown["Écartés ce tour"] == "rien\nLe tour vaut **0 point**."
    assert shown["À faire"] == "J111 écarte au moins un lapin (simple ou double)."
    assert "J111 lance 7 dés : 2 lapins" in (presenter_for(session.game).embed(session).description or "")


async def test_few_choices_are_buttons_with_what_the_turn_would_be_worth(manager: SessionManager) -> None:
    session = await table(manager, [1, 2, 4, 6, 6, 6, 6])
    await play(manager, session, ALICE, THROW_ALL)
    # the 4 shows, but the pile of clapiers can only start with the 2: no button for the 4
    assert labels(session) == [
        "1 lapin, 1 double lapin → tour à 3 points",
        "1 lapin → tour à 1 point",
        "1 double lapin → tour à 2 points",
        "1 lapin, le clapier pour 2 → tour à 2 points",
        "Exclure…",
        "Quitter",
    ]
    await click(manager, session, ALICE, "1 lapin, le clapier pour 2 → tour à 2 points")
    shown = fields(session)
    assert shown["Écartés ce tour"] == "🐇 · 🏠2\nLe tour vaut **1 × 2 = 2 points**."
    assert shown["À faire"] == "J111 : *Relancer* (5 dés) ou *S'arrêter*."
    assert labels(session) == ["Relancer (5 dés)", "S'arrêter et marquer 2 points", "Exclure…", "Quitter"]


async def test_the_worst_throw_is_split_by_clapier_into_selects_discord_accepts(
    manager: SessionManager,
) -> None:
    session = await table(manager, [1, 1, 1, 2, 2, 2, 2])
    await play(manager, session, ALICE, THROW_ALL)
    shown = selects(session)
    assert [s["placeholder"] for s in shown] == [
        "Écarter sans clapier…",
        "Écarter avec le clapier pour 2…",
    ]
    assert [len(s["options"]) for s in shown] == [19, 15]
    assert shown[0]["options"][0]["label"] == (
        "1 pile de deux lapins, 1 lapin, 4 doubles lapins → tour à 19 points"
    )
    assert shown[1]["options"][0]["label"] == (
        "1 pile de deux lapins, 1 lapin, 3 doubles lapins, le clapier pour 2 → tour à 34 points"
    )
    offered = []
    for select in shown:
        for option in select["options"]:
            _, _, action = decode_click(manager, CHANNEL, select["custom_id"], [option["value"]])
            args = action.args
            assert option["label"].startswith(choice_words(args["lapins"], args["doubles"], args["clapier"], "fr"))  # type: ignore[arg-type]
            offered.append(action)
    assert offered == GAME.legal_actions(session.state, ALICE)  # type: ignore[arg-type]
    assert labels(session) == ["Exclure…", "Quitter"]


async def test_a_choice_in_a_select_sets_aside_piles_doubles_and_the_clapier(manager: SessionManager) -> None:
    session = await table(manager, [1, 1, 1, 2, 2, 2, 3])
    await play(manager, session, ALICE, THROW_ALL)
    await click(
        manager,
        session,
        ALICE,
        "1 pile de deux lapins, 1 lapin, 1 double lapin, le clapier pour 2 → tour à 26 points",
    )
    shown = fields(session)
    assert shown["Écartés ce tour"] == "[🐇🐇] 🐇 🐇🐇 · 🏠2\nLe tour vaut **13 × 2 = 26 points**."
    assert labels(session) == ["Relancer (2 dés)", "S'arrêter et marquer 26 points", "Exclure…", "Quitter"]


def test_every_throw_fits_in_four_selects_of_twenty_five() -> None:
    widest = 0
    for count in range(1, 8):
        for throw in itertools.combinations_with_replacement(range(1, 7), count):
            for pile in ([], [2], [2, 3], [2, 3, 4], [2, 3, 4, 5]):
                if count + len(pile) > 7:
                    continue
                legal = choices(list(throw), Situation(clapiers=pile))
                if not legal:  # no rabbit: the turn is lost, nothing to choose
                    continue
                packed = choice_selects(legal)
                assert len(packed) <= 4 and all(1 <= len(group) <= 25 for _, group in packed)
                assert [c for _, group in packed for c in group] == legal
                widest = max(widest, len(packed))
    assert widest == 2


async def test_custom_ids_stay_short_at_a_late_turn_of_a_big_table(manager: SessionManager) -> None:
    session = await table(manager, [1, 1, 1, 2, 2, 2, 3])
    await play(manager, session, ALICE, THROW_ALL)
    assert session.state is not None
    session.rec.id = 36**6  # a table number far beyond any server's
    session.state.turn_no = 36**5
    for item in items(session):  # check_discord_limits: custom_ids <= 100, options <= 25, rows <= 5
        assert item["custom_id"].startswith(("tvs:1000000:100000:", "tvm:1000000:100000:"))


async def test_stopping_leaves_the_next_player_the_situation_and_its_value(manager: SessionManager) -> None:
    session = await table(manager, [1, 1, 1, 2, 2, 2, 3])
    await play(manager, session, ALICE, THROW_ALL, aside(3, 1, 2))
    events = await click(manager, session, ALICE, "S'arrêter et marquer 26 points")
    presenter = presenter_for(session.game)
    said = [line for e in events if (line := presenter.announcement(session, e))]
    assert said == [
        "J111 s'arrête : 26 points (13 × 2). Total : 26.",
        "À J222 : reprendre la situation laissée (1 pile, 1 lapin, 1 double lapin, clapiers 2, vaut 26 points, "
        "2 dés à lancer) ou lancer les 7 dés.",
    ]
    shown = fields(session)
    assert shown["Situation laissée"] == (
        "[🐇🐇] 🐇 🐇🐇 · 🏠2\n1 pile, 1 lapin, 1 double lapin, clapiers 2\n"
        "Vaut **13 × 2 = 26 points**. J222 choisit : *Reprendre* (2 dés à lancer) ou *Tout relancer* (7 dés)."
    )
    assert shown["Scores (premier à 333)"] == "**J111** : 26\n🎲 **J222** : 0"
    assert shown["À jouer"] == "<@222>"
    assert labels(session) == ["Tout relancer (7 dés)", "Reprendre la situation (26 points)", "Exclure…", "Quitter"]


async def test_taking_over_throws_only_the_dice_left(manager: SessionManager) -> None:
    session = await table(manager, [1, 1, 1, 2, 2, 2, 3, 1, 3])
    await play(manager, session, ALICE, THROW_ALL, aside(3, 1, 2), STOP)
    await click(manager, session, BOB, "Reprendre la situation (26 points)")
    shown = fields(session)
    assert shown["Lancer de J222"].startswith("🐇 🏠3\n1 lapin, 1 clapier pour 3")
    # J111's pile stopped at 2: J222's 3 goes on it
    assert labels(session)[:2] == [
        "1 lapin → tour à 28 points",
        "1 lapin, le clapier pour 3 → tour à 42 points",
    ]


async def test_only_carrots_make_the_player_throw_the_rabbit_dice_again(manager: SessionManager) -> None:
    session = await table(manager, [1, 2, 4, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6])
    await play(manager, session, ALICE, THROW_ALL, aside(1, 0, 2), AGAIN)
    shown = fields(session)
    assert shown["Écartés ce tour"] == (
        "🏠2\n🥕 × 5 (carottes de côté pour ce tour)\n🧠 1 point de lapins mémorisés\n"
        "Le tour vaut **(1 mémorisé + 0) × 2 = 2 points**."
    )
    assert shown["Que des carottes !"] == "J111 doit relancer son dé lapin."
    assert labels(session) == ["Relancer mon dé lapin", "Exclure…", "Quitter"]


async def test_with_every_die_aside_throwing_again_remembers_the_rabbits(manager: SessionManager) -> None:
    session = await table(manager, [1, 1, 2, 2, 1, 1, 1])
    await play(manager, session, ALICE, THROW_ALL, aside(5, 2))
    shown = fields(session)
    assert shown["Écartés ce tour"] == "[🐇🐇] [🐇🐇] 🐇 🐇🐇 🐇🐇\nLe tour vaut **25 points**."
    assert shown["À faire"] == (
        "J111 : *Relancer* (tous les dés sont écartés : mémoriser les lapins et relancer les 7 dés lapins) "
        "ou *S'arrêter*."
    )
    assert labels(session) == [
        "Mémoriser 25 points et relancer 7 dés",
        "S'arrêter et marquer 25 points",
        "Exclure…",
        "Quitter",
    ]


async def test_a_lost_turn_is_said_in_the_channel(manager: SessionManager) -> None:
    session = await table(manager, [1, 1, 3, 3, 3, 3, 3, 3, 4, 4, 6, 6])
    await play(manager, session, ALICE, THROW_ALL, aside(2))
    events = await play(manager, session, ALICE, AGAIN)
    presenter = presenter_for(session.game)
    said = [line for e in events if (line := presenter.announcement(session, e))]
    assert said[0] == "Aucun lapin ! J111 perd les 10 points du tour."
    assert fields(session)["Situation laissée"].startswith("[🐇🐇]\n1 pile\nVaut **10 points**.")


async def test_reaching_the_target_ends_the_table_with_the_winner(manager: SessionManager) -> None:
    session = await table(manager, [1, 1, 6, 6, 6, 6, 6], objectif=10)
    await play(manager, session, ALICE, THROW_ALL, aside(2), STOP)
    shown = fields(session)
    assert shown["Partie terminée"] == "🏆 <@111>"
    assert shown["Scores (premier à 10)"] == "**J111** : 10\n**J222** : 0"
    assert "À jouer" not in shown and "Situation laissée" not in shown
    assert [b["label"] for b in items(session)] == ["Revanche"]  # the game's buttons gone


async def test_leaving_during_ones_turn_hands_the_dice_as_they_lie_to_the_next(
    manager: SessionManager,
) -> None:
    session = await table(manager, [1, 2, 6, 6, 6, 6, 6], (ALICE, BOB, CAROL))
    await play(manager, session, ALICE, THROW_ALL, aside(1, 0, 2))
    events = await play(manager, session, ALICE, Action(kind=LEAVE))
    presenter = presenter_for(session.game)
    said = [line for e in events if (line := presenter.announcement(session, e))]
    assert said == [
        "À J222 : reprendre la situation laissée (1 lapin, clapiers 2, vaut 2 points, 5 dés à lancer) "
        "ou lancer les 7 dés."
    ]
    shown = fields(session)
    assert shown["Scores (premier à 333)"] == "🎲 **J222** : 0\n**J333** : 0"
    assert shown["Situation laissée"].startswith("🐇 · 🏠2\n")
    assert labels(session) == ["Tout relancer (7 dés)", "Reprendre la situation (2 points)", "Exclure…", "Quitter"]
