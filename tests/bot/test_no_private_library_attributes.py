"""bot/ uses discord.py through its public API only (issue 15): a private attribute of discord.py
(``_connection._view_store``, ``tree._get_all_commands``) may change in any release without notice.

Read from the source: every ``x._name`` in bot/ must name something Taverne defines itself (its own
classes' methods and attributes), or be listed below with the reason it cannot be avoided.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OURS = ("bot", "games", "speech", "terminal")

# Another library's private attribute, where no public way exists: (file, attribute) → why.
ALLOWED = {
    # aiosqlite starts a worker thread per connection and, on a failed open or a close, does not
    # wait for it: joined so that it ends while the event loop can still take its last answer.
    ("bot/store/store.py", "_thread"): "aiosqlite has no public handle on its worker thread",
    # A function run on aiosqlite's thread with its sqlite3 connection: a group of statements in
    # one trip (the group commit, the open tables' index, the copy before a migration), where a
    # trip per statement cost more than the disk. aiosqlite has no public way to do it.
    ("bot/store/store.py", "_execute"): "aiosqlite: run a function on its thread",
    ("bot/store/store.py", "_conn"): "aiosqlite: its sqlite3 connection, on its thread",
    ("bot/store/index.py", "_execute"): "aiosqlite: run a function on its thread",
    ("bot/store/index.py", "_conn"): "aiosqlite: its sqlite3 connection, on its thread",
}


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def defined_by_us() -> set[str]:
    """Every private name Taverne's own code defines: functions, classes, attributes it assigns."""
    names: set[str] = set()
    for package in OURS:
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    names.add(node.name)
                elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                    names.add(node.attr)
                elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    names.add(node.id)
                elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                    names.add(node.target.id)
    return {name for name in names if private(name)}


def private_reads() -> list[tuple[str, int, str]]:
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(), where)):
            if isinstance(node, ast.Attribute) and private(node.attr):
                found.append((where, node.lineno, node.attr))
    return found


def test_bot_reads_no_private_attribute_of_discord_py_or_another_library() -> None:
    ours = defined_by_us()
    foreign = [
        f"{where}:{line}: .{attr}"
        for where, line, attr in private_reads()
        if attr not in ours and (where, attr) not in ALLOWED
    ]
    assert foreign == []


def test_the_check_sees_a_private_discord_py_attribute() -> None:
    # What bot/ui/clicks.py once read: the check would have refused it.
    source = "def unrouted(bot):\n    return bot._connection._view_store\n"
    attrs = [n.attr for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Attribute) and private(n.attr)]
    assert "_view_store" in attrs and "_view_store" not in defined_by_us()
    assert "_get_all_commands" not in defined_by_us()


def test_every_allowed_exception_is_still_needed() -> None:
    reads = {(where, attr) for where, _, attr in private_reads()}
    assert set(ALLOWED) <= reads
