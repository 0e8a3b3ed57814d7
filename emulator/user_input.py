"""What a user types into Discord's own forms: slash command options (checked as the client checks
them), the text being autocompleted, and the answers to a modal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from emulator.errors import EmulatorError
from emulator.limits import LABEL, SELECT_TYPES, TEXT_INPUT
from emulator.model import ALL_PERMISSIONS, Channel, User

SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2
OPTION_STRING, OPTION_INTEGER, OPTION_BOOLEAN, OPTION_USER = 3, 4, 5, 6
OPTION_CHANNEL, OPTION_ROLE, OPTION_MENTIONABLE, OPTION_NUMBER = 7, 8, 9, 10


def subcommand_path(
    definition: dict[str, Any], words: list[str]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The options of the (sub)command the words name, and the subcommand definitions on the way."""
    definitions: list[dict[str, Any]] = definition.get("options") or []
    path: list[dict[str, Any]] = []
    for word in words:
        found = next(
            (o for o in definitions if o["name"] == word and o.get("type") in (SUBCOMMAND, SUBCOMMAND_GROUP)), None
        )
        if found is None:
            raise EmulatorError(f"/{definition['name']} has no subcommand {word!r}")
        path.append(found)
        definitions = found.get("options") or []
    return definitions, path


def nest(leaf: list[dict[str, Any]], path: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Options inside their subcommand (and group), as INTERACTION_CREATE carries them."""
    for step in reversed(path):
        leaf = [{"name": step["name"], "type": step["type"], "options": leaf}]
    return leaf


def command_options(
    definitions: list[dict[str, Any]],
    given: dict[str, Any],
    resolved: dict[str, dict[str, Any]],
    channel: Channel,
) -> list[dict[str, Any]]:
    """Typed option values; users and channels go into `resolved` as Discord does."""
    known = {o["name"]: o for o in definitions}
    unknown_names = sorted(set(given) - set(known))
    if unknown_names:
        raise EmulatorError(f"unknown options {unknown_names}; the command has {sorted(known)}")
    missing = [o["name"] for o in definitions if o.get("required") and o["name"] not in given]
    if missing:
        raise EmulatorError(f"Discord would not let a user omit the required options {missing}")
    result = []
    for name, value in given.items():
        kind = known[name]["type"]
        if kind in (OPTION_USER, OPTION_MENTIONABLE) and isinstance(value, User):
            resolved.setdefault("users", {})[str(value.id)] = value.to_json()
            member = channel.guild.members.get(value.id) if channel.guild else None
            if member is not None:
                data = member.to_json(with_permissions=True)
                data.pop("user")
                resolved.setdefault("members", {})[str(value.id)] = data
            value = str(value.id)
        elif kind == OPTION_CHANNEL and isinstance(value, Channel):
            resolved.setdefault("channels", {})[str(value.id)] = {
                **value.to_json(),
                "permissions": str(ALL_PERMISSIONS),
            }
            value = str(value.id)
        elif kind == OPTION_INTEGER:
            value = int(value)
        elif kind == OPTION_NUMBER:
            value = float(value)
        elif kind == OPTION_BOOLEAN:
            value = bool(value)
        elif kind == OPTION_STRING:
            value = str(value)
        choices = known[name].get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise EmulatorError(f"{value!r} is not among the choices of {name}: {[c['value'] for c in choices]}")
        result.append({"name": name, "type": kind, "value": value})
    return result


def autocomplete_options(
    definitions: list[dict[str, Any]], typed: Mapping[str, str], focused: str, command: str
) -> list[dict[str, Any]]:
    """What is typed so far, the option being typed marked `focused`."""
    known = {o["name"]: o for o in definitions}
    if focused not in known or not known[focused].get("autocomplete"):
        raise EmulatorError(f"the option {focused!r} of /{command} has no autocomplete")
    leaf: list[dict[str, Any]] = [
        {"name": k, "type": known[k]["type"], "value": v, **({"focused": True} if k == focused else {})}
        for k, v in typed.items()
    ]
    if focused not in typed:
        leaf.append({"name": focused, "type": known[focused]["type"], "value": "", "focused": True})
    return leaf


def modal_answers(modal: dict[str, Any], values: Mapping[str, str | list[str]]) -> list[dict[str, Any]]:
    """The submitted components, shaped like the modal (rows or labels), checked as the client checks."""
    rows: list[dict[str, Any]] = []
    filled: set[str] = set()
    for component in modal.get("components") or []:
        if component.get("type") == LABEL:
            inner = _answer(component["component"], values, filled)
            rows.append({"type": LABEL, "id": component.get("id", 0), "component": inner})
        elif component.get("type") == 1:
            rows.append({"type": 1, "components": [_answer(c, values, filled) for c in component.get("components") or []]})
    extra = sorted(set(values) - filled)
    if extra:
        raise EmulatorError(f"the modal has no inputs {extra}")
    return rows


def _answer(component: dict[str, Any], values: Mapping[str, str | list[str]], filled: set[str]) -> dict[str, Any]:
    custom_id = component.get("custom_id", "")
    given = values.get(custom_id)
    if given is not None:
        filled.add(custom_id)
    if component.get("type") == TEXT_INPUT:
        text = given if isinstance(given, str) else (component.get("value") or "")
        if component.get("required", True) and not text:
            raise EmulatorError(f"the input {custom_id!r} is required")
        low, high = component.get("min_length", 0), component.get("max_length", 4000)
        if text and not low <= len(text) <= high:
            raise EmulatorError(f"the input {custom_id!r} takes {low} to {high} characters")
        return {"type": TEXT_INPUT, "custom_id": custom_id, "value": text}
    if component.get("type") in SELECT_TYPES:
        picked = given if isinstance(given, list) else ([given] if given else [])
        return {"type": component["type"], "custom_id": custom_id, "values": picked}
    return {"type": component.get("type"), "custom_id": custom_id}
