"""Races through the session manager with asyncio.gather: many clicks on one button in the same
millisecond, every player shouting at once. Exactly one effect per rule, the state consistent with
what the database kept (replaying the stored actions gives the state in memory)."""

from __future__ import annotations

import asyncio

import pytest

from bot.sessions import Outcome, Session, TableError
from games.core import Action, IllegalAction
from games.culdechouette import GAME as CUL
from games.culdechouette.state import CulState
from speech import words_of
from tests.databases import TestDatabase

from .tables import NOW, manager_on, options_of, replayed, started_table, stored_moves, stored_state

PLAYERS = ["arthur", "perceval", "karadoc"]
# Arthur starts (one die each: the lowest starts), then his chouettes and his cul.
CHOUETTE_VELUTE = [1, 5, 6, 2, 2, 4]
SUITE = [1, 5, 6, 2, 3, 4]
CLICKS = 100

pytestmark = pytest.mark.both_databases


def cul(session: Session) -> CulState:
    assert isinstance(session.state, CulState)
    return session.state


def accepted(results: list[Outcome | BaseException]) -> list[Outcome]:
    return [r for r in results if isinstance(r, Outcome) and r.error is None]


def refusals(results: list[Outcome | BaseException]) -> list[str]:
    codes = []
    for r in results:
        if isinstance(r, TableError):
            codes.append(r.code)
        elif isinstance(r, Outcome) and r.error is not None:
            codes.append(r.error.code)
        elif isinstance(r, BaseException):
            raise r
    return codes


async def test_a_hundred_clicks_on_one_button_in_the_same_millisecond_throw_once(database: TestDatabase) -> None:
    async with manager_on(database) as manager:
        session = await started_table(manager, "culdechouette", PLAYERS, loaded=CHOUETTE_VELUTE)
        assert session.state is not None
        turn, counter = session.state.turn_no, session.state.dice.counter
        results = await asyncio.gather(
            *(
                manager.act(
                    session.id, "arthur", Action(kind="lancer"), NOW, turn=turn, interaction_id=1000 + i
                )
                for i in range(CLICKS)
            ),
            return_exceptions=True,
        )
        assert len(accepted(results)) == 1
        assert refusals(results) == ["stale"] * (CLICKS - 1)
        # Two chouettes thrown, once: the cul is still to throw.
        assert session.state.dice.counter == counter + 2
        assert CUL.legal_actions(cul(session), "arthur") == [Action(kind="lancer")]
        assert [(p, a.kind) for p, a, _, _ in stored_moves(database, session.id)] == [("arthur", "lancer")]
        status, state = stored_state(database, session.id)
        assert status == "playing" and state == session.state.model_dump_json()


async def test_one_click_delivered_a_hundred_times_is_applied_once(database: TestDatabase) -> None:
    """No turn in it (a typed message, a form): only the interaction id tells the copies apart."""
    async with manager_on(database) as manager:
        session = await started_table(manager, "culdechouette", PLAYERS, loaded=CHOUETTE_VELUTE)
        results = await asyncio.gather(
            *(
                manager.act(session.id, "arthur", Action(kind="lancer"), NOW, interaction_id=4242)
                for _ in range(CLICKS)
            ),
            return_exceptions=True,
        )
        assert len(accepted(results)) == 1
        assert refusals(results) == ["duplicate"] * (CLICKS - 1)
        assert len(stored_moves(database, session.id)) == 1


async def test_copies_of_a_click_and_other_clicks_refused_together_are_each_told_their_own_reason(
    database: TestDatabase,
) -> None:
    """The refused clicks ask the database together whether each was delivered twice (one query
    for many): the answers must not be mixed up between them."""
    async with manager_on(database) as manager:
        session = await started_table(manager, "culdechouette", PLAYERS, loaded=CHOUETTE_VELUTE)
        assert session.state is not None
        turn = session.state.turn_no
        first = await manager.act(session.id, "arthur", Action(kind="lancer"), NOW, turn=turn, interaction_id=7000)
        assert first.error is None
        # Then, at once: copies of that click (its id) among other clicks of the same old turn.
        ids = [7000 if i % 3 == 0 else 7001 + i for i in range(30)]
        results = await asyncio.gather(
            *(
                manager.act(session.id, "arthur", Action(kind="lancer"), NOW, turn=turn, interaction_id=i)
                for i in ids
            ),
            return_exceptions=True,
        )
        assert refusals(results) == ["duplicate" if i == 7000 else "stale" for i in ids]
        assert len(stored_moves(database, session.id)) == 1


