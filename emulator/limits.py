"""What Discord refuses in a message, a modal or a command list, with its own error codes and wording.

Each check returns a list of `Problem`s; an empty list means Discord would accept the payload.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
SELECT_OPTIONS_MAX = 25
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_PLACEHOLDER_MAX = 150
SELECT_OPTION_TEXT_MAX = 100
MODAL_TITLE_MAX = 45
MODAL_COMPONENTS_MAX = 5
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_VALUE_MAX = 4000
COMPONENTS_V2_FLAG = 1 << 15
EPHEMERAL_FLAG = 1 << 6

ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
LABEL = 18

# Layout messages (Components V2, the IS_COMPONENTS_V2 flag): Discord counts every component of
# the tree towards 40 — a Section with one text and its button accessory is three — and every
# TextDisplay's text towards 4000 characters; a MediaGallery holds 1 to 10 items.
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
V2_COMPONENTS_MAX = 40
V2_TEXT_MAX = 4000
GALLERY_ITEMS_MAX = 10
SECTION_TEXTS_MAX = 3
V2_TOP_LEVEL = frozenset({ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER})
IN_CONTAINER = frozenset({ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR})
LEGACY_WITH_V2 = "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"

COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")


@dataclass(frozen=True)
class Problem:
    """One refused field: its JSON path (as in Discord's `errors` object), the code and the sentence."""

    path: str
    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message} ({self.code})"


