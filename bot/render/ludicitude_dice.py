"""Ludicitude as a picture: the dice on the table with their faces drawn by meaning (1 lapin,
2 double lapin / clapier pour 2, 3 to 5 clapiers, 6 carotte), the rabbits set aside, the clapier
pile (its top die is the multiplier), the carrots put aside, and what the turn is worth."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from speech import t, tn
from speech.ludicitude import faces_words, points_words

from .cache import PICTURES
from .dice import EDGE, FELT, IVORY, TEXT, canvas, palette, small_png, text

SIDE = 64  # shown 400 px wide on a phone, a die stays about 47 px
GAP = 8
MARGIN = 18
ROW_TITLE = 28
WIDTH = 2 * MARGIN + 7 * SIDE + 6 * GAP
FUR = (150, 120, 95)
PINK = (230, 150, 160)
HUTCH = (120, 80, 45)
ORANGE = (235, 125, 25)
LEAF = (60, 150, 50)
EYE = (20, 20, 20)
PLANK = (190, 140, 90)
NUMBER = (40, 25, 10)
PALETTE = palette([FELT, IVORY, EDGE, TEXT, FUR, PINK, HUTCH, ORANGE, LEAF, EYE, PLANK, NUMBER])


def _rabbit(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A rabbit's head with its two ears, centred on (cx, cy), ``r`` the head's radius."""
    for dx in (-0.45, 0.45):
        ear = (cx + dx * r - 0.28 * r, cy - 2.1 * r, cx + dx * r + 0.28 * r, cy - 0.3 * r)
        draw.ellipse(ear, fill=FUR)
        draw.ellipse((ear[0] + 0.1 * r, ear[1] + 0.2 * r, ear[2] - 0.1 * r, ear[3] - 0.2 * r), fill=PINK)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=FUR)
    for dx in (-0.38, 0.38):
        draw.ellipse(
            (cx + dx * r - 0.13 * r, cy - 0.25 * r, cx + dx * r + 0.13 * r, cy + 0.01 * r), fill=EYE
        )
    draw.ellipse((cx - 0.14 * r, cy + 0.2 * r, cx + 0.14 * r, cy + 0.4 * r), fill=PINK)


