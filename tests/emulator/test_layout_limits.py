"""Layout messages (Components V2): what Discord refuses — legacy fields beside the flag, more than
40 components counted through the tree, more than 4000 characters of text, more than 10 gallery
items, a component where it may not stand — answered with 50035 and the field named."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from emulator import limits
from emulator.running import running

from .conftest import World
from .sample_bot import LAYOUT_BET, SampleBot, layout_table

V2 = 1 << 15


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": "Parier"}


def section(n: int) -> dict[str, Any]:
    """A Section with one text and its button: three components."""
    return {"type": 9, "components": [text(f"Pari {n}")], "accessory": button(f"pari:{n}")}


def container(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 17, "accent_color": 0x1F5F3A, "components": list(children)}


def gallery(items: int) -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": f"attachment://d{i}.png"}} for i in range(items)]}


def layout(*components: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"flags": V2, "components": list(components), **extra}


def problems_at(payload: dict[str, Any]) -> list[str]:
    return [p.path for p in limits.check_message(payload)]


# 1 container + 13 sections × 3 = 40 components; one more text makes 41.
FULL = [section(n) for n in range(13)]

ACCEPTED: list[dict[str, Any]] = [
    layout(container(*FULL)),
    layout(container(text("x" * 3990), text("y" * 10))),
    layout(container(gallery(10))),
    layout(
        text("En-tête"),
        {"type": 14, "divider": True, "spacing": 1},
        {"type": 1, "components": [button(f"b{i}") for i in range(5)]},
        {"type": 13, "file": {"url": "attachment://regles.pdf"}},
        {"type": 9, "components": [text("a"), text("b"), text("c")], "accessory": {"type": 11, "media": {"url": "attachment://d.png"}}},
    ),
    layout(container(text("x")), content="", embeds=[]),
]

REFUSED: list[tuple[dict[str, Any], str, str]] = [
    (layout(container(*FULL, text("un de trop"))), "components", "BASE_TYPE_MAX_LENGTH"),
    (layout(container(text("x" * 3990), text("y" * 11))), "components", "COMPONENT_LAYOUT_TEXT_LENGTH_EXCEEDED"),
    (layout(container(gallery(11))), "components.0.components.0.items", "BASE_TYPE_BAD_LENGTH"),
    (layout(container(gallery(0))), "components.0.components.0.items", "BASE_TYPE_BAD_LENGTH"),
    (layout(text("x"), content="Salut"), "content", limits.LEGACY_WITH_V2),
    (layout(text("x"), embeds=[{"title": "t"}]), "embeds", limits.LEGACY_WITH_V2),
    (layout(container(container(text("x")))), "components.0.components.0.type", "UNION_TYPE_CHOICES"),
    (layout(button("seul")), "components.0.type", "UNION_TYPE_CHOICES"),
    (layout({"type": 9, "components": [text("sans bouton")]}), "components.0.accessory", "BASE_TYPE_REQUIRED"),
    (layout({"type": 9, "components": [text(c) for c in "abcd"], "accessory": button("b")}), "components.0.components", "BASE_TYPE_BAD_LENGTH"),
    (layout({"type": 1, "components": [button(f"b{i}") for i in range(6)]}), "components.0.components", "BASE_TYPE_MAX_LENGTH"),
    (layout(section(1), section(1)), "components[5].custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED"),
]


@pytest.mark.parametrize("payload", ACCEPTED)
def test_discord_accepts_layouts_at_the_limits(payload: dict[str, Any]) -> None:
    assert limits.check_message(payload) == []


@pytest.mark.parametrize(("payload", "path", "code"), REFUSED)
def test_discord_refuses_one_past_naming_the_field(payload: dict[str, Any], path: str, code: str) -> None:
    problems = limits.check_message(payload)
    assert (path, code) in [(p.path, p.code) for p in problems]


def test_a_section_with_its_button_counts_three_of_the_forty() -> None:
    thirteen = layout(container(*FULL))
    assert problems_at(thirteen) == []
    assert problems_at(layout(container(*FULL, section(99)))) == ["components"]


def test_the_same_tree_without_the_flag_is_refused_as_a_classic_message() -> None:
    assert "components.0.type" in problems_at({"components": [container(text("x"))]})


def test_an_edit_of_a_layout_message_may_not_bring_content_back() -> None:
    edit = {"content": "Salut"}
    assert limits.check_message(edit, editing=True) == []
    refused = limits.check_message(edit, editing=True, flags_before=V2)
    assert [p.code for p in refused] == [limits.LEGACY_WITH_V2]


def test_discord_py_layout_view_payload_is_accepted_and_counted_as_discord_counts() -> None:
    view = layout_table(100)
    payload = layout(*view.to_components())
    assert limits.check_message(payload) == []
    # Container, text, Section (its text and button), gallery: six, as discord.py counts too.
    assert view.total_children_count == 6
    assert sum(1 for _ in limits._walk_components(payload["components"])) == 6


async def test_a_layout_table_is_sent_at_4000_characters_and_refused_at_4001(world: World) -> None:
    emu = world.emu
    bot = SampleBot()
    at_limit = 4000 - len(LAYOUT_BET)
    async with running(bot, emu):
        sent = await emu.slash(world.channel, world.alice, "mise_en_page", {"texte": at_limit})
        await emu.wait_until(lambda: sent.message is not None)
        assert sent.message is not None and sent.message.flags & V2
        assert [a.filename for a in sent.message.attachments] == ["des.png"]
        refused = await emu.slash(world.channel, world.alice, "mise_en_page", {"texte": at_limit + 1})
        await emu.wait_until(lambda: bool(bot.errors))
        error = bot.errors[0]
        assert isinstance(error, discord.HTTPException) and error.code == 50035
        assert refused.content == "Table trop longue."
    assert len(emu.take_violations("invalid_message")) == 1
    emu.assert_no_violations()


async def test_a_layout_message_stays_one_whatever_its_edits_say(world: World) -> None:
    """Discord never takes the layout flag off: an edit without it is checked as a layout edit
    (content refused), and one carrying only components keeps the message a layout message."""
    emu = world.emu
    bot = SampleBot()
    async with running(bot, emu):
        sent = await emu.slash(world.channel, world.alice, "mise_en_page", {"texte": 10})
        await emu.wait_until(lambda: sent.message is not None)
        message = sent.message
        assert message is not None
        route = discord.http.Route(
            "PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=world.channel.id, message_id=message.id
        )
        with pytest.raises(discord.HTTPException) as refused:
            await bot.http.request(route, json={"content": "Salut", "flags": 0})
        assert refused.value.code == 50035 and message.content == ""
        rows = [{"type": 1, "components": [button("b")]}]
        await bot.http.request(route, json={"components": [container(text("Table"), *rows)], "flags": 0})
        assert message.flags & V2 and message.text_displays() == ["Table"]
    assert len(emu.take_violations("invalid_message")) == 1
    emu.assert_no_violations()
