"""The rules packages do no I/O (issue 15, the brief): no Discord, no asyncio, no clock, no files but
their own package data (read with importlib.resources), no printing, no global random — a
generator is always a ``random.Random`` seeded from the table. Read from the source, so that a
rule module that starts to reach out fails here rather than in a replay that no longer replays.

``games/__main__.py`` is the one exception: the ``python -m games …`` entry point, which hands the
command line to the terminal table (``terminal/``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
ENTRY_POINT = ROOT / "games" / "__main__.py"
ALLOWED = {
    "__future__", "abc", "collections", "dataclasses", "enum", "functools", "hashlib", "importlib",
    "itertools", "json", "math", "operator", "pydantic", "random", "re", "string", "typing", "unicodedata",
    "games",
}  # fmt: skip
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval", "breakpoint"}


def problems(source: str, where: str) -> list[str]:
    tree = ast.parse(source, where)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
            if node.module == "random":
                found += [f"{where}:{node.lineno}: from random import {a.name}" for a in node.names if a.name != "Random"]
        else:
            names = []
        found += [f"{where}:{node.lineno}: import {n}" for n in names if n.split(".")[0] not in ALLOWED]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS:
            found.append(f"{where}:{node.lineno}: {node.func.id}()")
        # random.choice(…) and the like draw from the process's global generator.
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
            and node.attr != "Random"
        ):
            found.append(f"{where}:{node.lineno}: random.{node.attr}")
    return found


def test_the_rules_packages_import_nothing_that_reaches_outside() -> None:
    modules = [p for p in sorted((ROOT / "games").rglob("*.py")) if p != ENTRY_POINT]
    assert len(modules) > 30
    found = [line for path in modules for line in problems(path.read_text(), str(path.relative_to(ROOT)))]
    assert found == []


def test_the_check_sees_a_clock_a_print_and_the_global_random() -> None:
    source = "import time\nimport random\nfrom discord import ui\n\ndef f():\n    print(random.choice([1]))\n"
    said = problems(source, "games/sample.py")
    assert [line.split(": ", 1)[1] for line in said] == [
        "import time", "import discord", "print()", "random.choice",
    ]  # fmt: skip
