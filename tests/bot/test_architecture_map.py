"""docs/ARCHITECTURE.md is the map a newcomer reads first (issue 15): every file it names exists,
and every module of bot/ is named there, so that a module moved, renamed or added shows in the map."""

from __future__ import annotations

import re
from pathlib import Path

from games.core import registry

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "docs" / "ARCHITECTURE.md"
PACKAGES = ("bot", "games", "terminal", "speech", "emulator", "bench", "tests", "docs", "scripts")
PATH = re.compile(rf"\b(?:{'|'.join(PACKAGES)})/[\w/.<>-]*[\w>/]")
LANGUAGES = ("fr", "en")


def named_paths(text: str) -> set[str]:
    """The file and folder paths the map names, ``<game>`` and ``<lang>`` written out."""
    out: set[str] = set()
    for raw in PATH.findall(text):
        paths = [raw.rstrip(".")]
        if "<game>" in raw:
            paths = [p.replace("<game>", game) for p in paths for game in registry.names()]
        if "<lang>" in raw:
            paths = [p.replace("<lang>", lang) for p in paths for lang in LANGUAGES]
        out.update(p for p in paths if "<" not in p)
    return out


def test_every_file_the_map_names_exists() -> None:
    missing = sorted(p for p in named_paths(MAP.read_text()) if not (ROOT / p).exists())
    assert missing == []


BARE = re.compile(r"(?<![\w/.<>-])([a-z_]+\.py)\b")


def bare_names(line: str) -> list[tuple[str, str]]:
    """(folder, file) for each file named without its folder: the folder is that of the path
    named last before it on the line (« `bot/tables/base.py` (buttons), `arrangement.py` »)."""
    paths = [(m.start(), m.group()) for m in PATH.finditer(line)]
    out = []
    for name in BARE.finditer(line):
        if name.group(1) == "discord.py":  # the library
            continue
        before = [path for start, path in paths if start < name.start()]
        if before:
            last = before[-1]
            out.append((last if last.endswith("/") else last.rsplit("/", 1)[0] + "/", name.group(1)))
    return out


def test_every_file_named_without_its_folder_is_in_the_folder_named_before_it() -> None:
    missing = []
    for line in MAP.read_text().splitlines():
        for folder, name in bare_names(line):
            for where in named_paths(folder):
                if not (ROOT / where / name).exists():
                    missing.append(f"{where}{name}")
    assert missing == []


def is_named(module: Path, text: str, lines: list[str]) -> bool:
    """Named by its path, by its game's pattern (``bot/tables/<game>.py``), or by its file name on
    a line that names its folder."""
    path = str(module.relative_to(ROOT))
    if path in named_paths(text):
        return True
    folder = str(module.parent.relative_to(ROOT)) + "/"
    for line in lines:
        paths = [(m.start(), m.group()) for m in PATH.finditer(line)]
        for name in re.finditer(rf"(?<![\w/]){re.escape(module.name)}", line):
            # The path named last before it says whose file it is.
            before = [path for start, path in paths if start < name.start()]
            if before and before[-1].startswith(folder):
                return True
    return False


def test_every_module_of_bot_is_named_in_the_map() -> None:
    text = MAP.read_text()
    lines = text.splitlines()
    modules = sorted(p for p in (ROOT / "bot").rglob("*.py") if p.name != "__init__.py")
    unnamed = [str(m.relative_to(ROOT)) for m in modules if not is_named(m, text, lines)]
    assert unnamed == []


def test_the_check_tells_a_missing_module_from_a_named_one() -> None:
    text = "`bot/ui/routing.py` ROUTES; `bot/tables/<game>.py`, on `bot/tables/base.py`, `layout.py`"
    lines = text.splitlines()
    assert is_named(ROOT / "bot" / "ui" / "routing.py", text, lines)
    assert is_named(ROOT / "bot" / "tables" / "chevre.py", text, lines)
    assert is_named(ROOT / "bot" / "tables" / "layout.py", text, lines)
    assert not is_named(ROOT / "bot" / "ui" / "layout.py", text, lines)  # another folder's
    assert not is_named(ROOT / "bot" / "ui" / "sending.py", text, lines)
    assert "bot/ui/nowhere.py" in named_paths("see `bot/ui/nowhere.py`")
