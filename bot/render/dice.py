"""What every dice picture shares: square dice with pips, labels, small palette PNGs, a content cache.

The drawing functions are pure (plain data in, PNG bytes out) and share no mutable state, so they can
run in a worker thread (``asyncio.to_thread``) off the event loop; the content cache
(``cache.PICTURES``) draws the same throw once and then serves it from memory.
"""

from __future__ import annotations

import io

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


def small_png(image: Image.Image, colours: int = 32) -> bytes:
    """``image`` as a palette PNG: flat drawings need few colours, and the file is a few KB.

    The fast octree quantizer without ``optimize`` costs about a sixth of median cut with it, for
    files no bigger (measured on the Ludicitude picture); the drawing itself is the cheap part."""
    out = io.BytesIO()
    image.quantize(colors=colours, method=Image.Quantize.FASTOCTREE).save(
        out, format="PNG", compress_level=COMPRESS_LEVEL
    )
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
    font = load_font(size, bold)
    draw.text(xy, fit(words, font), fill=fill, font=font, anchor=anchor)


def text_width(words: str, size: int, bold: bool = False) -> int:
    font = load_font(size, bold)
    return int(font.getlength(fit(words, font)))


