"""Why a start failed, in one line that says what to do, and the exit code that goes with it.

The codes let a supervisor tell a setting to fix (do not retry at once) from a passing failure
(retry later): ``CONFIG`` for the token, the intents or a setting, ``DATABASE`` for a database the
admin must fix, ``TEMPORARY`` (EX_TEMPFAIL) for a network or a Discord outage or a database locked by
another program, ``UNEXPECTED`` for anything else (its traceback is logged at DEBUG).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

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
    from .store.errors import StoreUnreachable

    if isinstance(error, LeaseRefused):
        # Free once the other process stops (or its lease expires): a supervisor may try again.
        return Failure(TEMPORARY, str(error))
    if isinstance(error, StoreUnavailable):
        text = str(error)
        # A locked file, or a PostgreSQL server not up yet: the next start may simply work.
        passing = isinstance(error, StoreUnreachable) or text.startswith("base verrouillée")
        return Failure(TEMPORARY if passing else DATABASE, text)
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
