"""Pictures of Chèvre: the chain on the table and a player's private hand (PNG bytes, Pillow only).

The chain is laid out in rows read like text, left end first, so that a long chain stays narrow
enough for a phone; doubles stand across, as at the table. The two end tiles are outlined.
"""

from __future__ import annotations

import io
from collections.abc import Collection, Sequence
from typing import Any

from PIL import Image, ImageDraw

from .fonts import fit, load_font

MAX_WIDTH = 900
MARGIN = 16
GAP = 4
HALF = 30  # side of one half of a tile on the chain, in pixels
HAND_HALF = 34
HEADER = 28
FELT = (31, 95, 58)
IVORY = (246, 241, 225)
INK = (30, 30, 30)
EDGE = (70, 60, 50)
GOLD = (235, 185, 40)
TEXT = (240, 240, 230)

# Where the pips of each number sit in a square half, as fractions of its side.
PIPS: dict[int, list[tuple[float, float]]] = {
    0: [],
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.27, 0.22), (0.27, 0.5), (0.27, 0.78), (0.73, 0.22), (0.73, 0.5), (0.73, 0.78)],
}

Box = tuple[int, int, int, int]




def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _half(draw: ImageDraw.ImageDraw, left: int, top: int, side: int, value: int) -> None:
    radius = max(2, side // 9)
    for fx, fy in PIPS[value]:
        x, y = left + fx * side, top + fy * side
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=INK)


def _tile(
    draw: ImageDraw.ImageDraw, left: int, top: int, side: int, a: int, b: int, upright: bool, outline: Any
) -> None:
    """A tile with ``a`` on its left (or top) half and ``b`` on the other."""
    width, height = (side, 2 * side) if upright else (2 * side, side)
    draw.rounded_rectangle(
        (left, top, left + width - 1, top + height - 1), radius=side // 6, fill=IVORY, outline=outline, width=2
    )
    if upright:
        draw.line((left + 4, top + side, left + side - 5, top + side), fill=EDGE, width=2)
        _half(draw, left, top, side, a)
        _half(draw, left, top + side, side, b)
    else:
        draw.line((left + side, top + 4, left + side, top + side - 5), fill=EDGE, width=2)
        _half(draw, left, top, side, a)
        _half(draw, left + side, top, side, b)


def _rows(widths: Sequence[int], room: int) -> list[list[int]]:
    """Indexes of the items on each row, filling rows left to right within ``room`` pixels."""
    rows: list[list[int]] = [[]]
    used = 0
    for index, width in enumerate(widths):
        if rows[-1] and used + GAP + width > room:
            rows.append([])
            used = 0
        used += width + (GAP if rows[-1] else 0)
        rows[-1].append(index)
    return rows


def _header(view: dict[str, Any]) -> str:
    parts = [f"Manche {view.get('round', 1)}"]
    ends = view.get("ends")
    if ends:
        parts.append(f"bouts : {ends[0]} à gauche, {ends[1]} à droite")
    if "bazar" in view:
        parts.append(f"bazar : {view['bazar']}")
    return " · ".join(parts)


def render_chain(view: dict[str, Any]) -> bytes:
    """The chain of a public view (``GAME.view(state, None)``) as a PNG at most MAX_WIDTH wide."""
    chain: list[tuple[int, int]] = [(int(a), int(b)) for a, b in view.get("chain", [])]
    font = load_font(15)
    if not chain:
        image = Image.new("RGB", (420, HEADER + 2 * MARGIN + 30), FELT)
        draw = ImageDraw.Draw(image)
        draw.text((MARGIN, MARGIN), fit(_header(view), font), fill=TEXT, font=font)
        draw.text((MARGIN, MARGIN + HEADER + 4), fit("La chaîne est vide.", font), fill=TEXT, font=font)
        return _png(image)
    widths = [HALF if a == b else 2 * HALF for a, b in chain]
    rows = _rows(widths, MAX_WIDTH - 2 * MARGIN)
    row_height = 2 * HALF
    used = max(sum(widths[i] for i in row) + GAP * (len(row) - 1) for row in rows)
    width = max(used + 2 * MARGIN, 420)
    height = MARGIN + HEADER + len(rows) * row_height + (len(rows) - 1) * 2 * GAP + MARGIN
    image = Image.new("RGB", (width, height), FELT)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, MARGIN - 2), fit(_header(view), font), fill=TEXT, font=font)
    ends = {0, len(chain) - 1}
    top = MARGIN + HEADER
    for row in rows:
        left = MARGIN
        for index in row:
            a, b = chain[index]
            outline = GOLD if index in ends else EDGE
            if a == b:
                _tile(draw, left, top, HALF, a, b, upright=True, outline=outline)
            else:
                _tile(draw, left, top + HALF // 2, HALF, a, b, upright=False, outline=outline)
            left += widths[index] + GAP
        top += row_height + 2 * GAP
    return _png(image)


def render_hand(tiles: Sequence[str], playable: Collection[str] = ()) -> bytes:
    """A private hand, tiles standing upright with their names under them; ``playable`` ones outlined."""
    font = load_font(14)
    if not tiles:
        image = Image.new("RGB", (240, 60), FELT)
        ImageDraw.Draw(image).text((MARGIN, 20), "Main vide.", fill=TEXT, font=font)
        return _png(image)
    step = HAND_HALF + 3 * GAP
    per_row = max(1, (MAX_WIDTH - 2 * MARGIN + 3 * GAP) // step)
    rows = [list(tiles[i : i + per_row]) for i in range(0, len(tiles), per_row)]
    label = 20
    row_height = 2 * HAND_HALF + label + 2 * GAP
    width = 2 * MARGIN + min(len(tiles), per_row) * step - 3 * GAP
    image = Image.new("RGB", (max(width, 120), 2 * MARGIN + len(rows) * row_height), FELT)
    draw = ImageDraw.Draw(image)
    top = MARGIN
    for row in rows:
        left = MARGIN
        for tile in row:
            a, b = (int(v) for v in tile.split("-"))
            outline = GOLD if tile in playable else EDGE
            _tile(draw, left, top, HAND_HALF, a, b, upright=True, outline=outline)
            draw.text(
                (left + HAND_HALF / 2, top + 2 * HAND_HALF + GAP), tile, fill=TEXT, font=font, anchor="mt"
            )
            left += step
        top += row_height
    return _png(image)
