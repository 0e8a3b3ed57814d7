"""Pictures of Chèvre: the chain on the table and a player's private hand (PNG bytes, Pillow only).

The chain is laid out in rows read like text, left end first, so that a long chain stays narrow
enough for a phone; doubles stand across, as at the table. The two end tiles are outlined.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from PIL import Image, ImageDraw

from speech import SOURCE, t

from .dice import EDGE, FELT, GOLD, INK, IVORY, TEXT, palette, small_png
from .dice import PIPS as DIE_PIPS
from .fonts import fit, load_font

# Sized for a phone: Discord shows a picture about 400 pixels wide there, so a picture at most
# 620 wide keeps two thirds of its size, and a half of 40 pixels stays a 26-pixel square with
# pips of 4 pixels — readable. Wider pictures shrink the pips to dots.
MAX_WIDTH = 620
MARGIN = 16
GAP = 4
ROW_GAP = 16
TURN = 26  # room at the row ends for the chain's U-turn
HALF = 40  # side of one half of a tile on the chain, in pixels
HAND_HALF = 44
HAND_PER_ROW = 8
HEADER = 30
HEADER_SIZE = 19
# The dice pictures' felt, ivory and pips: a domino half is a die face, with 0 as a blank.
PIPS: dict[int, list[tuple[float, float]]] = {0: [], **DIE_PIPS}

Box = tuple[int, int, int, int]
PALETTE = palette([FELT, IVORY, INK, EDGE, GOLD, TEXT])




def _png(image: Image.Image) -> bytes:
    # A palette PNG: half the CPU of an RGB one and a smaller file (ivory, felt, pips, gold).
    return small_png(image, fixed=PALETTE)


def _half(draw: ImageDraw.ImageDraw, left: int, top: int, side: int, value: int) -> None:
    radius = max(3, side // 8)
    for fx, fy in PIPS[value]:
        x, y = left + fx * side, top + fy * side
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=INK)


def _tile(
    draw: ImageDraw.ImageDraw, left: int, top: int, side: int, a: int, b: int, upright: bool, outline: Any
) -> None:
    """A tile with ``a`` on its left (or top) half and ``b`` on the other."""
    width, height = (side, 2 * side) if upright else (2 * side, side)
    draw.rounded_rectangle(
        (left, top, left + width - 1, top + height - 1),
        radius=side // 6,
        fill=IVORY,
        outline=outline,
        width=4 if outline == GOLD else 2,
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
    """Indexes of the items on each row, filling rows within ``room`` pixels."""
    rows: list[list[int]] = [[]]
    used = 0
    for index, width in enumerate(widths):
        if rows[-1] and used + GAP + width > room:
            rows.append([])
            used = 0
        used += width + (GAP if rows[-1] else 0)
        rows[-1].append(index)
    return rows


def _header(view: dict[str, Any], lang: str) -> str:
    parts = [t(lang, "chevre.table.picture_round", round=view.get("round", 1))]
    ends = view.get("ends")
    if ends:
        parts.append(t(lang, "chevre.table.picture_ends", left=ends[0], right=ends[1]))
    if "bazar" in view:
        parts.append(t(lang, "chevre.table.picture_bazar", bazar=view["bazar"]))
    return " · ".join(parts)


def _turn(draw: ImageDraw.ImageDraw, x: int, top: int, bottom: int, rightwards: bool) -> None:
    """The chain turning at a row's end: a U from the middle of this row to the next one, with its
    arrowhead pointing the way the next row is read."""
    reach = TURN - 6
    x_out = x + reach if rightwards else x - reach
    draw.line((x, top, x_out, top), fill=GOLD, width=4)
    draw.line((x_out, top, x_out, bottom), fill=GOLD, width=4)
    draw.line((x_out, bottom, x, bottom), fill=GOLD, width=4)
    head = 9 if rightwards else -9
    draw.polygon([(x - head, bottom), (x, bottom - 8), (x, bottom + 8)], fill=GOLD)


def _empty_chain(view: dict[str, Any], lang: str) -> bytes:
    """No tile yet: the place of the first one, and what opens the round (not just « empty »)."""
    font = load_font(HEADER_SIZE)
    big = load_font(HEADER_SIZE, bold=True)
    width, height = 470, 2 * MARGIN + HEADER + 2 * HALF + 40
    image = Image.new("RGB", (width, height), FELT)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, MARGIN - 2), fit(_header(view, lang), font), fill=TEXT, font=font)
    top = MARGIN + HEADER + HALF // 2
    for x in range(MARGIN, MARGIN + 2 * HALF, 12):
        draw.line((x, top, min(x + 6, MARGIN + 2 * HALF), top), fill=IVORY, width=2)
        draw.line((x, top + HALF, min(x + 6, MARGIN + 2 * HALF), top + HALF), fill=IVORY, width=2)
    for y in range(top, top + HALF, 12):
        draw.line((MARGIN, y, MARGIN, min(y + 6, top + HALF)), fill=IVORY, width=2)
        draw.line((MARGIN + 2 * HALF, y, MARGIN + 2 * HALF, min(y + 6, top + HALF)), fill=IVORY, width=2)
    left = MARGIN + 2 * HALF + 14
    draw.text((left, top + 2), fit(t(lang, "chevre.table.picture_first"), big), fill=TEXT, font=big)
    first_round = int(view.get("round", 1)) == 1
    rule = t(lang, "chevre.table.picture_opening" if first_round else "chevre.table.picture_free").split("\n")
    for line, words in enumerate(rule):
        draw.text((left, top + 28 + 24 * line), fit(words, font), fill=TEXT, font=font)
    return _png(image)


def render_chain(view: dict[str, Any], lang: str = SOURCE) -> bytes:
    """The chain of a public view (``GAME.view(state, None)``) as a PNG at most MAX_WIDTH wide.

    Rows snake like a chain laid on a table: the first row is read left to right, the next right
    to left with each tile turned so that touching halves still match, and a gold U at each row's
    end shows where the chain goes on. The two end tiles are outlined in gold."""
    chain: list[tuple[int, int]] = [(int(a), int(b)) for a, b in view.get("chain", [])]
    if not chain:
        return _empty_chain(view, lang)
    font = load_font(HEADER_SIZE)
    widths = [HALF if a == b else 2 * HALF for a, b in chain]
    room = MAX_WIDTH - 2 * MARGIN - 2 * TURN
    rows = _rows(widths, room)
    row_height = 2 * HALF
    used = max(sum(widths[i] for i in row) + GAP * (len(row) - 1) for row in rows)
    width = max(used + 2 * MARGIN + (2 * TURN if len(rows) > 1 else 0), 420)
    height = MARGIN + HEADER + len(rows) * row_height + (len(rows) - 1) * ROW_GAP + MARGIN
    image = Image.new("RGB", (width, height), FELT)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, MARGIN - 2), fit(_header(view, lang), font), fill=TEXT, font=font)
    ends = {0, len(chain) - 1}
    first = MARGIN + (TURN if len(rows) > 1 else 0)
    top = MARGIN + HEADER
    for number, row in enumerate(rows):
        backwards = number % 2 == 1
        row_width = sum(widths[i] for i in row) + GAP * (len(row) - 1)
        # Backward rows start from the right edge of the widest row, so the U joins both rows.
        left = first + used - row_width if backwards else first
        order = list(reversed(row)) if backwards else row
        for index in order:
            a, b = chain[index]
            if backwards:
                a, b = b, a
            outline = GOLD if index in ends else EDGE
            if a == b:
                _tile(draw, left, top, HALF, a, b, upright=True, outline=outline)
            else:
                _tile(draw, left, top + HALF // 2, HALF, a, b, upright=False, outline=outline)
            left += widths[index] + GAP
        if number < len(rows) - 1:
            middle, below = top + HALF, top + row_height + ROW_GAP + HALF
            if backwards:
                _turn(draw, first - 4, middle, below, rightwards=False)
            else:
                _turn(draw, first + used + 4, middle, below, rightwards=True)
        top += row_height + ROW_GAP
    return _png(image)


def describe_chain(view: dict[str, Any], lang: str = SOURCE) -> str:
    """The chain picture in words, for screen readers (the image's description): the round, the
    ends and the bazar, then the tiles left end first, or what opens the round on an empty table."""
    chain = [f"{int(a)}-{int(b)}" for a, b in view.get("chain", [])]
    if not chain:
        first_round = int(view.get("round", 1)) == 1
        rule = t(lang, "chevre.table.picture_opening" if first_round else "chevre.table.picture_free")
        return " — ".join([_header(view, lang), t(lang, "chevre.table.picture_first"), " ".join(rule.split("\n"))])
    return f"{_header(view, lang)} — {' · '.join(chain)}"


def render_hand(tiles: Sequence[str], playable: Collection[str] = (), lang: str = SOURCE) -> bytes:
    """A private hand, tiles standing upright with their names under them; ``playable`` ones outlined."""
    font = load_font(18)
    if not tiles:
        # Said with what it means: a hand runs out only when its player has gone out.
        image = Image.new("RGB", (420, 80), FELT)
        draw = ImageDraw.Draw(image)
        for line, words in enumerate(t(lang, "chevre.table.picture_no_hand").split("\n")[:2]):
            draw.text((MARGIN, 16 + 28 * line), fit(words, font), fill=TEXT, font=font)
        return _png(image)
    step = HAND_HALF + 3 * GAP
    per_row = HAND_PER_ROW
    rows = [list(tiles[i : i + per_row]) for i in range(0, len(tiles), per_row)]
    label = 24
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
