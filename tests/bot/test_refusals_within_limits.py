"""Refusals stay short whatever was typed, and a database failure is a refusal like the others."""

from __future__ import annotations

import sqlite3

import pytest

from bot.options import QUOTED_MAX, check_options, read_table_options
from bot.sessions import TableError, stored
from bot.words import table_error
from games.culdechouette import GAME as CUL

LONGEST = 6000  # what Discord lets a player type in a string option


@pytest.mark.parametrize(
    "typed",
    ["x" * LONGEST, "inconnue" * 700 + "=1", "graine=" + "7" * LONGEST, '"' + "a" * LONGEST],
    ids=["word", "key", "seed", "quote"],
)
def test_a_refusal_quotes_only_the_start_of_a_very_long_word(typed: str) -> None:
    with pytest.raises(TableError) as refused:
        read_table_options(CUL, typed)
    text = refused.value.text
    assert text.startswith("Options invalides pour Cul de chouette") and len(text) < 400, text


def test_a_bad_value_is_quoted_in_part_with_what_the_option_takes() -> None:
    with pytest.raises(TableError) as refused:
        check_options(CUL, {"shout_window_ms": "9" * 3000})
    start = "9" * (QUOTED_MAX - 1)
    assert refused.value.params["detail"] == f"shout_window_ms : « {start}… » : de 100 à 120000"


@pytest.mark.bot_errors(r"écriture en base impossible")
async def test_a_database_failure_becomes_a_refusal_that_says_nothing_was_done() -> None:
    async def locked() -> None:
        raise sqlite3.OperationalError("database is locked")

    with pytest.raises(TableError) as refused:
        await stored(locked())
    assert refused.value.code == "storage"
    assert refused.value.text == (
        "La base de données est indisponible pour l'instant : rien n'a été fait, réessaie dans un instant."
    )
    assert table_error("en", refused.value) == (
        "The database is unavailable right now: nothing was done, try again in a moment."
    )


def test_the_turn_timer_refusal_names_its_range() -> None:
    error = TableError("bad_delay", low=1, high=1440)
    assert error.text == "Le délai doit être un nombre de minutes de 1 à 1440."
    assert table_error("en", error) == "The delay must be a number of minutes from 1 to 1440."