def _too_long(path: str, value: Any, limit: int) -> Iterator[Problem]:
    if isinstance(value, str) and len(value) > limit:
        yield Problem(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length (got {len(value)}).")


def _required_text(path: str, value: Any, limit: int) -> Iterator[Problem]:
    if not isinstance(value, str) or not value.strip():
        yield Problem(path, "BASE_TYPE_REQUIRED", "This field is required")
    else:
        yield from _too_long(path, value, limit)


def embed_length(embed: dict[str, Any]) -> int:
    """The characters Discord counts towards the 6000 limit of a message's embeds."""
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    for field in embed.get("fields") or []:
        total += len(field.get("name") or "") + len(field.get("value") or "")
    return total


def check_embeds(embeds: list[dict[str, Any]]) -> list[Problem]:
    problems: list[Problem] = []
    if len(embeds) > EMBEDS_MAX:
        problems.append(Problem("embeds", "BASE_TYPE_MAX_LENGTH", f"Must be {EMBEDS_MAX} or fewer in length."))
    for i, embed in enumerate(embeds):
        at = f"embeds.{i}"
        problems += _too_long(f"{at}.title", embed.get("title"), EMBED_TITLE_MAX)
        problems += _too_long(f"{at}.description", embed.get("description"), EMBED_DESCRIPTION_MAX)
        problems += _too_long(f"{at}.footer.text", (embed.get("footer") or {}).get("text"), EMBED_FOOTER_MAX)
        problems += _too_long(f"{at}.author.name", (embed.get("author") or {}).get("name"), EMBED_AUTHOR_MAX)
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            problems.append(
                Problem(f"{at}.fields", "BASE_TYPE_MAX_LENGTH", f"Must be {EMBED_FIELDS_MAX} or fewer in length.")
            )
        for j, field in enumerate(fields):
            problems += _required_text(f"{at}.fields.{j}.name", field.get("name"), EMBED_FIELD_NAME_MAX)
            problems += _required_text(f"{at}.fields.{j}.value", field.get("value"), EMBED_FIELD_VALUE_MAX)
    total = sum(embed_length(e) for e in embeds)
    if total > EMBED_TOTAL_MAX:
        problems.append(
            Problem("embeds", "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {EMBED_TOTAL_MAX} ({total}).")
        )
    return problems


def _walk_components(components: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for component in components:
        yield component
        yield from _walk_components(component.get("components") or [])
        if isinstance(component.get("component"), dict):
            yield from _walk_components([component["component"]])
        if isinstance(component.get("accessory"), dict):
            yield from _walk_components([component["accessory"]])


def _check_button(at: str, button: dict[str, Any]) -> Iterator[Problem]:
    style = button.get("style")
    yield from _too_long(f"{at}.label", button.get("label"), BUTTON_LABEL_MAX)
    if style == 5:
        if not button.get("url"):
            yield Problem(f"{at}.url", "BASE_TYPE_REQUIRED", "This field is required")
    elif style != 6 and not button.get("custom_id"):
        yield Problem(f"{at}.custom_id", "BASE_TYPE_REQUIRED", "This field is required")
    if not button.get("label") and not button.get("emoji") and style != 6:
        yield Problem(at, "COMPONENT_INVALID_BUTTON", "A button needs a label or an emoji.")


def _check_select(at: str, select: dict[str, Any]) -> Iterator[Problem]:
    yield from _too_long(f"{at}.placeholder", select.get("placeholder"), SELECT_PLACEHOLDER_MAX)
    options = select.get("options") or []
    if select.get("type") == STRING_SELECT:
        if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
            yield Problem(
                f"{at}.options", "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {SELECT_OPTIONS_MAX} in length."
            )
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            yield Problem(f"{at}.options", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Option values must be unique.")
        for k, option in enumerate(options):
            yield from _required_text(f"{at}.options.{k}.label", option.get("label"), SELECT_OPTION_TEXT_MAX)
            yield from _required_text(f"{at}.options.{k}.value", option.get("value"), SELECT_OPTION_TEXT_MAX)
            yield from _too_long(f"{at}.options.{k}.description", option.get("description"), SELECT_OPTION_TEXT_MAX)
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not 0 <= low <= 25 or not 1 <= high <= 25 or low > high:
        yield Problem(at, "BASE_TYPE_BAD_LENGTH", "min_values/max_values must satisfy 0 <= min <= max <= 25.")
    elif select.get("type") == STRING_SELECT and options and high > len(options):
        yield Problem(f"{at}.max_values", "BASE_TYPE_MAX", f"Must be less than or equal to {len(options)}.")


def _check_row(at: str, row: dict[str, Any]) -> Iterator[Problem]:
    children = row.get("components") or []
    kinds = [c.get("type") for c in children]
    if not children:
        yield Problem(f"{at}.components", "BASE_TYPE_BAD_LENGTH", "An action row cannot be empty.")
    elif any(k in SELECT_TYPES for k in kinds) and len(children) > 1:
        yield Problem(f"{at}.components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "A select menu must be alone in its row.")
    elif len(children) > BUTTONS_PER_ROW_MAX:
        yield Problem(f"{at}.components", "BASE_TYPE_MAX_LENGTH", f"Must be {BUTTONS_PER_ROW_MAX} or fewer in length.")
    for j, child in enumerate(children):
        if child.get("type") != BUTTON and child.get("type") not in SELECT_TYPES:
            yield Problem(f"{at}.components.{j}.type", "UNION_TYPE_CHOICES", "An action row holds buttons or a select.")


def _check_layout(at: str, component: dict[str, Any], allowed: frozenset[int]) -> Iterator[Problem]:
    """One component of a layout message and what it holds, at its place in the tree."""
    kind = component.get("type")
    if kind not in allowed:
        yield Problem(f"{at}.type", "UNION_TYPE_CHOICES", f"Component type {kind!r} is not allowed here.")
        return
    if kind == ACTION_ROW:
        yield from _check_row(at, component)
    elif kind == CONTAINER:
        children = component.get("components") or []
        if not children:
            yield Problem(f"{at}.components", "BASE_TYPE_BAD_LENGTH", "A container cannot be empty.")
        for j, child in enumerate(children):
            yield from _check_layout(f"{at}.components.{j}", child, IN_CONTAINER)
    elif kind == SECTION:
        texts = component.get("components") or []
        if not 1 <= len(texts) <= SECTION_TEXTS_MAX:
            yield Problem(
                f"{at}.components", "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {SECTION_TEXTS_MAX} in length."
            )
        for j, text in enumerate(texts):
            if text.get("type") != TEXT_DISPLAY:
                yield Problem(f"{at}.components.{j}.type", "UNION_TYPE_CHOICES", "A section holds text displays.")
        accessory = component.get("accessory")
        if not isinstance(accessory, dict):
            yield Problem(f"{at}.accessory", "BASE_TYPE_REQUIRED", "This field is required")
        elif accessory.get("type") not in (BUTTON, THUMBNAIL):
            yield Problem(f"{at}.accessory.type", "UNION_TYPE_CHOICES", "An accessory is a button or a thumbnail.")
    elif kind == TEXT_DISPLAY:
        if not isinstance(component.get("content"), str) or not component["content"]:
            yield Problem(f"{at}.content", "BASE_TYPE_REQUIRED", "This field is required")
    elif kind == MEDIA_GALLERY:
        items = component.get("items") or []
        if not 1 <= len(items) <= GALLERY_ITEMS_MAX:
            yield Problem(
                f"{at}.items", "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {GALLERY_ITEMS_MAX} in length."
            )


def check_layout(components: list[dict[str, Any]]) -> list[Problem]:
    """A layout message's components (the IS_COMPONENTS_V2 flag set)."""
    problems: list[Problem] = []
    for i, component in enumerate(components):
        problems += _check_layout(f"components.{i}", component, V2_TOP_LEVEL)
    total = sum(1 for _ in _walk_components(components))
    if total > V2_COMPONENTS_MAX:
        problems.append(
            Problem(
                "components",
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {V2_COMPONENTS_MAX} or fewer components in total (got {total}).",
            )
        )
    text = sum(
        len(c.get("content") or "") for c in _walk_components(components) if c.get("type") == TEXT_DISPLAY
    )
    if text > V2_TEXT_MAX:
        problems.append(
            Problem(
                "components",
                "COMPONENT_LAYOUT_TEXT_LENGTH_EXCEEDED",
                f"The text of all text displays must be {V2_TEXT_MAX} or fewer characters (got {text}).",
            )
        )
    return problems


def check_components(components: list[dict[str, Any]], flags: int = 0) -> list[Problem]:
    """Action rows of buttons and selects as a classic message carries them (or a Components V2 tree)."""
    problems: list[Problem] = []
    if flags & COMPONENTS_V2_FLAG:
        problems += check_layout(components)
    else:
        if len(components) > ACTION_ROWS_MAX:
            problems.append(
                Problem("components", "BASE_TYPE_MAX_LENGTH", f"Must be {ACTION_ROWS_MAX} or fewer in length.")
            )
        for i, row in enumerate(components):
            at = f"components.{i}"
            if row.get("type") != ACTION_ROW:
                problems.append(Problem(f"{at}.type", "UNION_TYPE_CHOICES", "Top-level components must be action rows."))
                continue
            problems += _check_row(at, row)
    seen: set[str] = set()
    for n, component in enumerate(_walk_components(components)):
        at = f"components[{n}]"
        custom_id = component.get("custom_id")
        if custom_id is not None:
            problems += _too_long(f"{at}.custom_id", custom_id, CUSTOM_ID_MAX)
            if custom_id in seen:
                problems.append(
                    Problem(f"{at}.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", f"Custom id {custom_id!r} is duplicated.")
                )
            seen.add(custom_id)
        if component.get("type") == BUTTON:
            problems += _check_button(at, component)
        elif component.get("type") in SELECT_TYPES:
            problems += _check_select(at, component)
    return problems


def check_message(
    payload: dict[str, Any], *, attachments: int = 0, editing: bool = False, flags_before: int = 0
) -> list[Problem]:
    """A message create or edit. An edit may omit everything; a new message may not be empty.

    ``flags_before``: an edited message's flags — a layout message stays one (Discord never drops
    IS_COMPONENTS_V2), so its edits are checked as layout edits even without the flag."""
    problems: list[Problem] = []
    content = payload.get("content")
    problems += _too_long("content", content, CONTENT_MAX)
    embeds = payload.get("embeds") or []
    problems += check_embeds(embeds)
    flags = int(payload.get("flags") or 0) | (flags_before & COMPONENTS_V2_FLAG)
    if flags & COMPONENTS_V2_FLAG:
        # Layout messages carry their text in TextDisplays: the legacy fields are refused.
        for field, value in (("content", content), ("embeds", embeds), ("poll", payload.get("poll")), ("sticker_ids", payload.get("sticker_ids"))):
            if value:
                problems.append(
                    Problem(field, LEGACY_WITH_V2, f"The '{field}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2")
                )
    components = payload.get("components") or []
    problems += check_components(components, flags)
    if not editing and not (content or embeds or attachments or components or payload.get("poll") or payload.get("sticker_ids")):
        problems.append(Problem("", "50006", "Cannot send an empty message"))
    return problems


def check_modal(data: dict[str, Any]) -> list[Problem]:
    problems: list[Problem] = []
    problems += _required_text("data.title", data.get("title"), MODAL_TITLE_MAX)
    problems += _required_text("data.custom_id", data.get("custom_id"), CUSTOM_ID_MAX)
    rows = data.get("components") or []
    if not 1 <= len(rows) <= MODAL_COMPONENTS_MAX:
        problems.append(
            Problem("data.components", "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {MODAL_COMPONENTS_MAX} in length.")
        )
    seen: set[str] = set()
    for n, component in enumerate(_walk_components(rows)):
        at = f"data.components[{n}]"
        if component.get("type") == LABEL:
            problems += _required_text(f"{at}.label", component.get("label"), TEXT_INPUT_LABEL_MAX)
        if component.get("type") == TEXT_INPUT:
            problems += _too_long(f"{at}.label", component.get("label"), TEXT_INPUT_LABEL_MAX)
            problems += _too_long(f"{at}.value", component.get("value"), TEXT_INPUT_VALUE_MAX)
        custom_id = component.get("custom_id")
        if custom_id is not None:
            problems += _too_long(f"{at}.custom_id", custom_id, CUSTOM_ID_MAX)
            if custom_id in seen:
                problems.append(
                    Problem(f"{at}.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", f"Custom id {custom_id!r} is duplicated.")
                )
            seen.add(custom_id)
    return problems


def check_commands(commands: list[dict[str, Any]]) -> list[Problem]:
    """A bulk overwrite of application commands."""
    problems: list[Problem] = []
    if len(commands) > 100:
        problems.append(Problem("", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length."))
    names = [(c.get("type", 1), c.get("name")) for c in commands]
    if len(set(names)) != len(names):
        problems.append(Problem("", "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique"))
    for i, command in enumerate(commands):
        problems += _check_command(str(i), command)
    return problems


def _check_command(at: str, command: dict[str, Any]) -> Iterator[Problem]:
    name = command.get("name") or ""
    slash = command.get("type", 1) == 1
    if slash and (not COMMAND_NAME.match(name) or name != name.lower()):
        yield Problem(f"{at}.name", "APPLICATION_COMMAND_INVALID_NAME", f"Command name {name!r} is invalid")
    if slash or "description" in command:
        description = command.get("description") or ""
        if slash and not 1 <= len(description) <= 100:
            yield Problem(f"{at}.description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
    options = command.get("options") or []
    if len(options) > 25:
        yield Problem(f"{at}.options", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    optional_seen = False
    for j, option in enumerate(options):
        where = f"{at}.options.{j}"
        if option.get("type") in (1, 2):
            yield from _check_command(where, {**option, "type": 1})
            continue
        if option.get("required"):
            if optional_seen:
                yield Problem(where, "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options")
        else:
            optional_seen = True
        if len(option.get("choices") or []) > 25:
            yield Problem(f"{where}.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        yield from _check_command(where, {**option, "type": 1, "options": []})


def check_choices(choices: list[dict[str, Any]]) -> list[Problem]:
    """An autocomplete answer: at most 25 choices, names of 1 to 100 characters, text values up to 100."""
    problems: list[Problem] = []
    if len(choices) > 25:
        problems.append(Problem("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
    for i, choice in enumerate(choices):
        problems += _required_text(f"data.choices.{i}.name", choice.get("name"), 100)
        problems += _too_long(f"data.choices.{i}.value", choice.get("value"), 100)
    return problems


def errors_object(problems: list[Problem]) -> dict[str, Any]:
    """Discord's nested `errors` object of a 50035 Invalid Form Body answer."""
    tree: dict[str, Any] = {}
    for problem in problems:
        node = tree
        for part in [p for p in re.split(r"[.\[\]]+", problem.path) if p]:
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": problem.code, "message": problem.message})
    return tree
