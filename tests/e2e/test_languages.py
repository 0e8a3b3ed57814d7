"""Who reads what, through Discord: on one server, an English client reads /aide, /regles and his
refusals in English while a French client reads them in French; the channel hears the server's language."""

from __future__ import annotations

import pytest

from tests.e2e.tavern import Tavern

GAMES = ["culdechouette", "cabane", "chevre", "barricade", "ludicitude"]


async def test_an_english_client_reads_the_help_in_english_and_a_french_one_in_french(tavern: Tavern) -> None:
    emu = tavern.emu
    tavern.perceval.locale = "en-US"
    async with tavern.bot():
        english = await emu.slash(tavern.channel, tavern.perceval, "aide")
        french = await emu.slash(tavern.channel, tavern.arthur, "aide")
        assert english.message is not None and french.message is not None
        assert english.ephemeral and english.message.visible_to == tavern.perceval
        en, fr = english.message.text(), french.message.text()
        assert en.startswith("Taverne — help") and "**Open a table**: `/play game:<game> [options]`" in en
        assert "*Velute* two dice whose sum is the third" in en  # the game words, explained once
        assert "`/play game:culdechouette`" in en and "2 to " in en
        assert fr.startswith("Taverne — aide") and "**Ouvrir une table** : `/jouer jeu:<jeu> [options]`" in fr
        assert "`/jouer jeu:culdechouette`" in fr and "Open a table" not in fr
    emu.assert_no_violations()


@pytest.mark.parametrize("game", GAMES)
async def test_an_english_client_reads_the_rules_in_english_to_the_last_page(tavern: Tavern, game: str) -> None:
    emu = tavern.emu
    tavern.perceval.locale = "en-GB"
    async with tavern.bot():
        book = (await emu.slash(tavern.channel, tavern.perceval, "regles", {"jeu": game})).message
        french = (await emu.slash(tavern.channel, tavern.arthur, "regles", {"jeu": game})).message
        assert book is not None and french is not None
        assert book.text().startswith("Rules — ") and "English version for players" in book.text()
        assert french.text().startswith("Règles — ") and "English version" not in french.text()
        # Turning the pages keeps the reader's language.
        while book.buttons and not book.button("▶").disabled:
            await emu.click(book, tavern.perceval, label="▶")
            assert book.text().startswith("Rules — ")
        assert "Page " in book.text()
    emu.assert_no_violations()


@pytest.mark.both_databases  # restarts / stored data: see docs/SCALING.md
async def test_refusals_speak_the_readers_language_and_the_channel_the_servers(tavern: Tavern) -> None:
    emu = tavern.emu
    tavern.perceval.locale = "en-US"
    async with tavern.bot():
        assert (await emu.slash(tavern.channel, tavern.perceval, "scores")).content == (
            "No table is open in this channel. Open one with /play."
        )
        assert (await emu.slash(tavern.channel, tavern.arthur, "scores")).content == (
            "Aucune table n'est ouverte dans ce salon. Ouvre-en une avec /jouer."
        )
        await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": "cabane"})
        refused = await emu.slash(tavern.channel, tavern.perceval, "abandonner")
        assert refused.ephemeral and refused.content == (
            "Only the table's host (Arthur) or an admin (Manage Server) can abandon it."
        )
        # The server speaks French (the default): the channel reads the abandon in French, whoever asks.
        await emu.slash(tavern.channel, emu.owner, "config", {"langue": "fr"})
        done = await emu.slash(tavern.channel, tavern.arthur, "abandonner")
        assert not done.ephemeral and done.content is not None and done.content.startswith("🏳️ Partie de")
    emu.assert_no_violations()


async def test_an_english_client_reads_option_refusals_and_suggestions_in_english(tavern: Tavern) -> None:
    emu = tavern.emu
    tavern.perceval.locale = "en-US"
    async with tavern.bot():
        bad = await emu.slash(tavern.channel, tavern.perceval, "jouer", {"jeu": "chevre", "options": "limite=5"})
        assert bad.ephemeral and bad.content == "Invalid options for Dominos « Chèvre »: limite: “5”: from 13 to 1000"
        french = await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": "chevre", "options": "limite=5"})
        assert french.content == "Options invalides pour Dominos « Chèvre » : limite : « 5 » : de 13 à 1000"
        english = await emu.autocomplete(tavern.channel, tavern.perceval, "jouer", {"jeu": "chevre", "options": "gr"}, "options")
        assert [c["name"] for c in english] == ["graine=1234  (replay the same game / report a bug; ≥ 0)"]
    emu.assert_no_violations()
