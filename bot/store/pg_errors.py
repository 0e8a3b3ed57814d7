"""What asyncpg raises when PostgreSQL cannot be used, and the admin's one line about it (the
password never in it)."""

from __future__ import annotations

import asyncpg

from .errors import StoreUnavailable, StoreUnreachable
from .target import shown, without_secret

# Everything the driver raises when the server, the network or a statement fails.
DRIVER_ERRORS: tuple[type[Exception], ...] = (
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    asyncpg.exceptions.InternalClientError,
    OSError,  # refused, reset, unreachable; TimeoutError is one
)


def explain_pg(url: str, error: BaseException) -> StoreUnavailable:
    """The failure to open ``url``, as the exception the start-up reports (a passing one when the
    server may simply not be up yet)."""
    where = shown(url)
    detail = without_secret(" ".join(str(error).split()) or type(error).__name__, url)
    if isinstance(error, asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError):
        return StoreUnavailable(
            f"PostgreSQL refuse l'utilisateur ou le mot de passe de TAVERNE_DATABASE ({where}) : corrigez-les"
        )
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return StoreUnavailable(f"la base de {where} n'existe pas sur le serveur : créez-la (createdb), puis relancez")
    if isinstance(error, asyncpg.InsufficientPrivilegeError):
        return StoreUnavailable(
            f"l'utilisateur de {where} n'a pas le droit d'écrire ou de créer les tables ({detail}) : "
            "donnez-lui la base (ALTER DATABASE … OWNER TO …)"
        )
    if isinstance(error, ValueError):
        return StoreUnavailable(f"TAVERNE_DATABASE n'est pas une adresse PostgreSQL lisible ({where}) : {detail}")
    if isinstance(error, OSError | asyncpg.CannotConnectNowError | asyncpg.PostgresConnectionError | asyncpg.InterfaceError):
        return StoreUnreachable(
            f"PostgreSQL injoignable ({where} : {detail}) : le serveur tourne-t-il ? le bot retentera à son prochain démarrage"
        )
    return StoreUnavailable(f"PostgreSQL inutilisable ({where} : {detail})")

# At connection: the driver's failures, and a URL it cannot read.
OPEN_ERRORS: tuple[type[Exception], ...] = (*DRIVER_ERRORS, ValueError)
