"""What players see at a table of la Cabane sul' Dos: the cabins' faces, the ten coups counted aloud,
whose turn and how many throws are left, the phase, the scores, and one throw button in their words.

Sessions are built the way the platform builds them (a SessionManager on a real SQLite file, the
game started with loaded dice), then the presenter is asked for the table message.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.sessions import Session, SessionManager, TableError
from bot.store import Store
from bot.tables import presenter_for
from bot.ui.decoding import decode_click
from games.cabane import GAME, dice_values
from games.core import LEAVE, Action, Event

from ..conftest import seated_game
from ..test_presenter import check_discord_limits, flat

ALICE, BOB, CAROL = "111", "222", "333"
THROW = Action(kind="lancer")
CHANNEL = 10


@pytest.fixture
async def manager(db_path: Path) -> AsyncIterator[SessionManager]:
    store = await Store.open(db_path)
    manager = SessionManager(store, {"cabane": GAME})
    yield manager
    await manager.close()
    await store.close()


async def cabane_table(
    manager: SessionManager, dice: str, players: tuple[str, ...] = (ALICE, BOB), **options: Any
) -> Session:
    return await seated_game(
        manager, players, channel=CHANNEL, game="cabane", loaded=dice_values(dice), **options
    )


async def throw(manager: SessionManager, session: Session, player: str, times: int = 1) -> list[Event]:
    events: list[Event] = []
    for _ in range(times):
        outcome = await manager.act(session.id, player, THROW, 0)
        assert outcome.error is None
        events += outcome.events
    return events


def fields(session: Session) -> dict[str, str]:
    embed = presenter_for(session.game).embed(session)
    return {f.name or "": f.value or "" for f in embed.fields}


def game_buttons(session: Session) -> list[dict[str, Any]]:
    return [
        i for i in flat(presenter_for(session.game).components(session)) if i["custom_id"].startswith("tv:")
    ]


async def test_clearing_the_ground_shows_both_dice_to_throw_and_the_lead_to_win(
    manager: SessionManager,
) -> None:
    session = await cabane_table(manager, "")
    embed = presenter_for(session.game).embed(session)
    shown = fields(session)
    assert embed.title == "La Cabane sul' Dos — le jeu à 2 dés"
    assert "Dernier lancer" not in shown
    assert shown["Phase"] == (
        "🌿 Le Débroussaillage (manche 1) — on cherche à poser la première cabane debout (un T).\n"
        "Il faut 3 points d'avance sur tous les adversaires pour gagner."
    )
    assert shown["À jouer"] == "<@111> lance les deux dés, et continue jusqu'à une C ou un T."
    assert shown["Scores"] == "▶ **J111** : 0\n**J222** : 0"
    [button] = game_buttons(session)
    assert (button["label"], button["emoji"]["name"], button["style"]) == ("Lancer les deux dés", "🎲", 1)


async def test_the_throw_button_is_the_throw_and_an_old_one_does_nothing(manager: SessionManager) -> None:
    session = await cabane_table(manager, "GD GD")
    [button] = game_buttons(session)
    _, _, action = decode_click(manager, CHANNEL, button["custom_id"], [])
    assert action == THROW
    await throw(manager, session, ALICE)
    with pytest.raises(TableError) as refused:
        decode_click(manager, CHANNEL, button["custom_id"], [])
    assert refused.value.code == "stale"


async def test_the_pair_of_faces_is_shown_with_its_letters(manager: SessionManager) -> None:
    session = await cabane_table(manager, "GB")
    await throw(manager, session, ALICE)
    shown = fields(session)
    assert shown["Dernier lancer"] == "J111 : ⬅️ **G** (Gauche) · ⬜ **B** (Blanc)"
    assert "Ni cabane ni toit : J111 continue à jouer." in (
        presenter_for(GAME).embed(session).description or ""
    )
    assert shown["À jouer"].startswith("<@111> lance les deux dés")


async def test_the_ten_coups_are_counted_aloud_with_the_coups_left(manager: SessionManager) -> None:
    session = await cabane_table(manager, "TF C B D")
    await throw(manager, session, ALICE)
    shown = fields(session)
    assert shown["Dernier lancer"] == "J111 : 🏠 **T** (Toit) · 🚪 **F** (Façade)"
    assert shown["Phase"].startswith("🔟 10 coups chacun (manche 1) — la première cabane est debout")
    assert shown["Phase"].endswith("Il faut 2 points d'avance sur tous les adversaires pour gagner.")
    assert shown["À jouer"] == "<@111> compte « 0 » : encore 10 coups.\n▱▱▱▱▱▱▱▱▱▱"
    assert shown["10 coups à venir"] == "J222"
    assert [b["label"] for b in game_buttons(session)] == ["Lancer le dé"]

    await throw(manager, session, ALICE)
    shown = fields(session)
    assert shown["Dernier lancer"] == "J111 : 🛖 **C** (Cabane)"
    assert shown["À jouer"] == "<@111> compte « 1 ; 2 » : encore 8 coups.\n▰▰▱▱▱▱▱▱▱▱"

    await throw(manager, session, ALICE)
    assert fields(session)["À jouer"] == "<@111> compte « 2 toujours » : encore 8 coups.\n▰▰▱▱▱▱▱▱▱▱"
    await throw(manager, session, ALICE)
    assert fields(session)["À jouer"] == "<@111> compte « 3 » : encore 7 coups.\n▰▰▰▱▱▱▱▱▱▱"


async def test_a_cabane_on_the_tenth_coup_counts_to_ten_and_the_next_series_starts(
    manager: SessionManager,
) -> None:
    session = await cabane_table(manager, "TG" + "D" * 8 + "C", (ALICE, BOB, CAROL))
    await throw(manager, session, ALICE, 9)
    assert fields(session)["À jouer"] == "<@111> compte « 8 » : encore 2 coups.\n▰▰▰▰▰▰▰▰▱▱"
    assert fields(session)["10 coups à venir"] == "J222, J333"
    await throw(manager, session, ALICE)
    embed = presenter_for(GAME).embed(session)
    description = embed.description or ""
    assert "Cabane, ça compte deux coups : « 9 ; 10 »." in description
    assert "Dix coups, et pas de deuxième T pour J111." in description
    shown = fields(session)
    assert shown["À jouer"] == "<@222> compte « 0 » : encore 10 coups.\n▱▱▱▱▱▱▱▱▱▱"
    assert shown["10 coups à venir"] == "J333"
    assert shown["Scores"] == "**J111** : 0\n▶ **J222** : 0\n**J333** : 0"


async def test_the_one_die_bataille_shows_its_target_and_the_throws_after_a_cabane(
    manager: SessionManager,
) -> None:
    session = await cabane_table(manager, "C F", mode="bataille", cible=4)
    embed = presenter_for(session.game).embed(session)
    assert embed.title == "La Cabane sul' Dos — la Bataille avec 1 dé, en 4 points"
    shown = fields(session)
    assert shown["Phase"] == "⚔️ La Bataille — le premier à 4 points gagne."
    assert shown["À jouer"] == "<@111> lance le dé : encore 1 lancer."
    assert [b["label"] for b in game_buttons(session)] == ["Lancer le dé"]

    await throw(manager, session, ALICE)
    shown = fields(session)
    assert shown["Dernier lancer"] == "J111 : 🛖 **C** (Cabane)"
    assert shown["À jouer"] == (
        "<@222> lance le dé : encore 2 lancers, après la Cabane (un B redonne deux lancers, une C passe le dé)."
    )
    assert shown["Scores"] == "**J111** : 0\n▶ **J222** : 0"

    await throw(manager, session, BOB)
    shown = fields(session)
    assert shown["Dernier lancer"] == "J222 : 🚪 **F** (Façade)"
    assert shown["À jouer"].endswith(
        "\n🚪 Une Façade attend d'être confirmée : une deuxième F de suite marque un point."
    )


async def test_a_won_game_shows_the_winner_and_no_more_buttons(manager: SessionManager) -> None:
    session = await cabane_table(manager, "TTT", mode="bataille", cible=3)
    await throw(manager, session, ALICE, 3)
    shown = fields(session)
    assert shown["Partie terminée"] == "🏆 <@111>"
    assert "À jouer" not in shown
    assert shown["Scores"] == "**J111** : 3\n**J222** : 0"
    assert "J111 a gagné la partie ! (J111 3, J222 0)" in (
        presenter_for(GAME).embed(session).description or ""
    )
    assert [b["label"] for b in flat(presenter_for(GAME).components(session))] == ["Revanche"]


async def test_phase_changes_get_a_line_of_their_own_and_ordinary_throws_do_not(
    manager: SessionManager,
) -> None:
    session = await cabane_table(manager, "GD TF" + "D" * 10 + "G" * 10)
    presenter = presenter_for(GAME)

    def said(events: list[Event]) -> list[str]:
        return [line for e in events if (line := presenter.announcement(session, e))]

    assert said(await throw(manager, session, ALICE)) == []
    assert said(await throw(manager, session, ALICE)) == [
        "🏠 J111 pose la première cabane debout ! Place aux 10 coups chacun."
    ]
    assert said(await throw(manager, session, ALICE, 10)) == []
    assert said(await throw(manager, session, BOB, 10)) == [
        "⚔️ Personne n'a posé le deuxième T : on entame la bataille !"
    ]
    assert fields(session)["Phase"].startswith("⚔️ La Bataille (manche 1) — personne n'a posé le deuxième T")
    assert fields(session)["À jouer"] == "<@111> lance le dé : encore 1 lancer."


async def test_the_second_cabin_scores_and_a_new_round_is_announced(manager: SessionManager) -> None:
    session = await cabane_table(manager, "TF D B T")
    presenter = presenter_for(GAME)
    events = await throw(manager, session, ALICE, 4)
    lines = [line for e in events[-4:] if (line := presenter.announcement(session, e))]
    assert lines == [
        "🏠🏠 J111 pose la deuxième cabane debout au coup 2 : un point (1) !",
        "🌿 Manche 2 : les deux cabanes sont par terre, on débroussaille.",
    ]
    shown = fields(session)
    assert shown["Phase"].startswith("🌿 Le Débroussaillage (manche 2)")
    assert shown["À jouer"] == "<@111> lance les deux dés, et continue jusqu'à une C ou un T."
    assert shown["Scores"] == "▶ **J111** : 1\n**J222** : 0"


async def test_a_cabane_mortelle_is_announced_and_the_neighbour_counts_first(manager: SessionManager) -> None:
    session = await cabane_table(manager, "CT", (ALICE, BOB, CAROL))
    events = await throw(manager, session, ALICE)
    presenter = presenter_for(GAME)
    assert [line for e in events if (line := presenter.announcement(session, e))] == [
        "💀 Cabane mortelle ! J111 laisse le T en place, perd ses 10 coups et passe le dé à son voisin. "
        "Place aux 10 coups chacun."
    ]
    shown = fields(session)
    assert shown["Dernier lancer"] == "J111 : 🛖 **C** (Cabane) · 🏠 **T** (Toit)"
    assert shown["À jouer"].startswith("<@222> compte « 0 »")
    assert shown["10 coups à venir"] == "J333"


async def test_eight_players_with_long_names_stay_within_discords_limits(manager: SessionManager) -> None:
    players = tuple(str(10**17 + n) for n in range(8))
    session = await cabane_table(manager, "TF" + "C" * 20, players)
    for player in players:
        session.rec.names[player] = f"Joueuse au pseudo interminable de la Cabane sul' Dos {player}"[:64]
    presenter = presenter_for(GAME)
    for _ in range(12):
        assert session.state is not None
        [current] = presenter.game.to_act(session.state)
        await throw(manager, session, current)
        embed = presenter.embed(session)
        assert len(embed) <= 6000 and len(embed.fields) <= 25
        assert all(len(f.value or "") <= 1024 for f in embed.fields)
        view = presenter.components(session)
        check_discord_limits(view)
        assert [i["label"] for i in flat(view)] == ["Lancer le dé", "Exclure…", "Quitter"]
    assert len(fields(session)["10 coups à venir"].split(", ")) == 5


async def test_a_player_who_leaves_on_his_turn_passes_the_die_and_leaves_the_scores(
    manager: SessionManager,
) -> None:
    session = await cabane_table(manager, "C", (ALICE, BOB, CAROL), mode="bataille")
    await throw(manager, session, ALICE)
    assert fields(session)["À jouer"].startswith("<@222> lance le dé : encore 2 lancers, après la Cabane")
    outcome = await manager.act(session.id, BOB, Action(kind=LEAVE), 0)
    assert outcome.error is None
    shown = fields(session)
    assert shown["À jouer"] == "<@333> lance le dé : encore 1 lancer."
    assert shown["Scores"] == "**J111** : 0\n▶ **J333** : 0"
    assert "J222 quitte la partie." in (presenter_for(GAME).embed(session).description or "")
