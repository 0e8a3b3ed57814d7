"""No French sentence written in code (bot/, games/, terminal/, speech/): every sentence a player reads
lives in the catalogues, speech/locales/<lang>/*.po.

A string literal is French when it has French letters, guillemets or several French small words once the
game words (which stay French in every language) are taken out. Docstrings and the arguments of log
calls are not player-facing (the logs stay French). The files listed in STILL_TO_MIGRATE hold French
that no player reads (the admin's messages, typed words): that list may only shrink (a test checks that
each still needs it).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.french import is_french

ROOT = Path(__file__).resolve().parents[2]

# Files whose French literals are not sentences a player reads, and why they stay (issue 19: the bot's
# logs and the admin's commands stay as they are). Every sentence a player reads is in the catalogues.
STILL_TO_MIGRATE: frozenset[str] = frozenset(
    {
        # Admin-facing: the .env checks, backup, restore, migrate-db, health, start-up and its failures
        # (console and logs, read by whoever runs the bot); a presenter missing or a button prefix taken
        # twice (table_ui, registry) is a programming error that stops the bot before it seats anyone.
        "bot/ui/table_ui.py",
        "bot/settings.py",
        "bot/backup.py",
        "bot/restore.py",
        "bot/health.py",
        "bot/__main__.py",
        "bot/logs.py",
        "bot/failures.py",
        "bot/restarts.py",
        "bot/app.py",
        "bot/store/store.py",
        "bot/store/errors.py",
        # The PostgreSQL store's and migrate-db's messages to the admin (as backup's and restore's).
        "bot/migrate_db.py",
        "bot/pg_admin.py",
        "bot/store/pg_errors.py",
        "bot/store/postgres.py",
        "bot/tables/registry.py",
        # Not sentences: what a player may type, read as such (the level « débutant » as an alias of
        # ``debutant``; the « » a player may type around a word, stripped, or as quotes around words).
        # games/core/values.py: the marks stripped from a typed value, moved there from terminal/words.py
        # when the bot's forms and the terminal table came to share one reader of typed values.
        "games/robots/__init__.py",
        "games/core/values.py",
        "terminal/words.py",
    }
)

LOG_METHODS = {"debug", "info", "warning", "error", "exception", "critical", "log"}


def _is_logger(node: ast.expr) -> bool:
    """``log``, ``logger``, ``logging``, or a module's logger (``journal.log``)."""
    if isinstance(node, ast.Name):
        return node.id in {"log", "logger", "logging"}
    return isinstance(node, ast.Attribute) and node.attr in {"log", "logger"}


def _skipped(tree: ast.AST) -> set[int]:
    """ids of the constants that are docstrings or inside a log call."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skipped.add(id(body[0].value))
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in LOG_METHODS
            and _is_logger(node.func.value)
        ):
            skipped |= {id(c) for arg in node.args for c in ast.walk(arg) if isinstance(c, ast.Constant)}
    return skipped


def french_literals(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _skipped(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped:
            if is_french(node.value):
                found.append((node.lineno, node.value))
    return found


def _files() -> list[Path]:
    return sorted(p for area in ("bot", "games", "terminal", "speech") for p in (ROOT / area).rglob("*.py"))


def test_no_french_sentence_is_written_in_code() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {text[:70]!r}"
        for path in _files()
        if str(path.relative_to(ROOT)) not in STILL_TO_MIGRATE
        for line, text in french_literals(path)
    ]
    assert not offenders, "French sentences in code (put them in speech/locales/<lang>/*.po):\n" + "\n".join(offenders)


@pytest.mark.parametrize("name", sorted(STILL_TO_MIGRATE))
def test_each_file_still_to_migrate_still_has_french_words(name: str) -> None:
    """A file that has moved its words leaves the list: the list only shrinks. (A file another branch
    removed or renamed has no French left to check: nothing to assert.)"""
    path = ROOT / name
    assert not path.is_file() or french_literals(path), f"{name} has no French left: take it off STILL_TO_MIGRATE"


def test_the_scan_sees_a_french_sentence_and_lets_game_words_and_english_be() -> None:
    assert is_french("Seul·e l'hôte de la table peut faire ça.")
    assert is_french("Pas de partie dans ce salon")
    assert not is_french("Chèvre")
    assert not is_french("Only the table's host can do that.")
    assert not is_french("table.error.not_host")
