"""custom_ids of the table's components: which table, which turn, which action, <= 100 characters.

``tv:<table>:<turn>:<code>`` for a game action's button, ``tvs:<table>:<turn>:<n>`` for a select
(its option values are codes), ``tvq:<table>:<turn>:<kind>`` for a modal asking an action's numbers
or words, ``tvm:<table>:<turn>:<what>`` for the table menu (leave, my hand), ``tvl:<table>:<what>``
for the lobby, ``tvr:<game>:<page>`` for the rules pages. Numbers are base 36.

An action's code is its kind and its arguments in vocabulary order (``lancer``,
``miser~12~<@id>``); when that would be too long or ambiguous it is ``#`` and a short hash of the
action, found again among the legal actions when clicked.
"""

from __future__ import annotations

import hashlib
import re
import string
from dataclasses import dataclass

from games.core import Action, ActionSpec, ArgSpec
from games.core.model import ArgValue

MAX_ID = 100
SEP = "~"
HASH = "#"
_DIGITS = string.digits + string.ascii_lowercase
_SAFE_WORD = re.compile(r"[^~#,:\s]+")


class BadId(ValueError):
    """A custom_id or code that this bot did not write (or that an older version wrote)."""


def to36(n: int) -> str:
    if n < 0:
        raise ValueError("negative")
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = _DIGITS[r] + out
        if n == 0:
            return out


def from36(text: str) -> int:
    if not text or len(text) > 12 or any(c not in _DIGITS for c in text):
        raise BadId(text)
    return int(text, 36)


def action_hash(action: Action) -> str:
    digest = hashlib.blake2b(action.model_dump_json().encode(), digest_size=6).hexdigest()
    return HASH + digest


def _word(spec: ArgSpec, value: ArgValue) -> str | None:
    """One argument as text, or None when it cannot be written unambiguously."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        if not value:
            return None
        words = [str(v) for v in value]
        if not all(_SAFE_WORD.fullmatch(w) for w in words):
            return None
        return ",".join(words)
    return value if _SAFE_WORD.fullmatch(value) else None


def encode_action(action: Action, spec: ActionSpec | None, budget: int = MAX_ID) -> str:
    """The shortest readable code for ``action``, or its hash when that does not fit ``budget``."""
    if (
        spec is None
        or not _SAFE_WORD.fullmatch(action.kind)
        or set(action.args) - {a.name for a in spec.args}
    ):
        return action_hash(action)
    words = [action.kind]
    for arg in spec.args:
        if arg.name not in action.args:
            if not arg.optional:
                return action_hash(action)
            words.append("")
            continue
        word = _word(arg, action.args[arg.name])
        if word is None:
            return action_hash(action)
        words.append(word)
    while len(words) > 1 and words[-1] == "":
        words.pop()
    code = SEP.join(words)
    return code if len(code) <= budget else action_hash(action)


def _value(spec: ArgSpec, word: str) -> ArgValue:
    try:
        if spec.type == "int":
            return int(word)
        if spec.type == "ints":
            return [int(w) for w in word.split(",")]
    except ValueError:
        raise BadId(word) from None
    if spec.type == "choice" and spec.choices and word not in spec.choices:
        raise BadId(word)
    if "," in word:
        raise BadId(word)
    return word


def decode_action(code: str, vocabulary: list[ActionSpec], candidates: list[Action]) -> Action:
    """The action a code stands for. A hash is looked up among ``candidates`` (the legal actions)."""
    if code.startswith(HASH):
        for action in candidates:
            if action_hash(action) == code:
                return action
        raise LookupError(code)
    specs = {s.kind: s for s in vocabulary}
    # The legal action that wrote this code, as the game built it: a game may list 16 where its
    # vocabulary says "text", and the action must reach it as it was offered.
    for action in candidates:
        if action.kind == code.split(SEP, 1)[0] and encode_action(action, specs.get(action.kind)) == code:
            return action
    words = code.split(SEP)
    spec = specs.get(words[0])
    if spec is None or len(words) - 1 > len(spec.args):
        raise BadId(code)
    args: dict[str, ArgValue] = {}
    for arg, word in zip(spec.args, words[1:], strict=False):
        if word == "":
            if not arg.optional:
                raise BadId(code)
            continue
        args[arg.name] = _value(arg, word)
    for arg in spec.args[len(words) - 1 :]:
        if not arg.optional:
            raise BadId(code)
    return Action(kind=spec.kind, args=args)


@dataclass(frozen=True)
class TableId:
    """A parsed table component id."""

    prefix: str
    session: int
    turn: int
    tail: str


_TABLE_PREFIXES = ("tv", "tvs", "tvq", "tvm")


def table_id(prefix: str, session: int, turn: int, tail: str) -> str:
    head = f"{prefix}:{to36(session)}:{to36(turn)}:"
    if prefix not in _TABLE_PREFIXES or not tail or len(head) + len(tail) > MAX_ID:
        raise ValueError(f"custom_id trop long ou invalide : {head}{tail}")
    return head + tail


def parse_table_id(custom_id: str) -> TableId:
    if len(custom_id) > MAX_ID:
        raise BadId("too long")
    parts = custom_id.split(":", 3)
    if len(parts) != 4 or parts[0] not in _TABLE_PREFIXES or not parts[3]:
        raise BadId(custom_id)
    return TableId(parts[0], from36(parts[1]), from36(parts[2]), parts[3])


def code_budget(session: int, turn: int) -> int:
    """Room left for an action's code in a ``tv``/``tvs`` id (4 is the longest prefix plus colon)."""
    return MAX_ID - len(f"tvs:{to36(session)}:{to36(turn)}:")


def lobby_id(session: int, what: str) -> str:
    return f"tvl:{to36(session)}:{what}"


def parse_lobby_id(custom_id: str) -> tuple[int, str]:
    parts = custom_id.split(":")
    if len(parts) != 3 or parts[0] != "tvl" or parts[2] not in {"join", "leave", "start", "robot", "unrobot"}:
        raise BadId(custom_id)
    return from36(parts[1]), parts[2]


def rules_id(game: str, page: int) -> str:
    return f"tvr:{game}:{to36(page)}"


def parse_rules_id(custom_id: str) -> tuple[str, int]:
    parts = custom_id.split(":")
    if len(parts) != 3 or parts[0] != "tvr" or not parts[1].isalnum():
        raise BadId(custom_id)
    return parts[1], from36(parts[2])
