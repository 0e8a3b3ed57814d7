"""PostgreSQL restarted under play, through the real bot: a click while the server is down gets the
storage refusal and changes nothing; nothing acknowledged before is lost; once the server is back the
same bot (not restarted) plays on, and each move is stored once."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from emulator import Emulator
from tests import postgres_server
from tests.databases import TestDatabase
from tests.e2e.dice import LoadedCulDeChouette
from tests.e2e.table import act, button_for, table_message
from tests.e2e.tavern import make_tavern
from tests.postgres_server import Server

from .test_storage_bot import ARTHUR_STARTS, CHOUETTES, UNAVAILABLE, answer_text, started

PERCEVAL_THROWS = [1, 3, 5]


@pytest.fixture
def server(postgres: Server) -> Iterator[Server]:
    """A server of this test's own (the run's is shared: stopping it would fail the others' tests)."""
    try:
        with postgres_server.own_server() as own:
            yield own
    except postgres_server.Unavailable as error:
        pytest.fail(f"a second PostgreSQL server could not be started: {error}", pytrace=False)


def moves(database: TestDatabase) -> list[str]:
    return [r[0] for r in database.query("SELECT player FROM actions WHERE player <> '*' ORDER BY session_id, seq")]


@pytest.mark.bot_errors(r"écriture en base impossible", r"battement")
async def test_postgres_restarted_under_play_refuses_clicks_meanwhile_and_play_resumes_in_the_same_bot(
    emu: Emulator, server: Server
) -> None:
    url = server.url()
    tavern = make_tavern(emu, url)
    database = TestDatabase("postgresql", url)
    games = {"culdechouette": LoadedCulDeChouette(ARTHUR_STARTS + CHOUETTES + PERCEVAL_THROWS)}
    async with tavern.bot(games) as bot:
        table = await started(emu, tavern, tavern.channel)
        await act(emu, table, tavern.arthur, "lancer")  # acknowledged: on the server
        session = bot.manager.in_channel(tavern.channel.id)
        assert session is not None and session.state is not None
        before, shown = session.state, table.text()

        await asyncio.to_thread(server.stop, "fast")
        refused = await emu.click(table, tavern.perceval, button_for(table, "lancer").custom_id)
        await emu.wait_until(lambda: answer_text(refused), 5, "a private answer during the outage")
        assert answer_text(refused) == UNAVAILABLE
        assert session.state is before and table_message(tavern.channel).text() == shown

        await asyncio.to_thread(server.start)
        assert moves(database) == [str(tavern.arthur.id)]  # the acknowledged move survived the restart
        thrown = await act(emu, table, tavern.perceval, "lancer")
        assert thrown.response_type == 7
        assert session.state is not before and table_message(tavern.channel).text() != shown
    assert moves(database) == [str(tavern.arthur.id), str(tavern.perceval.id)]
    emu.assert_no_violations()
