"""The layout message's own rules (bot/tables/layout.py), past what any game draws today: buttons
meant to stand beside their words go back into rows when Sections would pass 40 components, the
oldest news give way to stay within 4000 characters, a gallery holds 10 pictures, and a table left
with nothing to click keeps its words and pictures."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.tables.layout import Beside, Buttons, layout, without_buttons
from bot.ui.components import TaverneItem, button
from emulator import limits
from tests import layout as reading


def click(n: int) -> TaverneItem[Any]:
    return TaverneItem(button(f"tv:1:1:b{n}", f"Bouton {n}"))


def refused(view: discord.ui.LayoutView, attachments: int = 0) -> list[str]:
    payload = {"flags": limits.COMPONENTS_V2_FLAG, "components": view.to_components()}
    return [str(p) for p in limits.check_message(payload, attachments=attachments)]


def test_sections_that_would_pass_forty_components_go_back_into_rows() -> None:
    sections = [Beside(f"Crier {n}", click(n)) for n in range(12)]
    rows = [[click(100 + 5 * r + i) for i in range(5)] for r in range(2)]
    view = layout(
        colour=0x123456,
        header="## Table",
        news="Arthur lance.",
        buttons=Buttons(sections=sections, rows=rows, menu=[click(999)]),
    )
    assert refused(view) == []
    assert view.total_children_count <= 40 - 4  # the menu row may still grow to five
    shown = [c["custom_id"] for c in reading.items(view)]
    assert sorted(shown) == sorted([f"tv:1:1:b{n}" for n in [*range(12), *range(100, 110), 999]])
    kept = [c for c in reading.walk(view.to_components()) if c.get("type") == 9]
    assert 0 < len(kept) < 12


def test_the_oldest_news_give_way_to_stay_within_4000_characters() -> None:
    news = "\n".join(f"Ligne {n:04d} " + "x" * 90 for n in range(60))
    view = layout(colour=None, header="## Table", board="**Scores**\nArthur : 3", news=news)
    assert refused(view) == []
    text = reading.text(view)
    assert len(text) <= 4000
    assert "Ligne 0059" in text and "Ligne 0000" not in text
    assert reading.fields(view)["Scores"] == "Arthur : 3"


def test_a_gallery_holds_ten_pictures_each_with_words_for_screen_readers() -> None:
    files = [discord.File(io.BytesIO(b"\x89PNG"), filename=f"d{n}.png") for n in range(12)]
    files[0].description = "Les trois dés"
    view = layout(colour=None, header="## Table", files=files, alt="Image de la table")
    assert refused(view, attachments=10) == []
    pictures = reading.pictures(view)
    assert [p["media"]["url"] for p in pictures] == [f"attachment://d{n}.png" for n in range(10)]
    assert [p["description"] for p in pictures[:2]] == ["Les trois dés", "Image de la table"]


def test_a_table_left_with_nothing_to_click_keeps_its_words_and_pictures() -> None:
    files = [discord.File(io.BytesIO(b"\x89PNG"), filename="plateau.png")]
    view = layout(
        colour=0x123456,
        header="## Table",
        news="Arthur gagne.",
        files=files,
        buttons=Buttons(sections=[Beside("Crier", click(1))], rows=[[click(2)]], menu=[click(3)]),
    )
    bare = without_buttons(view)
    assert reading.items(bare) == []
    assert reading.texts(bare) == ["## Table", "Arthur gagne.", "Crier"]
    assert [p["media"]["url"] for p in reading.pictures(bare)] == ["attachment://plateau.png"]
    assert refused(bare, attachments=1) == []
