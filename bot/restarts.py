"""Failed starts in a row, under a supervisor: wait longer each time, give up on a setting to fix.

A supervisor (Docker's restart policy, systemd) starts the bot again as soon as it stops. Each start
that fails again waits longer before trying (10 s, 20 s, … up to 5 min for a network outage, 15 min
for a setting). A network outage is retried for ever: it ends by itself. A setting or a database
to fix is tried ``start_attempts`` times, then the bot gives up: it says so once and tries nothing
more until what it depends on changes (the token and the ``TAVERNE_`` settings, the database
file, its folder), which it watches; the healthcheck says unhealthy all along. A container recreated
with a new ``.env`` starts afresh (its temporary folder is new).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from .failures import DATABASE, TEMPORARY, Failure

LONGEST_PAUSE_S = {True: 300.0, False: 900.0}  # temporary failure?: the longest pause
LONGEST_LOOK_S = 5.0  # how often a waiting start looks whether something changed
# How failed starts are paced and told: changing them fixes nothing.
PACING = frozenset({"TAVERNE_START_PAUSE_S", "TAVERNE_START_ATTEMPTS", "TAVERNE_LOG_LEVEL"})


def failures_file(database: str, shards: str = "") -> Path:
    """Kept in the temporary folder, which a container keeps across its restarts (and a reboot clears);
    one per database and shards (the shard processes of one database fail on their own)."""
    key = str(Path(database).resolve()) + (f" {shards}" if shards else "")
    digest = hashlib.sha256(key.encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"taverne-demarrages-{digest}.json"


def _stat(path: Path, *, contents: bool = True) -> list[int]:
    try:
        st = path.stat()
    except OSError:
        return []
    owner = [st.st_uid, st.st_gid, st.st_mode]
    return [*owner, st.st_size, st.st_mtime_ns] if contents else owner


def surroundings(database: str, code: int) -> str:
    """A digest of what a start that failed with ``code`` depends on: the settings (the token only
    hashed), who owns the database file and its folder and may write there, and for a database
    failure the file itself (a bot that opened it writes it: its contents say nothing of a token
    refused). It changes when the admin fixes something."""
    settings = sorted(
        (k, hashlib.sha256(v.encode()).hexdigest())
        for k, v in os.environ.items()
        if (k.startswith("TAVERNE_") or k == "DISCORD_TOKEN") and k not in PACING
    )
    path = Path(database)
    seen = {
        "settings": settings,
        "file": _stat(path, contents=code == DATABASE),
        "folder": _stat(path.parent, contents=False),
    }
    return hashlib.sha256(json.dumps(seen).encode()).hexdigest()


@dataclass(frozen=True)
class PastFailures:
    count: int
    line: str
    code: int
    surroundings: str = ""

    @property
    def temporary(self) -> bool:
        return self.code == TEMPORARY

    def pause_s(self, first_s: float) -> float:
        """``first_s`` after one failure, doubled after each next one, up to the longest pause."""
        return min(LONGEST_PAUSE_S[self.temporary], first_s * 2 ** max(0, self.count - 1))

    def given_up(self, attempts: int) -> bool:
        return not self.temporary and self.count >= attempts


def past_failures(path: Path) -> PastFailures | None:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return PastFailures(int(raw["count"]), str(raw["line"]), int(raw["code"]), str(raw.get("around", "")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def remember_failure(path: Path, failure: Failure, database: str) -> None:
    """Counts the failures in a row: a passing one after passing ones, or one to fix in unchanged
    surroundings (after a change, the count starts again)."""
    before = past_failures(path)
    around = surroundings(database, failure.code)
    same = before is not None and before.temporary == failure.temporary
    if same and before is not None and not failure.temporary:
        same = before.surroundings == around
    count = before.count + 1 if same and before is not None else 1
    record = {"count": count, "line": failure.line, "code": failure.code, "around": around}
    with contextlib.suppress(OSError):
        path.write_text(json.dumps(record), encoding="utf-8")


def forget_failures(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _wait(seconds: float | None, first_s: float, changed: Changed) -> bool:
    """Waits ``seconds`` (None: for ever) or until something changed; True if it did."""
    look = min(LONGEST_LOOK_S, max(first_s, 0.01))
    end = None if seconds is None else time.monotonic() + seconds
    while end is None or time.monotonic() < end:
        time.sleep(look if end is None else max(0.0, min(look, end - time.monotonic())))
        if changed():
            return True
    return False


class Changed:
    def __init__(self, database: str, code: int, before: str) -> None:
        self.database, self.code, self.before = database, code, before

    def __call__(self) -> bool:
        return surroundings(self.database, self.code) != self.before


def _again(past: PastFailures, pause: float) -> str:
    return (
        f"Taverne — démarrage précédent échoué ({past.count} fois de suite) : {past.line} — "
        f"nouvel essai dans {pause:g} s"
    )


def wait_after_failures(record: Path, database: str, first_s: float, attempts: int) -> None:
    """Under a supervisor (no terminal), a start after failed ones waits first: no tight loop; after
    ``attempts`` failures of a setting or the database, it waits until something changes."""
    past = past_failures(record)
    if past is None or sys.stdin.isatty():
        return
    if past.temporary:  # nothing the admin fixes: wait, longer each time
        _say(_again(past, past.pause_s(first_s)))
        time.sleep(past.pause_s(first_s))
        return
    around = surroundings(database, past.code)
    if past.surroundings != around:
        _say(f"Taverne — les réglages ou la base ont changé depuis l'échec précédent ({past.line}) : nouvel essai")
        forget_failures(record)
        return
    changed = Changed(database, past.code, around)
    if past.given_up(attempts):
        plural = "s" if past.count > 1 else ""
        _say(
            f"Taverne — abandon après {past.count} démarrage{plural} échoué{plural} de suite : {past.line}. "
            "Le bot n'essaie plus ; il repart de lui-même dès que le réglage ou la base change "
            "(ou recréez le conteneur après avoir corrigé .env : docker compose up -d)"
        )
        _wait(None, first_s, changed)
    else:
        pause = past.pause_s(first_s)
        _say(_again(past, pause))
        if not _wait(pause, first_s, changed):
            return
    _say("Taverne — les réglages ou la base ont changé : nouvel essai")
    forget_failures(record)
