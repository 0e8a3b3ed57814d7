"""Slash-command options at and past their limits: Discord's 6000 characters of a string option,
numbers past their range, broken words, the largest seed. Each is answered privately within
Discord's limits (2000 characters, 25 autocomplete choices of at most 100), and no table opens
unless the values are good."""

from __future__ import annotations

import pytest

from emulator import Emulator
from tests.databases import connect
from tests.e2e.tavern import Tavern

# The longest value Discord lets a user type in a string option.
LONGEST = 6000
SEED_MAX = 2**63 - 1

# Words Discord lets through whose refusal, quoting them, would pass Discord's 2000 characters.
LONG_OPTIONS = ["x" * LONGEST, "shout_window_ms=" + "9" * (LONGEST - 16)]
REFUSED_OPTIONS = [
    "shout_window_ms=99",  # below its minimum of 100
    "shout_window_ms=120001",  # above its maximum
    "tie_tolerance_ms=-1",
    "negatives=peut-être",
    "strict",
    "=",
    '"negatives=true',  # an unclosed quote
    "inconnue=1",
    "négatifs=oui " * 400,
    f"graine={SEED_MAX + 1}",
    "graine=-1",
    "graine=1e9",
    "\x00\u202e\ufeff=☠",
]


pytestmark = pytest.mark.both_databases

def tables(tavern: Tavern) -> list[str]:
    with connect(tavern.database) as db:
        return [r[0] for r in db.execute("SELECT options FROM sessions")]


@pytest.mark.parametrize("typed", REFUSED_OPTIONS, ids=lambda t: t[:24])
async def test_bad_options_are_refused_privately_and_briefly(
    emu: Emulator, tavern: Tavern, typed: str
) -> None:
    async with tavern.bot():
        reply = await emu.slash(
            tavern.channel, tavern.arthur, "jouer", {"jeu": "culdechouette", "options": typed}
        )
        assert reply.ephemeral and "Options invalides" in reply.content, reply.content[:300]
        assert len(reply.content) <= 2000
        assert tables(tavern) == []
        # The channel is still free.
        good = await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": "culdechouette"})
        assert not good.ephemeral
    emu.assert_no_violations()


@pytest.mark.parametrize("typed", LONG_OPTIONS, ids=["word", "number"])
async def test_very_long_bad_options_are_refused_within_discords_limits(
    emu: Emulator, tavern: Tavern, typed: str
) -> None:
    """The refusal quotes the start of the bad word only, so it stays within Discord's 2000
    characters (past them Discord refuses the answer, and the player would read « Oups »)."""
    async with tavern.bot():
        reply = await emu.slash(
            tavern.channel, tavern.arthur, "jouer", {"jeu": "culdechouette", "options": typed}
        )
        assert reply.ephemeral and "Options invalides" in reply.content, reply.content[:300]
        # The bad word quoted cut short (« xxxx… »), so the player still sees which one it is.
        assert len(reply.content) <= 2000 and f"{typed[-20:]}…" in reply.content, reply.content[:300]
        assert tables(tavern) == []
    emu.assert_no_violations()


async def test_options_at_their_limits_open_the_table(emu: Emulator, tavern: Tavern) -> None:
    limits = f"shout_window_ms=120000 tie_tolerance_ms=0 graine={SEED_MAX}"
    async with tavern.bot():
        reply = await emu.slash(
            tavern.channel, tavern.arthur, "jouer", {"jeu": "culdechouette", "options": limits, "delai": 1440}
        )
        assert not reply.ephemeral and "Rejoindre" in (reply.message.button_labels if reply.message else [])
        with connect(tavern.database) as db:
            timeout = db.execute("SELECT turn_timeout_ms FROM sessions").fetchone()
        assert timeout == (1440 * 60_000,)
    emu.assert_no_violations()


@pytest.mark.parametrize("delai", [0, -5, 1441, 2**40])
async def test_a_turn_timer_past_its_range_opens_no_table(emu: Emulator, tavern: Tavern, delai: int) -> None:
    """Discord's client refuses these (the option has a minimum and a maximum); a modified one
    could send them: the bot must still answer, and not open a table."""
    async with tavern.bot():
        reply = await emu.slash(
            tavern.channel, tavern.arthur, "jouer", {"jeu": "culdechouette", "delai": delai}
        )
        assert reply.ephemeral and reply.content == "Le délai doit être un nombre de minutes de 1 à 1440."
        assert tables(tavern) == []
    emu.assert_no_violations()


async def test_an_unknown_game_and_long_words_are_answered_within_discords_limits(
    emu: Emulator, tavern: Tavern
) -> None:
    async with tavern.bot():
        for game in ("monopoly", "x" * 1900, "culdechouette\n", ""):
            reply = await emu.slash(tavern.channel, tavern.arthur, "jouer", {"jeu": game})
            assert reply.ephemeral and len(reply.content) <= 2000, game[:30]
        assert tables(tavern) == []
        for typed in ("", "x" * LONGEST, "negatives=" * 600, "🐔" * 3000, "graine=1 " * 700):
            for command, options in (("jouer", {"jeu": "culdechouette"}), ("jouer", {"jeu": "monopoly"})):
                choices = await emu.autocomplete(
                    tavern.channel, tavern.arthur, command, {**options, "options": typed}, focused="options"
                )
                assert len(choices) <= 25 and all(1 <= len(c["name"]) <= 100 for c in choices)
                assert all(len(str(c["value"])) <= 100 for c in choices)
        refused = await emu.slash(tavern.channel, tavern.outsider, "config", {"salons": "#" * 1900})
        assert refused.ephemeral and len(refused.content) <= 2000
    emu.assert_no_violations()
