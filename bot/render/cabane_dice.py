"""La Cabane sul' Dos as a picture: each cabin die shows its face drawn as what it is — T the cabin
standing (roof up), F the front with its door, G and D the left and right sides, B the blank back,
C the cabin on its back — the two dice of the two-dice game, and the count of the ten coups."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.cabane.faces import FACE_NAMES, FACES, Face
from games.cabane.state import SERIES_LENGTH
from speech import t
from speech.cabane import count_words, face_name

from .cache import PICTURES
from .dice import DIM, EDGE, FELT, GOLD, IVORY, TEXT, canvas, palette, small_png, text

SIDE = 110
GAP = 40
MARGIN = 20
LABEL = 30
WALL = (205, 160, 105)
ROOF = (160, 45, 35)
WOOD = (95, 60, 35)
GLASS = (150, 200, 230)
BACK_WALL = (235, 230, 215)
BACK_ROOF = (215, 205, 190)
TOP_ROOF = (200, 40, 30)
PALETTE = palette([FELT, IVORY, EDGE, GOLD, TEXT, DIM, WALL, ROOF, WOOD, GLASS, BACK_WALL, BACK_ROOF, TOP_ROOF])


def _cabin(face: Face, side: int) -> Image.Image:
    """One die showing ``face``: an ivory tile with the cabin as seen from that side."""
    tile = Image.new("RGB", (side, side), IVORY)
    draw = ImageDraw.Draw(tile)
    s = side
    wall = (0.22 * s, 0.45 * s, 0.78 * s, 0.85 * s)
    peak = [(0.14 * s, 0.47 * s), (0.5 * s, 0.15 * s), (0.86 * s, 0.47 * s)]
    if face in ("T", "F", "B", "C"):
        draw.rectangle(wall, fill=WALL if face != "B" else BACK_WALL, outline=WOOD, width=3)
        draw.polygon(peak, fill=ROOF if face != "B" else BACK_ROOF, outline=WOOD)
    if face == "T":
        # Standing: the roof is what counts, drawn bold with its ridge.
        draw.polygon(peak, fill=TOP_ROOF, outline=GOLD)
        draw.line((0.14 * s, 0.47 * s, 0.5 * s, 0.15 * s, 0.86 * s, 0.47 * s), fill=GOLD, width=5)
        draw.rectangle((0.43 * s, 0.62 * s, 0.57 * s, 0.85 * s), fill=WOOD)
    elif face in ("F", "C"):
        draw.rectangle((0.43 * s, 0.6 * s, 0.57 * s, 0.85 * s), fill=WOOD)
        draw.rectangle((0.27 * s, 0.55 * s, 0.38 * s, 0.66 * s), fill=GLASS, outline=WOOD)
        draw.rectangle((0.62 * s, 0.55 * s, 0.73 * s, 0.66 * s), fill=GLASS, outline=WOOD)
    elif face in ("G", "D"):
        # A side: the long wall with one window, the roof's slope falling towards that side.
        draw.rectangle((0.12 * s, 0.45 * s, 0.88 * s, 0.85 * s), fill=WALL, outline=WOOD, width=3)
        slope = [(0.08 * s, 0.47 * s), (0.3 * s, 0.2 * s), (0.92 * s, 0.2 * s), (0.92 * s, 0.47 * s)]
        if face == "D":
            slope = [(s - x, y) for x, y in slope]
        draw.polygon(slope, fill=ROOF, outline=WOOD)
        draw.rectangle((0.42 * s, 0.56 * s, 0.58 * s, 0.7 * s), fill=GLASS, outline=WOOD)
        arrow_x = 0.2 * s if face == "G" else 0.8 * s
        direction = -1 if face == "G" else 1
        draw.polygon(
            [(arrow_x + direction * 0.1 * s, 0.93 * s), (arrow_x, 0.88 * s), (arrow_x, 0.98 * s)], fill=WOOD
        )
    if face == "C":
        tile = tile.rotate(180)
        draw = ImageDraw.Draw(tile)
    draw.rectangle((0, 0, s - 1, s - 1), outline=EDGE, width=3)
    return tile


def _face(face: str) -> Face:
    if face not in FACES:
        raise ValueError(f"unknown face {face!r}: one of {', '.join(FACES)}")
    return face


def render_throw(
    faces: tuple[str, ...], standing: bool = False, count: int | None = None, said: str = "", lang: str = "fr"
) -> bytes:
    """The last throw's ``faces`` (one die or two) as PNG bytes.

    ``standing``: the ten coups, where the first die stays up on its T (drawn dimmed before the
    thrown one); ``count``: the coups counted so far in the series, drawn as ten boxes, with ``said``
    what the thrower says aloud (the engine's note of it, said in ``lang``)."""
    key = ("cabane", tuple(faces), standing, count, said, lang)
    return PICTURES.get(key, lambda: _draw(tuple(faces), standing, count, said, lang))


def _draw(faces: tuple[str, ...], standing: bool, count: int | None, said: str, lang: str) -> bytes:
    shown = [_face(f) for f in faces]
    if not 1 <= len(shown) <= 2:
        raise ValueError(f"one or two cabin dice expected, got {faces!r}")
    dice: list[tuple[Face, str, bool]] = [(f, f"{f} · {FACE_NAMES[f]}", False) for f in shown]
    if standing:
        dice.insert(0, ("T", t(lang, "cabane.dice.first_cabane"), True))
    width = 2 * MARGIN + len(dice) * SIDE + (len(dice) - 1) * GAP
    if count is not None:
        width = max(width, 2 * MARGIN + SERIES_LENGTH * 34)
    height = MARGIN + SIDE + LABEL + MARGIN // 2 + (70 if count is not None else 0)
    image, draw = canvas(width, height)
    left = (width - (len(dice) * SIDE + (len(dice) - 1) * GAP)) // 2
    for face, label, dimmed in dice:
        tile = _cabin(face, SIDE)
        if dimmed:
            tile = Image.blend(tile, Image.new("RGB", tile.size, FELT), 0.45)
        image.paste(tile, (left, MARGIN))
        text(
            draw,
            (left + SIDE / 2, MARGIN + SIDE + 5),
            label,
            21,
            bold=not dimmed,
            fill=DIM if dimmed else TEXT,
        )
        left += SIDE + GAP
    if count is not None:
        top = MARGIN + SIDE + LABEL + 10
        start = (width - SERIES_LENGTH * 34) // 2
        for coup in range(SERIES_LENGTH):
            box = (start + coup * 34 + 2, top, start + coup * 34 + 30, top + 26)
            if coup < count:
                draw.rectangle(box, fill=GOLD, outline=GOLD)
            else:
                draw.rectangle(box, outline=DIM, width=2)
        if said:
            words = t(
                lang, "cabane.dice.count_said", said=count_words(said, lang), count=count, total=SERIES_LENGTH
            )
        else:
            words = t(lang, "cabane.dice.count", count=count, total=SERIES_LENGTH)
        text(draw, (width / 2, top + 32), words, 20)
    return small_png(image, fixed=PALETTE)


def describe_throw(
    faces: tuple[str, ...], standing: bool = False, count: int | None = None, said: str = "", lang: str = "fr"
) -> str:
    """The picture in words, for screen readers (the image's description)."""
    named = [t(lang, "cabane.dice.face", letter=f, name=face_name(_face(f))) for f in faces]
    thrown = (
        t(lang, "cabane.faces.two", first=named[0], second=named[1]) if len(named) == 2 else ", ".join(named)
    )
    words = t(lang, "cabane.dice.one_thrown" if len(faces) == 1 else "cabane.dice.two_thrown", faces=thrown)
    if standing:
        words = t(lang, "cabane.dice.standing", rest=words)
    if count is not None:
        shown = count_words(said, lang) if said else str(count)
        words = t(lang, "cabane.dice.count_words", rest=words, said=shown, count=count, total=SERIES_LENGTH)
    return words


Throw = tuple[tuple[str, ...], bool, int | None, str]


def shown_throw(last_faces: Sequence[str], phase: str, count: int, count_said: str) -> Throw | None:
    """What the picture of a table shows: the last throw's faces, the standing first cabin and the
    count during the ten coups; None before the first throw (no picture then)."""
    faces = tuple(str(f) for f in last_faces)
    if not faces:
        return None
    series = phase == "dix_coups" and len(faces) == 1
    return faces, series, int(count) if series else None, str(count_said or "") if series else ""


def _from_view(view: dict[str, Any]) -> Throw | None:
    return shown_throw(
        view.get("last_faces") or [], str(view.get("phase")), int(view.get("count", 0)), str(view.get("count_said") or "")
    )


def picture_of_view(view: dict[str, Any], lang: str = "fr") -> bytes | None:
    """The last throw of a public view, its captions in ``lang``; None before the first throw."""
    found = _from_view(view)
    return None if found is None else render_throw(*found, lang=lang)


def words_of_view(view: dict[str, Any], lang: str = "fr") -> str | None:
    found = _from_view(view)
    return None if found is None else describe_throw(*found, lang=lang)
