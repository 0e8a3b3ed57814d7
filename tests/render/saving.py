"""Keeps the pictures the render tests draw, to look at them by eye, as drawn and as a phone shows them.

``TAVERNE_SAVE_PICTURES=/tmp/pictures .venv/bin/python -m pytest tests/render -q`` writes every
picture the tests draw (the dice of each game, the Barricade board, the domino chain and hand) as
``<name>.png`` in that folder, and beside each one wider than a phone shows it the same picture
scaled down to ``PHONE`` pixels wide, ``<name>.400px.png``: open those to check what a player on a
phone can read. Without the variable nothing is written; docs/pictures/ (the README's pictures) is
written this way.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image

FOLDER = "TAVERNE_SAVE_PICTURES"
PHONE = 400  # pixels: about the width Discord gives a picture on a phone


def opened(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def on_a_phone(data: bytes) -> Image.Image:
    """The picture as a phone shows it: no wider than ``PHONE`` pixels, scaled as a browser does."""
    image = opened(data).convert("RGB")
    if image.width <= PHONE:
        return image
    height = round(image.height * PHONE / image.width)
    return image.resize((PHONE, height), Image.Resampling.LANCZOS)


def keep(name: str, data: bytes) -> bytes:
    """Writes ``data`` as ``<name>.png`` (and ``<name>.400px.png`` when it is wider than a phone
    shows it) when the folder variable is set; gives ``data`` back."""
    folder = os.environ.get(FOLDER)
    if folder:
        path = Path(folder)
        path.mkdir(parents=True, exist_ok=True)
        (path / f"{name}.png").write_bytes(data)
        if opened(data).width > PHONE:
            # A palette copy keeps the file small (docs/pictures/ holds some of them).
            phone = on_a_phone(data).quantize(64, method=Image.Quantize.FASTOCTREE)
            phone.save(path / f"{name}.{PHONE}px.png", optimize=True)
    return data
