"""A newcomer at the terminal table: asks « aide », types one of the lines it suggests, again.

It is a stand-in for standard input (not a terminal): each time the table reads a line, it looks at
what the table printed since, so it reacts to what a person would see and nothing else.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable

from terminal import main
from terminal.screen import PAUSE

# Which of the offered lines a newcomer likes best (higher first; ties are drawn at random).
Preference = Callable[[str], int]
CHOICES = re.compile(r"^    (\S.*)$")
PARMI = re.compile(r"^    (\S+ .+) <(\w+)>, \w+ parmi :$")


def suggestions(help_text: str) -> list[str]:
    """The exact lines ``aide`` offers: ``a · b · c`` rows, and ``<arg> parmi`` lists expanded."""
    lines: list[str] = []
    rows = help_text.splitlines()
    i = 0
    while i < len(rows):
        row = rows[i]
        parmi = PARMI.match(row)
        if parmi:
            values: list[str] = []
            i += 1
            while i < len(rows) and rows[i].startswith("      "):
                values += [v.strip() for v in rows[i].split(" · ")]
                i += 1
            lines += [f"{parmi.group(1)} {v}" for v in values]
            continue
        found = CHOICES.match(row)
        if found:
            lines += [item.strip() for item in found.group(1).split(" · ")]
        i += 1
    return lines


class Screen(io.StringIO):
    """Standard output that also keeps what was printed since the newcomer last looked."""

    def __init__(self) -> None:
        super().__init__()
        self.fresh: list[str] = []

    def write(self, text: str) -> int:
        self.fresh.append(text)
        return super().write(text)

    def look(self) -> str:
        seen, self.fresh = "".join(self.fresh), []
        return seen


class Newcomer(io.StringIO):
    """Standard input that answers the table: « aide », then one of its suggestions."""

    def __init__(self, out: Screen, seed: int, prefer: Preference | None = None, max_lines: int = 20_000) -> None:
        super().__init__()
        self.out = out
        self.rng = random.Random(seed)
        self.prefer = prefer
        self.max_lines = max_lines
        self.typed: list[str] = []
        self.asked = False

    def isatty(self) -> bool:
        return False

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if len(self.typed) >= self.max_lines:
            return ""
        printed = self.out.look()
        if printed.rstrip().endswith(PAUSE):
            return self.type("")
        if not self.asked:
            self.asked = True
            return self.type("aide")
        self.asked = False
        if "Partie terminée" in printed:
            return ""
        offered = suggestions(printed)
        if not offered:
            return self.type("attendre")
        if self.prefer is not None:
            best = max(self.prefer(line) for line in offered)
            offered = [line for line in offered if self.prefer(line) == best]
        return self.type(self.rng.choice(offered))

    def type(self, line: str) -> str:
        self.typed.append(line)
        return line + "\n"


def play_by_hand(argv: list[str], seed: int = 0, prefer: Preference | None = None) -> tuple[str, Newcomer]:
    out = Screen()
    newcomer = Newcomer(out, seed, prefer)
    assert main(argv, stdin=newcomer, stdout=out) == 0
    return out.getvalue(), newcomer


def towards_the_mine(line: str) -> int:
    """Barricade as a newcomer plays it: the miner that gets nearest the mine, barriers left behind."""
    words = line.split()
    if "deplacer" in words:
        target = words[-1]
        return 100 if target == "mine" else 10 + ord(target[0].upper()) - ord("A")
    if "barriere" in words:
        return 10 - (ord(words[-1][0].upper()) - ord("A"))
    return 0
