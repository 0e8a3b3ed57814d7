"""How each game looks at a Discord table: ``bot/tables/<game>.py`` exposes ``PRESENTER``; the
registry (``registry.py``) says which presenter draws which game and checks them all at start."""

from __future__ import annotations

from .base import Offer, Presenter, mention, timestamp
from .registry import PresenterError, check_presenters, presenter_for, register
from .shown import Shown

__all__ = [
    "Offer",
    "Presenter",
    "PresenterError",
    "Shown",
    "check_presenters",
    "mention",
    "presenter_for",
    "register",
    "timestamp",
]
