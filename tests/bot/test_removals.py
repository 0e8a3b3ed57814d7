"""Removals through the session manager, on both databases: who votes (the other seated humans, not
robots, not the target), the majority, a seat handed to a robot taking its votes with it, the
host voted out handing the host's part on, and the votes read back by a new manager (a restart)."""

from __future__ import annotations

import pytest

from bot.sessions import Session, SessionManager, TableError
from bot.sessions.votes import needed
from games.core import LEAVE, Action
from games.culdechouette import CulDeChouette

from .conftest import MakeManager, seated_game

pytestmark = pytest.mark.both_databases

GAMES = {"culdechouette": CulDeChouette()}


async def four_at_cul_de_chouette(make_manager: MakeManager) -> tuple[SessionManager, Session]:
    manager = await make_manager(games=GAMES)
    session = await seated_game(manager, ("1", "2", "3", "4"), game="culdechouette")
    return manager, session


async def test_robots_neither_vote_nor_count_and_a_seat_given_to_a_robot_takes_its_votes(
    make_manager: MakeManager,
) -> None:
    manager, session = await four_at_cul_de_chouette(make_manager)
    counted = await manager.vote_removal(session.id, "3", "2")
    assert (counted.votes, counted.needed, counted.removed) == (1, 2, False)
    await manager.vote_removal(session.id, "4", "1")
    # Player 4 hands their seat to a robot: their vote goes, and the robot neither votes nor is voted out.
    await manager.give_seat(session.id, "4", "fort")
    assert session.rec.votes == {"2": ["3"]}
    for voter, target, code in (("4", "2", "not_seated"), ("3", "4", "target_not_seated")):
        with pytest.raises(TableError) as refused:
            await manager.vote_removal(session.id, voter, target)
        assert refused.value.code == code
    # Two humans vote on 2 now (1 and 3): both are needed, the robot seat counts for nothing.
    again = await manager.vote_removal(session.id, "3", "1")
    assert (again.votes, again.needed) == (1, 2)
    with pytest.raises(TableError) as twice:
        await manager.vote_removal(session.id, "3", "2")
    assert twice.value.code == "already_voted"
    with pytest.raises(TableError) as none:
        await manager.vote_removal(session.id, "1", "2", withdraw=True)
    assert none.value.code == "no_vote"
    # The host may remove the robot's seat, though.
    removed = await manager.remove_by_host(session.id, "1", "4")
    assert removed.removed and session.players == ["1", "2", "3"]


async def test_the_host_voted_out_hands_the_host_part_on_and_a_new_manager_reads_the_votes(
    make_manager: MakeManager,
) -> None:
    manager, session = await four_at_cul_de_chouette(make_manager)
    await manager.vote_removal(session.id, "2", "1")
    await manager.vote_removal(session.id, "2", "4")
    restarted = await make_manager(games=GAMES)
    back = restarted.by_id(session.id) or await restarted.warm(session.rec.channel_id)
    assert back is not None and back.rec.votes == {"1": ["2"], "4": ["2"]}
    out = await restarted.vote_removal(session.id, "3", "1")
    assert (out.removed, out.votes, out.needed) == (True, 2, 2)
    assert back.players == ["2", "3", "4"] and back.rec.host_id == "2"
    # The votes on the removed host went with him; 2's vote on 4 stands, one of the two needed now.
    assert back.rec.votes == {"4": ["2"]} and needed(back, "4") == 2
    with pytest.raises(TableError) as not_host:
        await restarted.remove_by_host(session.id, "1", "4")
    assert not_host.value.code == "not_host"


async def test_with_two_humans_seated_there_is_no_vote_but_the_host_still_removes(
    make_manager: MakeManager,
) -> None:
    manager = await make_manager(games=GAMES)
    session = await seated_game(manager, ("1", "2", "3"), game="culdechouette")
    # Three humans: each target's two others vote, and both are needed.
    counted = await manager.vote_removal(session.id, "2", "3")
    assert (counted.votes, counted.needed, counted.removed) == (1, 2, False)
    await manager.give_seat(session.id, "3", "fort")
    # Two humans and a robot: one player alone cannot vote the other out (the one about to lose the
    # one about to win); the table and its votes are unchanged.
    with pytest.raises(TableError) as refused:
        await manager.vote_removal(session.id, "2", "1")
    assert refused.value.code == "vote_too_few"
    assert session.players == ["1", "2", "3"] and session.rec.votes == {}
    removed = await manager.remove_by_host(session.id, "1", "2")
    assert removed.removed and session.players == ["1", "3"]


async def test_a_host_who_leaves_hands_the_host_part_to_the_next_seated_human(make_manager: MakeManager) -> None:
    manager, session = await four_at_cul_de_chouette(make_manager)
    left = await manager.act(session.id, "1", Action(kind=LEAVE), 0)
    assert left.error is None and session.players == ["2", "3", "4"]
    # The host's part went to the first human still seated: 1 may no longer remove anyone, 2 may.
    assert session.rec.host_id == "2"
    with pytest.raises(TableError) as gone:
        await manager.remove_by_host(session.id, "1", "4")
    assert gone.value.code == "not_host"
    # 2 hands their seat to a robot: 3 hosts now, and removes the robot's seat.
    await manager.give_seat(session.id, "2", "fort")
    assert session.rec.host_id == "3"
    removed = await manager.remove_by_host(session.id, "3", "2")
    assert removed.removed and session.players == ["3", "4"]
    # A new manager (a restart) reads who hosts.
    restarted = await make_manager(games=GAMES)
    back = restarted.by_id(session.id) or await restarted.warm(session.rec.channel_id)
    assert back is not None and back.rec.host_id == "3"
