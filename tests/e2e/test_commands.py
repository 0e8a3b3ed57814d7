"""The commands around the tables, through Discord: every page of every game's rules, the help, the
scores and the statistics must fit Discord's limits (the emulator refuses what Discord refuses)."""

from __future__ import annotations

import pytest

from tests.e2e.tavern import Tavern

# Part of the representative end-to-end subset that also runs on PostgreSQL (docs/SCALING.md).
pytestmark = pytest.mark.both_databases

GAMES = ["culdechouette", "cabane", "chevre", "barricade", "ludicitude"]


@pytest.mark.parametrize("game", GAMES)
async def test_every_page_of_the_rules_can_be_read_to_the_end(tavern: Tavern, game: str) -> None:
    emu = tavern.emu
    async with tavern.bot():
        reply = await emu.slash(tavern.channel, tavern.perceval, "regles", {"jeu": game})
        book = reply.message
        assert book is not None and reply.ephemeral and book.visible_to == tavern.perceval
        pages = [book.text()]
        # A rule short enough for one page has no ◀ ▶ at all.
        while book.buttons and not book.button("▶").disabled:
            turned = await emu.click(book, tavern.perceval, label="▶")
            assert turned.response_type == 7
            pages.append(book.text())
            assert len(pages) < 200, "the ▶ button never ends"
        assert len(pages) == len(set(pages)), "a page came twice"
        while book.buttons and not book.button("◀").disabled:
            await emu.click(book, tavern.perceval, label="◀")
        assert book.text() == pages[0]
    emu.assert_no_violations()


async def test_help_scores_and_statistics_answer_privately(tavern: Tavern) -> None:
    emu = tavern.emu
    async with tavern.bot():
        for command in ("aide", "scores", "stats"):
            reply = await emu.slash(tavern.channel, tavern.karadoc, command)
            assert reply.acknowledged and reply.content, command
    emu.assert_no_violations()
