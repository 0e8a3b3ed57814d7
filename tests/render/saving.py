"""Keeps the pictures the render tests draw, to look at them by eye.

``TAVERNE_SAVE_PICTURES=docs/pictures .venv/bin/python -m pytest tests/render -q`` writes every
picture the tests draw (dice of each game, the domino chain and hand) as ``<name>.png`` in that
folder; without the variable nothing is written.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image

FOLDER = "TAVERNE_SAVE_PICTURES"


def opened(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def keep(name: str, data: bytes) -> bytes:
    """Writes ``data`` as ``<name>.png`` when the folder variable is set; gives ``data`` back."""
    folder = os.environ.get(FOLDER)
    if folder:
        path = Path(folder)
        path.mkdir(parents=True, exist_ok=True)
        (path / f"{name}.png").write_bytes(data)
    return data
