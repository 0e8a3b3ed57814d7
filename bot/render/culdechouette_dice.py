"""Cul de chouette's three dice as a picture: the two chouettes side by side, the cul apart and red,
the siroted die outlined in gold, and the combination named under them (``combos.classify``), in the
reader's language (``culdechouette.dice.*`` in the catalogues)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.culdechouette.combos import classify, odd_die
from speech.catalogue import t
from speech.culdechouette import combination

from .cache import PICTURES
from .dice import (
    DIM,
    EDGE,
    FELT,
    GOLD,
    INK,
    IVORY,
    RED,
    TEXT,
    WHITE,
    canvas,
    die,
    palette,
    small_png,
    text,
    text_width,
)

SIDE = 96
GAP = 18
APART = 48  # the cul stands further away than the two chouettes stand from each other
MARGIN = 20
LABEL = 26
CAPTION = 40
CUL_EDGE = (110, 20, 20)
UNKNOWN = (150, 175, 160)  # the « ? » of the cul still to throw
PALETTE = palette([FELT, IVORY, INK, EDGE, GOLD, TEXT, RED, WHITE, DIM, CUL_EDGE, UNKNOWN])
WIDTH = 2 * MARGIN + 3 * SIDE + GAP + APART
HEIGHT = MARGIN + SIDE + LABEL + CAPTION + MARGIN // 2


D = "culdechouette.dice."


def _caption(dice: tuple[int, ...], lang: str) -> str:
    if len(dice) < 3:
        return t(lang, D + "cul_to_throw")
    combo = classify(list(dice))
    name = combination(combo.kind, combo.value, lang)
    return t(lang, D + "caption.points", combination=name, points=combo.points) if combo.points else name


def render_throw(
    dice: tuple[int, ...], siroted: int | None = None, to_sirote: bool = False, lang: str = "fr"
) -> bytes:
    """The throw ``dice`` (the two chouettes, then the cul if it fell) as PNG bytes, drawn once per
    content (bot/render/cache.py).

    ``siroted`` is the position of the die thrown again in a Sirop; ``to_sirote`` says it is still
    to be thrown (the bets are open) rather than already siroted."""
    if not 2 <= len(dice) <= 3 or any(not 1 <= d <= 6 for d in dice):
        raise ValueError(f"two or three dice from 1 to 6 expected, got {dice!r}")
    key = ("culdechouette", tuple(dice), siroted, to_sirote, lang)
    return PICTURES.get(key, lambda: _draw(tuple(dice), siroted, to_sirote, lang))


def _draw(dice: tuple[int, ...], siroted: int | None, to_sirote: bool, lang: str) -> bytes:
    caption = _caption(dice, lang)
    width = max(WIDTH, text_width(caption, 28, True) + 2 * MARGIN)
    image, draw = canvas(width, HEIGHT)
    first = (width - WIDTH) // 2 + MARGIN
    lefts = [first, first + SIDE + GAP, first + 2 * SIDE + GAP + APART]
    names = [t(lang, D + "name.chouette"), t(lang, D + "name.chouette"), t(lang, D + "name.cul")]
    for position, left in enumerate(lefts):
        value = dice[position] if position < len(dice) else None
        marked = siroted == position
        if position == 2:
            die(draw, left, MARGIN, SIDE, value, fill=RED, ink=WHITE, outline=GOLD if marked else CUL_EDGE)
        else:
            die(draw, left, MARGIN, SIDE, value, outline=GOLD if marked else EDGE)
        if marked:
            draw.rounded_rectangle(
                (left - 6, MARGIN - 6, left + SIDE + 5, MARGIN + SIDE + 5), radius=SIDE // 5, outline=GOLD, width=5
            )
        if value is None:
            text(draw, (left + SIDE / 2, MARGIN + SIDE / 2), "?", 44, bold=True, fill=UNKNOWN, anchor="mm")
        label = t(lang, D + ("name.to_sirote" if to_sirote else "name.siroted")) if marked else names[position]
        text(draw, (left + SIDE / 2, MARGIN + SIDE + 6), label, 20, bold=marked, fill=GOLD if marked else WHITE)
    text(draw, (width / 2, MARGIN + SIDE + LABEL + 8), caption, 28, bold=True)
    return small_png(image, fixed=PALETTE)


def describe_throw(
    dice: tuple[int, ...], siroted: int | None = None, to_sirote: bool = False, lang: str = "fr"
) -> str:
    """The picture in words, for screen readers and notifications."""
    parts = [t(lang, D + "words.chouettes", first=dice[0], second=dice[1])]
    parts.append(t(lang, D + "words.cul", value=dice[2]) if len(dice) > 2 else t(lang, D + "words.cul_to_throw"))
    if siroted is not None and siroted < len(dice):
        which = "cul" if siroted == 2 else "chouette"
        parts.append(t(lang, f"{D}words.{which}.{'to_sirote' if to_sirote else 'siroted'}", n=siroted + 1))
    words = " · ".join(parts)
    return f"{words} — {_caption(dice, lang)}" if len(dice) == 3 else words


Throw = tuple[tuple[int, ...], int | None, bool]


def shown_throw(throw: Sequence[int], sirop_position: int | None, siroted: bool) -> Throw | None:
    """What the picture of a table shows: the dice, the siroted die's position, whether it is still
    to be thrown; None before the chouettes are thrown (no picture then)."""
    dice = tuple(int(d) for d in throw)
    if len(dice) < 2:
        return None
    if sirop_position is not None:
        return dice, int(sirop_position), True
    # Once siroted the position is no longer kept; the odd die is it, unless all three now match.
    if siroted and len(dice) == 3 and len(set(dice)) > 1:
        return dice, odd_die(list(dice)), False
    return dice, None, False


def _from_view(view: dict[str, Any]) -> Throw | None:
    sirop = view.get("sirop")
    return shown_throw(view.get("throw") or [], sirop["position"] if sirop else None, bool(view.get("siroted")))


def picture_of_view(view: dict[str, Any], lang: str = "fr") -> bytes | None:
    """The dice of a public view (``GAME.view(state, None)``); None before the chouettes are thrown."""
    found = _from_view(view)
    return None if found is None else render_throw(*found, lang=lang)


def words_of_view(view: dict[str, Any], lang: str = "fr") -> str | None:
    found = _from_view(view)
    return None if found is None else describe_throw(*found, lang=lang)
