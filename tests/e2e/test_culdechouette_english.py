"""A whole game of Cul de chouette on an English server with English clients, through Discord as the
emulator plays it: every message the channel and the players read, each time it is drawn, and every
button, has no French line but the game words (Chouette, Velute, Bévue, the shouts, the birds…)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from emulator import Message
from tests.e2e.players import play_cul_de_chouette
from tests.e2e.table import open_table, table_message
from tests.e2e.tavern import Tavern
from tests.french import french_lines


class Reader:
    """Everything the bot shows, as it is shown: each message when posted and after each edit."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def read(self, message: Message) -> None:
        labels = [b.label or "" for b in message.buttons]
        labels += [o for s in message.selects for o in s.option_labels]
        self.seen.append("\n".join([message.text(), *labels]))

    def watch(self, emu: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        for name in ("post_message", "message_updated"):
            original: Callable[[Message], Awaitable[None]] = getattr(emu, name)

            async def seen(message: Message, original: Callable[[Message], Awaitable[None]] = original) -> None:
                self.read(message)
                await original(message)

            monkeypatch.setattr(emu, name, seen)

    def french(self) -> list[str]:
        return sorted({line for text in self.seen for line in french_lines(text)})


async def test_a_whole_game_on_an_english_server_reads_english_but_the_game_words(
    tavern: Tavern, monkeypatch: pytest.MonkeyPatch
) -> None:
    emu = tavern.emu
    tavern.at_test_speed()
    emu.freeze_clock()
    for player in (*tavern.players, tavern.outsider):
        player.locale = "en-US"
    async with tavern.bot() as bot:
        await emu.slash(tavern.channel, emu.owner, "config", {"langue": "en"})
        lobby = await open_table(emu, tavern.channel, tavern.arthur, options="shout_window_ms=1000 graine=11")
        # The lobby's buttons by what they do (their custom_id), whatever their words.
        join, start = (next(b.custom_id for b in lobby.buttons if (b.custom_id or "").endswith(w)) for w in (":join", ":start"))
        for guest in (tavern.perceval, tavern.karadoc):
            assert not (await emu.click(lobby, guest, join)).errors
        reader = Reader()
        reader.watch(emu, monkeypatch)
        started = await emu.click(lobby, tavern.arthur, start)
        assert not started.errors
        clicks = await play_cul_de_chouette(emu, bot, tavern.channel, tavern.players, stop_after=30)
        # Read privately, in the reader's language: the table through /scores, and a refusal.
        scores = await emu.slash(tavern.channel, tavern.perceval, "scores")
        assert scores.ephemeral and "Scores" in scores.content
        table = table_message(tavern.channel)
        button = next(b for b in table.buttons if (b.custom_id or "").startswith("tv:"))
        refused = await emu.click(table, tavern.outsider, button.custom_id)
        assert refused.ephemeral and refused.content
        private = [scores.content, refused.content]
        clicks += await play_cul_de_chouette(emu, bot, tavern.channel, tavern.players)
        assert clicks > 30
        shown = lobby.shown()
        assert "Game over" in shown and "🏆 @" in shown
        assert any("throws the cul" in text for text in reader.seen)
        assert any("Chouettes" in text or "chouettes" in text for text in reader.seen)
        assert reader.french() == []
        assert [line for text in private for line in french_lines(text)] == []
    emu.assert_no_violations()
