"""A table's picture as an attachment, with its words: the PNG for the eye, the description for
screen readers and for the layout's media gallery (Discord shows it as the picture's alt text).

The dice games' presenters (bot/tables/culdechouette.py, cabane.py, ludicitude.py) draw their
dice through here; the bytes come from the content cache (bot/render/cache.py), so the same throw
is drawn once however many times the table is redrawn.
"""

from __future__ import annotations

import io

import discord

from ..ui.components import clip

DICE_FILE = "des.png"
# Discord refuses an attachment description over 1024 characters.
DESCRIPTION_LIMIT = 1024


def picture_file(png: bytes, description: str, filename: str = DICE_FILE) -> discord.File:
    """``png`` as an attachment named ``filename``, described by ``description``."""
    return discord.File(io.BytesIO(png), filename=filename, description=clip(description, DESCRIPTION_LIMIT))