async def test_everyone_shouting_pas_mou_le_caillou_at_once_loses_the_points_once_each(database: TestDatabase) -> None:
    async with manager_on(database) as manager:
        session = await started_table(manager, "culdechouette", PLAYERS, loaded=CHOUETTE_VELUTE)
        for n in range(2):
            await manager.act(session.id, "arthur", Action(kind="lancer"), NOW + n)
        assert session.state is not None and CUL.deadline(cul(session)) is not None
        shout, turn = Action(kind="pas_mou_le_caillou"), session.state.turn_no
        # Each player's button is clicked ten times (impatient players), all in the same millisecond.
        results = await asyncio.gather(
            *(
                manager.act(
                    session.id, player, shout, NOW + 500, turn=turn, interaction_id=2000 + 10 * seat + copy
                )
                for copy in range(10)
                for seat, player in enumerate(PLAYERS)
            ),
            return_exceptions=True,
        )
        assert len(accepted(results)) == 3
        # Refused while the window was open, stale once the third shout closed it: none is a Bévue.
        assert set(refusals(results)) <= {"already_shouted", "stale"} and len(refusals(results)) == 27
        # A tie between all three: each loses the Chouette-Velute's 32 points, once.
        assert CUL.scores(cul(session)) == {"arthur": -32, "perceval": -32, "karadoc": -32}
        assert CUL.deadline(cul(session)) is None
        again = replayed(
            CUL, database, session.id, PLAYERS, options_of(database, session.id), loaded=CHOUETTE_VELUTE
        )
        assert again == session.state


async def test_the_first_shout_wins_even_when_it_arrives_last(database: TestDatabase) -> None:
    async with manager_on(database) as manager:
        session = await started_table(manager, "culdechouette", PLAYERS, loaded=CHOUETTE_VELUTE)
        for n in range(2):
            await manager.act(session.id, "arthur", Action(kind="lancer"), NOW + n)
        shout = Action(kind="pas_mou_le_caillou")
        # Karadoc clicked first by Discord's clock; his click is the last one handed to the manager.
        await asyncio.gather(
            manager.act(session.id, "arthur", shout, NOW + 900, interaction_id=1),
            manager.act(session.id, "perceval", shout, NOW + 800, interaction_id=2),
        )
        await manager.act(session.id, "karadoc", shout, NOW + 300, interaction_id=3)
        assert session.state is not None
        assert CUL.scores(cul(session)) == {"arthur": 0, "perceval": 0, "karadoc": 32}


async def test_everyone_shouting_grelotte_then_sans_fin_at_once_costs_one_player_once(database: TestDatabase) -> None:
    async with manager_on(database) as manager:
        session = await started_table(manager, "culdechouette", PLAYERS, loaded=SUITE)
        for n in range(2):
            await manager.act(session.id, "arthur", Action(kind="lancer"), NOW + n)
        for kind, at in (("grelotte_ca_picote", NOW + 400), ("sans_fin", NOW + 900)):
            assert session.state is not None
            turn = session.state.turn_no
            results = await asyncio.gather(
                *(
                    manager.act(session.id, p, Action(kind=kind), at, turn=turn)
                    for p in PLAYERS
                    for _ in range(5)
                ),
                return_exceptions=True,
            )
            assert len(accepted(results)) == 3, kind
        assert session.state is not None and cul(session).phase == "chouettes"
        # Still tied after « Sans fin… »: the dice decided, one player lost 10 (20, 30… on a tie at the top).
        losses = {p: s for p, s in CUL.scores(cul(session)).items() if s != 0}
        assert len(losses) == 1 and next(iter(losses.values())) % 10 == 0 < -next(iter(losses.values()))
        assert stored_state(database, session.id)[1] == session.state.model_dump_json()
        again = replayed(CUL, database, session.id, PLAYERS, options_of(database, session.id), loaded=SUITE)
        assert again == session.state


def test_a_second_shout_stamped_inside_the_window_stays_refused_after_it_closed() -> None:
    """Everyone shouted, so the window closed early; a double click stamped inside it but handed to
    the game last is « already shouted », not a shout with no reason (a Bévue, −10)."""
    state, _ = CUL.start(PLAYERS, {}, seed=7, loaded=CHOUETTE_VELUTE)
    for n in range(2):
        state, _ = CUL.apply(state, "arthur", Action(kind="lancer"), NOW + n)
    shout = Action(kind="pas_mou_le_caillou")
    for player in PLAYERS:
        state, _ = CUL.apply(state, player, shout, NOW + 500)
    assert CUL.deadline(state) is None
    # Arthur's double click, stamped in the same millisecond as his first, handed over last.
    with pytest.raises(IllegalAction) as refused:
        CUL.apply(state, "arthur", shout, NOW + 500)
    assert refused.value.code == "already_shouted"
    assert words_of(CUL).explain(refused.value, "fr") == "Tu as déjà crié."
    assert CUL.scores(state) == dict.fromkeys(PLAYERS, -32)
