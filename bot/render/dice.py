"""What every dice picture shares: square dice with pips, labels, small palette PNGs, a content cache.

The drawing functions are pure (plain data in, PNG bytes out) and share no mutable state, so they can
run in a worker thread (``asyncio.to_thread``) off the event loop; the content cache
(``cache.PICTURES``) draws the same throw once and then serves it from memory.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from PIL import Image, ImageDraw

from .fonts import fit, load_font

FELT = (31, 95, 58)
IVORY = (246, 241, 225)
INK = (30, 30, 30)
EDGE = (70, 60, 50)
GOLD = (235, 185, 40)
TEXT = (240, 240, 230)
RED = (178, 34, 34)
WHITE = (250, 250, 250)
DIM = (120, 150, 130)

Colour = tuple[int, int, int]

# Where the pips of each value sit on a die, as fractions of its side.
PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.27, 0.22), (0.27, 0.5), (0.27, 0.78), (0.73, 0.22), (0.73, 0.5), (0.73, 0.78)],
}


# zlib level 3 instead of Pillow's 6: a quarter less CPU per picture for files a third bigger, still
# a few KB (docs/PERFORMANCE.md, « Pictures on the tables »). Every picture is drawn once per
# content and sent once per change, so the CPU is what counts.
COMPRESS_LEVEL = 3
SHADES = (0.25, 0.5, 0.75)


def palette(colours: Sequence[Colour]) -> Image.Image:
    """A fixed palette for pictures drawn in ``colours``: those colours exactly, and between every
    two of them the shades that antialiased edges and text take (and the dimmed dice, blended with
    the felt). Mapping a picture onto it costs a tenth of the octree quantizer (measured on the
    Cul de chouette picture and the Barricade board) for the same look and size."""
    unique = list(dict.fromkeys(colours))
    for shades in (SHADES, (0.5,)):
        entries: list[tuple[int, ...]] = list(unique)
        for a, b in combinations(unique, 2):
            entries += [tuple(round(x + (y - x) * s) for x, y in zip(a, b, strict=True)) for s in shades]
        if len(entries) <= 256:
            break
    if len(entries) > 256:
        raise ValueError(f"{len(unique)} colours are too many for one palette")
    image = Image.new("P", (1, 1))
    image.putpalette([c for entry in entries for c in entry] + [0] * (3 * (256 - len(entries))))
    return image


def small_png(image: Image.Image, colours: int = 32, fixed: Image.Image | None = None) -> bytes:
    """``image`` as a palette PNG: flat drawings need few colours, and the file is a few KB.

    With a ``fixed`` palette (``palette``) every pixel takes its nearest entry; without one the fast
    octree quantizer picks ``colours`` (about a sixth of median cut with ``optimize``)."""
    out = io.BytesIO()
    if fixed is not None:
        quantized = image.quantize(palette=fixed, dither=Image.Dither.NONE)
    else:
        quantized = image.quantize(colors=colours, method=Image.Quantize.FASTOCTREE)
    quantized.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), FELT)
    return image, ImageDraw.Draw(image)


def die(
    draw: ImageDraw.ImageDraw,
    left: int,
    top: int,
    side: int,
    value: int | None,
    fill: Colour = IVORY,
    ink: Colour = INK,
    outline: Colour = EDGE,
    width: int = 3,
) -> None:
    """A die seen from above showing ``value`` (None: an empty place, outlined only)."""
    box = (left, top, left + side - 1, top + side - 1)
    if value is None:
        draw.rounded_rectangle(box, radius=side // 6, outline=DIM, width=width)
        return
    draw.rounded_rectangle(box, radius=side // 6, fill=fill, outline=outline, width=width)
    radius = max(3, side // 10)
    for fx, fy in PIPS[value]:
        x, y = left + fx * side, top + fy * side
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=ink)


def text(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], words: str, size: int, *, bold: bool = False,
    fill: Colour = TEXT, anchor: str = "mt",
) -> None:
    """``words`` written at ``xy`` (its ``anchor``), from a stamp rendered once (``_stamp``)."""
    mask, left, top = _stamp(words, size, bold, anchor)
    if mask is not None:
        draw.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)


@lru_cache(maxsize=2048)
def _stamp(words: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image | None, int, int]:
    """The antialiased shape of ``words`` (a mask) and where it sits from its anchor point.

    Rendering text is most of a dice picture's drawing, and the same captions, labels and titles
    come back in every picture: each is rendered once, then stamped in its colour (the same
    blending ``ImageDraw.text`` does). Masks are only read once made, so threads may share them."""
    font = load_font(size, bold)
    shown = fit(words, font)
    left, top, right, bottom = (int(v) for v in font.getbbox(shown, anchor=anchor))
    if right <= left or bottom <= top:
        return None, 0, 0
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((-left, -top), shown, fill=255, font=font, anchor=anchor)
    return mask, left, top


def text_width(words: str, size: int, bold: bool = False) -> int:
    font = load_font(size, bold)
    return int(font.getlength(fit(words, font)))


