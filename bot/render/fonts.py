"""The font the pictures write with: DejaVu when the system has it (French accents), Pillow's own
otherwise — and then text is written without accents rather than with boxes."""

from __future__ import annotations

import unicodedata
from functools import cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@cache
def load_font(size: int, bold: bool = False) -> Font:
    try:
        return ImageFont.truetype("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf", size)
    except OSError:
        return ImageFont.load_default(size=size)


def fit(text: str, chosen: Font) -> str:
    """``text`` as ``chosen`` can draw it: accents dropped for Pillow's fallback font."""
    if isinstance(chosen, ImageFont.FreeTypeFont) and "DejaVu" in (chosen.getname()[0] or ""):
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
