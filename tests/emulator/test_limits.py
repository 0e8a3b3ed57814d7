"""Discord's refusals, by table: each payload with the field Discord names in its 50035 answer."""

from __future__ import annotations

from typing import Any

import pytest

from emulator import limits


def button(custom_id: str, label: str = "Lancer", **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label, **extra}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def select(custom_id: str, n_options: int, **extra: Any) -> dict[str, Any]:
    options = [{"label": f"Option {i}", "value": str(i)} for i in range(n_options)]
    return {"type": 3, "custom_id": custom_id, "options": options, **extra}


def paths(problems: list[limits.Problem]) -> list[str]:
    return [p.path for p in problems]


ACCEPTED: list[dict[str, Any]] = [
    {"content": "x" * 2000},
    {"embeds": [{"title": "t" * 256, "description": "d" * 4096}]},
    {"embeds": [{"fields": [{"name": "n", "value": "v" * 1024}] * 5}]},
    {"embeds": [{"description": "d"}] * 10},
    {"components": [row(*(button(f"b{r}{c}") for c in range(5))) for r in range(5)]},
    {"components": [row(select("s", 25))]},
    {"components": [row(button("x" * 100, label="l" * 80))]},
    {"components": [row({"type": 2, "style": 5, "url": "https://example.org", "label": "Règles"})]},
    {"content": "", "attachments": []} | {"embeds": [{"title": "seul"}]},
]

REFUSED: list[tuple[dict[str, Any], str]] = [
    ({"content": "x" * 2001}, "content"),
    ({"embeds": [{"title": "t" * 257}]}, "embeds.0.title"),
    ({"embeds": [{"description": "d" * 4097}]}, "embeds.0.description"),
    ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "embeds.0.fields"),
    ({"embeds": [{"fields": [{"name": "n" * 257, "value": "v"}]}]}, "embeds.0.fields.0.name"),
    ({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}, "embeds.0.fields.0.value"),
    ({"embeds": [{"fields": [{"name": "n", "value": ""}]}]}, "embeds.0.fields.0.value"),
    ({"embeds": [{"footer": {"text": "f" * 2049}}]}, "embeds.0.footer.text"),
    ({"embeds": [{"author": {"name": "a" * 257}}]}, "embeds.0.author.name"),
    ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "embeds"),
    ({"embeds": [{"title": "t"}] * 11}, "embeds"),
    ({"components": [row(button(f"b{r}")) for r in range(6)]}, "components"),
    ({"components": [row(*(button(f"b{c}") for c in range(6)))]}, "components.0.components"),
    ({"components": [row(select("s", 3), button("b"))]}, "components.0.components"),
    ({"components": [row(select("s", 26))]}, "components[1].options"),
    ({"components": [row(button("x" * 101))]}, "components[1].custom_id"),
    ({"components": [row(button("b", label="l" * 81))]}, "components[1].label"),
    ({"components": [row(button("même"), button("même"))]}, "components[2].custom_id"),
    ({"components": [button("hors-rang")]}, "components.0.type"),
    ({"components": [row(select("s", 3, max_values=4))]}, "components[1].max_values"),
    ({"content": ""}, ""),
]


@pytest.mark.parametrize("payload", ACCEPTED)
def test_discord_accepts(payload: dict[str, Any]) -> None:
    assert limits.check_message(payload) == []


@pytest.mark.parametrize(("payload", "path"), REFUSED)
def test_discord_refuses_naming_the_field(payload: dict[str, Any], path: str) -> None:
    assert path in paths(limits.check_message(payload))


def test_the_6000_characters_count_every_text_of_every_embed() -> None:
    embed: dict[str, Any] = {"title": "t" * 10, "description": "d" * 20, "footer": {"text": "f" * 30}, "author": {"name": "a" * 40}}
    embed["fields"] = [{"name": "n" * 50, "value": "v" * 60}]
    assert limits.embed_length(embed) == 210


def test_an_edit_may_change_nothing_but_a_new_message_may_not_be_empty() -> None:
    assert limits.check_message({}, editing=True) == []
    assert [p.code for p in limits.check_message({})] == ["50006"]
    assert limits.check_message({}, attachments=1) == []


def test_a_refusal_becomes_discords_nested_errors_object() -> None:
    problems = limits.check_message({"embeds": [{"title": "t" * 257}]})
    tree = limits.errors_object(problems)
    assert tree["embeds"]["0"]["title"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"


@pytest.mark.parametrize(
    ("modal", "path"),
    [
        ({"title": "t" * 46, "custom_id": "m", "components": [row({"type": 4, "custom_id": "a", "label": "A"})]}, "data.title"),
        ({"title": "T", "custom_id": "m", "components": []}, "data.components"),
        ({"title": "T", "custom_id": "m", "components": [row({"type": 4, "custom_id": "a", "label": "l" * 46})]}, "data.components[1].label"),
    ],
)
def test_modal_limits(modal: dict[str, Any], path: str) -> None:
    assert path in paths(limits.check_modal(modal))


@pytest.mark.parametrize(
    ("command", "path"),
    [
        ({"name": "Jouer", "description": "d"}, "0.name"),
        ({"name": "j" * 33, "description": "d"}, "0.name"),
        ({"name": "jouer", "description": ""}, "0.description"),
        ({"name": "jouer", "description": "d" * 101}, "0.description"),
        (
            {
                "name": "jouer",
                "description": "d",
                "options": [
                    {"type": 3, "name": "a", "description": "a"},
                    {"type": 3, "name": "b", "description": "b", "required": True},
                ],
            },
            "0.options.1",
        ),
    ],
)
def test_command_definitions_discord_refuses(command: dict[str, Any], path: str) -> None:
    assert path in paths(limits.check_commands([command]))


def test_french_command_names_are_accepted() -> None:
    assert limits.check_commands([{"name": "règles", "description": "Les règles du jeu"}]) == []
