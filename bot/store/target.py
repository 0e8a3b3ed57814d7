"""What ``TAVERNE_DATABASE`` names: a SQLite file (a path) or a PostgreSQL server (a URL), and how
a URL is written where people read it: never with its password."""

from __future__ import annotations

from pathlib import Path

SCHEMES = ("postgresql", "postgres")
MASK = "***"

Target = Path | str


def is_postgres(target: object) -> bool:
    """A ``postgresql://`` (or ``postgres://``) URL, as opposed to a file path."""
    return isinstance(target, str) and target.split("://", 1)[0].lower() in SCHEMES and "://" in target


def password(target: object) -> str | None:
    """The password a PostgreSQL URL carries, to be masked wherever something is written."""
    if not is_postgres(target):
        return None
    import yarl  # for a URL only: a file's healthcheck or backup needs no URL library

    try:
        return yarl.URL(str(target)).password or None
    except ValueError:
        return None


def shown(target: object) -> str:
    """The database as a message may name it: a path as is, a URL with its password masked."""
    text = str(target)
    if not is_postgres(target):
        return text
    secret = password(target)
    import yarl

    try:
        url = yarl.URL(text)
    except ValueError:
        return text.split("://", 1)[0] + "://" + MASK
    if secret is None:
        return text
    return str(url.with_password(MASK)).replace("%2A%2A%2A", MASK)


def without_secret(text: str, target: object) -> str:
    """``text`` (an error from a driver, say) with the target's password masked if it quotes it."""
    secret = password(target)
    return text.replace(secret, MASK) if secret else text