def _blank(side: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """An ivory die with rounded corners on the felt (its corners show the felt, not white)."""
    tile = Image.new("RGB", (side, side), FELT)
    draw = ImageDraw.Draw(tile)
    draw.rounded_rectangle((0, 0, side - 1, side - 1), radius=side // 7, fill=IVORY)
    return tile, draw


def _face(value: int, side: int) -> Image.Image:
    tile, draw = _blank(side)
    s = side
    if value == 1:
        _rabbit(draw, 0.5 * s, 0.62 * s, 0.22 * s)
    elif value == 2:
        _rabbit(draw, 0.3 * s, 0.66 * s, 0.15 * s)
        _rabbit(draw, 0.7 * s, 0.66 * s, 0.15 * s)
        text(draw, (0.5 * s, 0.02 * s), "×2", int(0.24 * s), bold=True, fill=HUTCH)
    elif value in (3, 4, 5):
        # A hutch: a wooden box under a roof, its number written large on the door.
        draw.polygon([(0.12 * s, 0.42 * s), (0.5 * s, 0.12 * s), (0.88 * s, 0.42 * s)], fill=HUTCH)
        draw.rectangle((0.18 * s, 0.42 * s, 0.82 * s, 0.88 * s), fill=PLANK, outline=HUTCH, width=3)
        text(draw, (0.5 * s, 0.66 * s), str(value), int(0.4 * s), bold=True, fill=NUMBER, anchor="mm")
    elif value == 6:
        draw.polygon([(0.35 * s, 0.32 * s), (0.65 * s, 0.32 * s), (0.5 * s, 0.92 * s)], fill=ORANGE)
        for dx in (-0.12, 0.0, 0.12):
            draw.line((0.5 * s, 0.33 * s, (0.5 + dx) * s, 0.1 * s), fill=LEAF, width=max(3, s // 18))
    else:
        raise ValueError(f"a Ludicitude die shows 1 to 6, not {value}")
    draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=s // 7, outline=EDGE, width=3)
    return tile


@lru_cache(maxsize=64)
def _tile(value: int, side: int, dimmed: bool) -> Image.Image:
    tile = _face(value, side)
    return Image.blend(tile, Image.new("RGB", tile.size, FELT), 0.5) if dimmed else tile


@lru_cache(maxsize=8)
def _clapier_for_two(side: int) -> Image.Image:
    """A 2 used as the pile's first clapier: drawn as a hutch for 2, not as rabbits."""
    tile, draw = _blank(side)
    s = side
    draw.polygon([(0.12 * s, 0.42 * s), (0.5 * s, 0.12 * s), (0.88 * s, 0.42 * s)], fill=HUTCH)
    draw.rectangle((0.18 * s, 0.42 * s, 0.82 * s, 0.88 * s), fill=PLANK, outline=HUTCH, width=3)
    text(draw, (0.5 * s, 0.66 * s), "2", int(0.4 * s), bold=True, fill=NUMBER, anchor="mm")
    draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=s // 7, outline=EDGE, width=3)
    return tile


def _rabbits(image: Image.Image, draw: ImageDraw.ImageDraw, top: int, small: int, counts: tuple[int, int, int], lang: str) -> None:
    """The rabbits set aside, on one row: the piles (one die drawn on the other), then the others."""
    singles, stacks, doubles = counts
    left = MARGIN
    for _ in range(stacks):
        image.paste(_tile(1, small, False), (left, top + 10))
        image.paste(_tile(1, small, False), (left + 12, top))
        text(draw, (left + 6 + small / 2, top + small + 12), t(lang, "ludicitude.dice.pile"), 17, anchor="mt")
        left += small + 12 + GAP + 6
    for value in [1] * singles + [2] * doubles:
        image.paste(_tile(value, small, False), (left, top + 10))
        left += small + GAP


def render_dice(
    table: tuple[int, ...],
    singles: int = 0,
    stacks: int = 0,
    doubles: int = 0,
    clapiers: tuple[int, ...] = (),
    carrots: int = 0,
    points: int | None = None,
    lang: str = "fr",
) -> bytes:
    """The seven dice wherever they are: on the table, the rabbits set aside (stacks drawn one die
    on the other), the clapier pile rising left to right, the carrots put aside (dimmed); drawn
    once per content (bot/render/cache.py)."""
    shown = (tuple(table), singles, stacks, doubles, tuple(clapiers), carrots, points)
    return PICTURES.get(("ludicitude", *shown, lang), lambda: _draw(*shown, lang))


def _draw(
    table: tuple[int, ...],
    singles: int,
    stacks: int,
    doubles: int,
    clapiers: tuple[int, ...],
    carrots: int,
    points: int | None,
    lang: str,
) -> bytes:
    image, draw = canvas(WIDTH, 1000)
    top = MARGIN
    small = int(SIDE * 0.8)

    def title(words: str) -> None:
        nonlocal top
        text(draw, (MARGIN, top), words, 21, bold=True, anchor="lt")
        top += ROW_TITLE

    title(t(lang, "ludicitude.dice.on_table" if table else "ludicitude.dice.on_table_none"))
    if table:
        for i, value in enumerate(table):
            image.paste(_tile(value, SIDE, False), (MARGIN + i * (SIDE + GAP), top))
        top += SIDE + GAP + 4
    if singles or stacks or doubles:
        title(t(lang, "ludicitude.dice.rabbits_aside"))
        _rabbits(image, draw, top, small, (singles, stacks, doubles), lang)
        top += small + 40
    if clapiers:
        title(t(lang, "ludicitude.dice.clapier_pile", multiplier=max(clapiers)))
        left = MARGIN
        for i, value in enumerate(clapiers):
            tile = _clapier_for_two(small) if value == 2 else _tile(value, small, False)
            image.paste(tile, (left, top))
            if i < len(clapiers) - 1:
                text(draw, (left + small + 9, top + small / 2), "→", 22, bold=True, anchor="mm")
            left += small + 18
        top += small + GAP + 4
    if carrots:
        title(t(lang, "ludicitude.dice.carrots_aside"))
        for i in range(carrots):
            image.paste(_tile(6, small, True), (MARGIN + i * (small + GAP), top))
        top += small + GAP + 4
    if points is not None:
        text(
            draw,
            (WIDTH / 2, top + 4),
            t(lang, "ludicitude.dice.turn_worth", worth=points_words(points, lang)),
            26,
            bold=True,
        )
        top += 40
    return small_png(image.crop((0, 0, WIDTH, top + MARGIN // 2)), fixed=PALETTE)


def describe_dice(
    table: tuple[int, ...],
    singles: int = 0,
    stacks: int = 0,
    doubles: int = 0,
    clapiers: tuple[int, ...] = (),
    carrots: int = 0,
    points: int | None = None,
    lang: str = "fr",
) -> str:
    """The picture in words, for screen readers (the image's description)."""
    parts = [t(lang, "ludicitude.dice.words_on_table", faces=faces_words(list(table), lang))]
    aside = []
    if stacks:
        aside.append(tn(lang, "ludicitude.dice.words_stacks", stacks))
    if singles:
        aside.append(tn(lang, "ludicitude.situation.singles", singles))
    if doubles:
        aside.append(tn(lang, "ludicitude.situation.doubles", doubles))
    if aside:
        parts.append(t(lang, "ludicitude.dice.words_aside", dice=", ".join(aside)))
    if clapiers:
        pile = "-".join(map(str, clapiers))
        parts.append(t(lang, "ludicitude.dice.words_clapiers", pile=pile, multiplier=max(clapiers)))
    if carrots:
        parts.append(tn(lang, "ludicitude.dice.words_carrots", carrots))
    if points is not None:
        parts.append(t(lang, "ludicitude.dice.words_worth", worth=points_words(points, lang)))
    return " · ".join(parts)


Dice = tuple[tuple[int, ...], int, int, int, tuple[int, ...], int, int]


def shown_dice(
    table: Sequence[int], situation: Mapping[str, Any], carrots: int, points: int, phase: str = ""
) -> Dice | None:
    """What the picture of a table shows: the dice on the table, the rabbits and clapiers set aside
    (``situation``), the carrots, what the turn is worth. None when there is nothing to look at: a
    turn not begun with nothing left to take over (all seven dice are to be thrown, whatever they
    show from before), or no die anywhere (a picture would only say « nothing »)."""
    shown = (
        tuple(int(v) for v in table),
        int(situation.get("singles", 0)),
        int(situation.get("stacks", 0)),
        int(situation.get("doubles", 0)),
        tuple(int(c) for c in situation.get("clapiers") or []),
        int(carrots),
        int(points),
    )
    aside = any(shown[1:4]) or bool(shown[4])
    if phase == "debut" and not aside:
        return None
    return shown if shown[0] or aside or shown[5] else None


def _from_view(view: dict[str, Any]) -> Dice | None:
    debut = view.get("phase") == "debut"
    points = view["valeur_laissee"] if debut else view.get("points_du_tour", 0)
    table, situation = view.get("table") or [], view.get("situation") or {}
    return shown_dice(table, situation, int(view.get("carrots", 0)), int(points), str(view.get("phase")))


def picture_of_view(view: dict[str, Any], lang: str = "fr") -> bytes | None:
    """The dice of a public view (``GAME.view(state, None)``), its captions in ``lang``; None when
    no die is to be seen."""
    found = _from_view(view)
    return None if found is None else render_dice(*found, lang=lang)


def words_of_view(view: dict[str, Any], lang: str = "fr") -> str | None:
    found = _from_view(view)
    return None if found is None else describe_dice(*found, lang=lang)
