"""The Barricade board as a small PNG: paths, tents, miners, barriers, the mine, numbered moves.

Pure: a state (or the view dict sent to players) in, PNG bytes out. No Discord here.
"""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw
from pydantic import BaseModel

from games.barricade import Destination, load_board
from games.barricade.state import MINERS, TENT
from speech import SOURCE, t

from .fonts import fit, load_font

BOARD = load_board()
WIDTH = 960
STEP_X = 36
STEP_Y = 44
MARGIN_X = (WIDTH - (BOARD.columns - 1) * STEP_X) // 2
TOP = 92  # room for the title and the players' line
# The highest grid row (the mine) is drawn at the top, the tents (y = -1) at the bottom.
TOP_ROW = BOARD.rows - 1
HEIGHT = TOP + (TOP_ROW + 2) * STEP_Y + 34

BACKGROUND = (244, 234, 213)
PATH = (139, 107, 67)
POINT = (255, 251, 240)
START_LINE = (226, 208, 170)
INK = (40, 32, 24)
BARRIER = (52, 52, 60)
GOLD = (232, 180, 30)
EMPTY_TENT = (196, 188, 172)
MARKER = (40, 210, 230)
COLOUR_RGB: dict[str, tuple[int, int, int]] = {
    "rouge": (214, 40, 40),
    "bleu": (34, 96, 214),
    "vert": (36, 150, 60),
    "jaune": (236, 200, 20),
    "violet": (132, 60, 170),
    "orange": (240, 128, 24),
}
# Markers with more characters than this are drawn small, alternately above and below their point.
LONG_LABEL = 5
# Text on these colours reads better in black.
DARK_TEXT = {"jaune", "orange"}


def point_xy(x: float, y: float) -> tuple[float, float]:
    """Where the board point at grid (x, y) is drawn, in pixels."""
    return MARGIN_X + x * STEP_X, TOP + (TOP_ROW - y) * STEP_Y


def _row_letters() -> dict[int, str]:
    """The letter of each drawn row, read from the labels (a row without points has none)."""
    letters: dict[int, str] = {}
    for p in BOARD.points:
        if p.id != BOARD.mine:
            letters[p.y] = p.label.rstrip("0123456789")
    return letters


