"""Why a start failed, in one line that says what to do, and the exit code that goes with it.

The codes let a supervisor tell a setting to fix (do not retry at once) from a passing failure
(retry later): ``CONFIG`` for the token, the intents or a setting, ``DATABASE`` for a database the
admin must fix, ``TEMPORARY`` (EX_TEMPFAIL) for a network or a Discord outage or a database locked by
another program, ``UNEXPECTED`` for anything else (its traceback is logged at DEBUG).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import tempfile
from dataclasses import dataclass
from pathlib import Path

CONFIG, DATABASE, TEMPORARY, UNEXPECTED = 2, 3, 75, 1


@dataclass(frozen=True)
class Failure:
    code: int
    line: str

    @property
    def temporary(self) -> bool:
        return self.code == TEMPORARY


TOKEN_REFUSED = (
    "Discord refuse le jeton (DISCORD_TOKEN) : recopiez-le depuis le portail des développeurs "
    "(Bot → Reset Token) dans .env, puis relancez"
)
INTENTS_REFUSED = (
    "Discord refuse l'intent Message Content : activez « Message Content Intent » dans l'onglet Bot du "
    "portail des développeurs (il sert au Chante-Sloubi), puis relancez"
)


def failure_of(error: BaseException) -> Failure:
    """The failure a start-up exception stands for."""
    import aiohttp  # here, not at the top: the maintenance commands do not load discord.py
    import discord

    from .store import LeaseRefused, StoreUnavailable

    if isinstance(error, LeaseRefused):
        # Free once the other process stops (or its lease expires): a supervisor may try again.
        return Failure(TEMPORARY, str(error))
    if isinstance(error, StoreUnavailable):
        text = str(error)
        return Failure(TEMPORARY if text.startswith("base verrouillée") else DATABASE, text)
    if isinstance(error, discord.LoginFailure):
        return Failure(CONFIG, TOKEN_REFUSED)
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return Failure(CONFIG, INTENTS_REFUSED)
    if isinstance(error, aiohttp.ClientConnectionError | OSError | asyncio.TimeoutError | discord.GatewayNotFound):
        return Failure(
            TEMPORARY,
            f"Discord injoignable ({_short(error)}) : vérifiez la connexion réseau de la machine ; "
            "le bot retentera à son prochain démarrage",
        )
    if isinstance(error, discord.DiscordServerError):
        return Failure(TEMPORARY, f"Discord répond en erreur ({error.status}) : réessayez dans quelques minutes")
    if isinstance(error, discord.HTTPException) and error.status == 401:
        return Failure(CONFIG, TOKEN_REFUSED)
    return Failure(
        UNEXPECTED,
        f"arrêt sur une erreur inattendue ({type(error).__name__} : {_short(error)}) ; "
        "détails avec TAVERNE_LOG_LEVEL=DEBUG",
    )


def _short(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 160 else text[:157] + "…"


# --- back-off between failed starts ------------------------------------------------------------------
# A supervisor (Docker's restart policy, systemd) starts the bot again as soon as it stops. Each
# start that fails again waits longer before trying: a setting to fix is said again every quarter
# of an hour at most, not in a tight loop; a network outage is retried every five minutes at most.
LONGEST_PAUSE_S = {True: 300.0, False: 900.0}  # temporary failure?: the longest pause


def failures_file(database: str, shards: str = "") -> Path:
    """Kept in the temporary folder, which a container keeps across its restarts (and a reboot clears);
    one per database and shards (the shard processes of one database fail on their own)."""
    key = str(Path(database).resolve()) + (f" {shards}" if shards else "")
    digest = hashlib.sha256(key.encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"taverne-demarrages-{digest}.json"


@dataclass(frozen=True)
class PastFailures:
    count: int
    line: str
    temporary: bool

    def pause_s(self, first_s: float) -> float:
        """``first_s`` after one failure, doubled after each next one, up to the longest pause."""
        return min(LONGEST_PAUSE_S[self.temporary], first_s * 2 ** max(0, self.count - 1))


def past_failures(path: Path) -> PastFailures | None:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return PastFailures(int(raw["count"]), str(raw["line"]), bool(raw["temporary"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def remember_failure(path: Path, failure: Failure) -> None:
    before = past_failures(path)
    count = before.count + 1 if before is not None else 1
    with contextlib.suppress(OSError):
        path.write_text(
            json.dumps({"count": count, "line": failure.line, "temporary": failure.temporary}), encoding="utf-8"
        )


def forget_failures(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)
