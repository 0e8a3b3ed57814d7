"""Every form (modal) a game's table can open, read by an English player: its title, its fields'
labels and hints have no French line but the game words; a French player reads the same form in
French. (The forms are read by the player who opens them alone: their client's language.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.tables import presenter_for
from bot.ui.forms import form_fields
from games.core import registry
from tests.bot.ux_support import manager_for, start_table
from tests.french import french_lines

NAMES = {"111": "Alice", "222": "Bob"}
NAMED_BY_NAME = {"lapins", "clapier", "point", "destination"}


@pytest.mark.parametrize("game", registry.names())
async def test_every_form_of_every_game_reads_in_english(db_path: Path, game: str) -> None:
    found = registry.get(game)
    async with manager_for(db_path, {game: found}) as manager:
        session, _, _ = await start_table(manager, game, NAMES)
        presenter = presenter_for(found)
        asked = [spec.kind for spec in found.vocabulary() if form_fields(found, spec.kind)]
        for kind in asked:
            said = {}
            for lang in ("fr", "en"):
                fields = form_fields(found, kind)
                lines = [presenter.form_title(session, kind, lang)]
                for arg in fields:
                    # A field is labelled by its words, never by its (French) argument's name alone, but for
                    # the names that are game words or English too.
                    label = presenter.field_label(session, kind, arg, lang)
                    assert lang == "fr" or label.lower() != arg.name.replace("_", " ") or arg.name in NAMED_BY_NAME, label
                    lines += [presenter.field_label(session, kind, arg, lang), presenter.field_hint(session, kind, arg, lang)]
                said[lang] = lines
            assert all(said["en"][:2]), (kind, said["en"])
            assert [line for line in said["en"] if french_lines(line)] == [], (kind, said["en"])
            assert said["fr"] != said["en"], kind