def _as_dict(state: BaseModel | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(state, BaseModel):
        return state.model_dump(mode="json")
    return state


def _centered(
    draw: ImageDraw.ImageDraw, at: tuple[float, float], text: str, size: int, fill: Any, bold: bool = False
) -> None:
    font = load_font(size, bold)
    draw.text(at, fit(text, font), font=font, fill=fill, anchor="mm")


def render_board(
    state: BaseModel | Mapping[str, Any],
    destinations: Sequence[Destination] | None = None,
    names: Mapping[str, str] | None = None,
    lang: str = SOURCE,
) -> bytes:
    """The board as PNG bytes; ``destinations`` are drawn as numbered yellow markers."""
    data = _as_dict(state)
    names = names or {}
    colours: Mapping[str, str] = data.get("colours", {})
    tents: Mapping[str, int] = data.get("tents", {})
    miners: Mapping[str, list[int]] = data.get("miners", {})
    barriers = set(data.get("barriers", []))
    order: list[str] = data.get("order", list(miners))

    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)

    # Row letters and column numbers, as the points are named in the messages.
    for y, letter in _row_letters().items():
        for x in (-0.9, BOARD.columns - 0.1):
            _centered(draw, point_xy(x, y), letter, 13, PATH)
    for x in range(BOARD.columns):
        _centered(draw, point_xy(x, -1.75), str(x + 1), 11, PATH)

    for a, b in BOARD.edges:
        pa, pb = BOARD.point(a), BOARD.point(b)
        draw.line([point_xy(pa.x, pa.y), point_xy(pb.x, pb.y)], fill=PATH, width=4)
    for tent in BOARD.tents:
        entry = BOARD.point(tent.entry)
        draw.line([point_xy(tent.x, tent.y), point_xy(entry.x, entry.y)], fill=PATH, width=4)

    radius = 9
    for p in BOARD.points:
        if p.id == BOARD.mine:
            continue
        cx, cy = point_xy(p.x, p.y)
        fill = START_LINE if p.id in BOARD.start_line else POINT
        draw.ellipse([cx - radius, cy - radius, cx + radius, cy + radius], fill=fill, outline=PATH, width=2)
        if p.id in barriers:
            draw.rectangle([cx - 13, cy - 13, cx + 13, cy + 13], fill=BARRIER, outline=POINT, width=2)

    # The mine, with a gold nugget per miner already inside, in its colour.
    mx, my = point_xy(BOARD.point(BOARD.mine).x, BOARD.point(BOARD.mine).y)
    draw.rounded_rectangle([mx - 60, my - 17, mx + 60, my + 17], radius=10, fill=GOLD, outline=INK, width=2)
    _centered(draw, (mx, my - 5), t(lang, "barricade.table.picture_mine"), 13, INK, bold=True)
    arrived = [(p, i) for p in order for i, where in enumerate(miners.get(p, [])) if where == BOARD.mine]
    for k, (player, _) in enumerate(arrived[:30]):
        nx = mx - 54 + (k % 15) * 7.6
        ny = my + 6 + (k // 15) * 7
        draw.ellipse([nx - 3, ny - 3, nx + 3, ny + 3], fill=COLOUR_RGB.get(colours.get(player, ""), INK))

    # Tents: coloured by the player who sits there, with the count of miners still inside.
    seated = {index: player for player, index in tents.items() if player in miners}
    for tent in BOARD.tents:
        tx, ty = point_xy(tent.x, tent.y)
        sitter = seated.get(tent.index)
        colour = colours.get(sitter, "") if sitter else ""
        fill = COLOUR_RGB.get(colour, EMPTY_TENT)
        draw.polygon([(tx, ty - 16), (tx - 20, ty + 12), (tx + 20, ty + 12)], fill=fill, outline=INK)
        if sitter is not None:
            count = sum(1 for where in miners[sitter] if where == TENT)
            _centered(draw, (tx, ty + 3), str(count), 13, INK if colour in DARK_TEXT else POINT)

    for player, positions in miners.items():
        colour = colours.get(player, "")
        fill = COLOUR_RGB.get(colour, INK)
        text = INK if colour in DARK_TEXT else POINT
        for index, where in enumerate(positions):
            if where in (TENT, BOARD.mine):
                continue
            p = BOARD.point(where)
            cx, cy = point_xy(p.x, p.y)
            draw.ellipse([cx - 11, cy - 11, cx + 11, cy + 11], fill=fill, outline=INK, width=2)
            _centered(draw, (cx, cy), str(index + 1), 13, text, bold=True)

    occupied = {where for positions in miners.values() for where in positions}
    numbers: dict[int, list[int]] = defaultdict(list)
    for destination in destinations or []:
        numbers[destination.point].append(destination.number)
    for point_id, found in numbers.items():
        p = BOARD.point(point_id)
        cx, cy = point_xy(p.x, p.y)
        if point_id == BOARD.mine:
            cx += 80
        elif point_id in occupied or point_id in barriers:
            # Keep what stands there visible: ring it, and put the number beside it.
            draw.ellipse([cx - 15, cy - 15, cx + 15, cy + 15], outline=MARKER, width=4)
            cx, cy = cx + 14, cy - 17
        label = "/".join(str(n) for n in found)
        size, half, tall = 14, 9 + 4 * len(label), 11
        if len(label) > LONG_LABEL and point_id != BOARD.mine:
            # Several miners reach this point (bounces from the three doors): a smaller label, set
            # above or below the point in turn along the row so that neighbours do not overlap.
            size, half, tall = 11, 6 + 3 * len(label), 9
            cy += -13 if (p.x // 2) % 2 == 0 else 13
        draw.rounded_rectangle(
            [cx - half, cy - tall, cx + half, cy + tall], radius=3, fill=MARKER, outline=INK, width=2
        )
        _centered(draw, (cx, cy), label, size, INK, bold=True)

    pending = data.get("barrier_from")
    if data.get("phase") == "barriere" and isinstance(pending, int):
        px, py = point_xy(BOARD.point(pending).x, BOARD.point(pending).y)
        draw.rectangle([px - 17, py - 17, px + 17, py + 17], outline=MARKER, width=4)

    _header(draw, data, order, colours, miners, names, BOARD.mine, lang)

    out = io.BytesIO()
    image.quantize(colors=48, method=Image.Quantize.FASTOCTREE).save(out, format="PNG")
    return out.getvalue()


def _header(
    draw: ImageDraw.ImageDraw,
    data: Mapping[str, Any],
    order: list[str],
    colours: Mapping[str, str],
    miners: Mapping[str, list[int]],
    names: Mapping[str, str],
    mine: int,
    lang: str,
) -> None:
    """The players in turn order with their score, and what is happening now."""
    current = data.get("current", 0)
    turn = order[current] if order and not data.get("over") and current < len(order) else None
    x = 16.0
    for player in order:
        colour = colours.get(player, "")
        in_mine = sum(1 for where in miners.get(player, []) if where == mine)
        draw.ellipse([x, 16, x + 16, 32], fill=COLOUR_RGB.get(colour, INK), outline=INK)
        font = load_font(15)
        label = fit(f"{names.get(player, player)} {in_mine}/{MINERS}", font)
        draw.text((x + 22, 24), label, font=font, fill=INK, anchor="lm")
        if player == turn:
            width = draw.textlength(label, font=font)
            draw.line([(x + 22, 34), (x + 22 + width, 34)], fill=INK, width=2)
        x += 22 + draw.textlength(label, font=font) + 24
    who = names.get(turn, turn) if turn is not None else ""
    if data.get("over"):
        winners = ", ".join(names.get(p, p) for p in data.get("winners", []))
        status = (
            t(lang, "barricade.table.picture_won", winners=winners) if winners else t(lang, "barricade.table.picture_over")
        )
    elif turn is None:
        status = ""
    elif data.get("phase") == "deplacer":
        status = t(lang, "barricade.table.picture_moves", player=who, value=data.get("throw"))
    elif data.get("phase") == "barriere":
        status = t(lang, "barricade.table.picture_barrier", player=who)
    else:
        status = t(lang, "barricade.event.tour", player=who)
    font = load_font(17)
    draw.text((16, 58), fit(status, font), font=font, fill=INK, anchor="lm")
