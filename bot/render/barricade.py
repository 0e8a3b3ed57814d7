"""The Barricade board as a small PNG: paths, tents, miners, barriers, the mine, numbered moves.

Pure: a state (or the view dict sent to players) in, PNG bytes out. No Discord here.

Sized for a phone: Discord shows the 960-pixel picture about 400 pixels wide there (a scale of
0.42), so every word and number a player needs is drawn at least 18 pixels high (the destination
numbers, which the buttons name, 22), to stay 8 to 9 pixels high once shrunk.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageDraw
from pydantic import BaseModel

from games.barricade import Destination, load_board
from games.barricade.state import MINERS, TENT
from speech import SOURCE, t

from .dice import palette, small_png
from .dice import text as stamp
from .fonts import fit, load_font

BOARD = load_board()
WIDTH = 960
STEP_X = 36
STEP_Y = 44
MARGIN_X = (WIDTH - (BOARD.columns - 1) * STEP_X) // 2
TOP = 150  # room for the players (two lines of three at most) and what is happening now
# The highest grid row (the mine) is drawn at the top, the tents (y = -1) at the bottom.
TOP_ROW = BOARD.rows - 1
HEIGHT = TOP + (TOP_ROW + 2) * STEP_Y + 44

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
PALETTE = palette([BACKGROUND, PATH, POINT, START_LINE, INK, BARRIER, GOLD, EMPTY_TENT, MARKER, *COLOUR_RGB.values()])
# Markers with more characters than this are drawn smaller, alternately above and below their point
# (two digits fit between neighbours 36 pixels apart, « 3/12 » does not).
LONG_LABEL = 2
OFFSET = STEP_Y // 2
PLAYERS_PER_LINE = 3
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
    stamp(draw, at, text, size, bold=bold, fill=fill, anchor="mm")


@cache
def _empty_board() -> Image.Image:
    """What every board shares, drawn once (most of a board's drawing): the paths, the points, the
    row letters and column numbers. Only ever copied, so threads may share it."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    # Row letters and column numbers, as the points are named in the messages.
    for y, letter in _row_letters().items():
        for x in (-0.9, BOARD.columns - 0.1):
            _centered(draw, point_xy(x, y), letter, 20, PATH, bold=True)
    for x in range(BOARD.columns):
        _centered(draw, point_xy(x, -1.8), str(x + 1), 17, PATH, bold=True)
    for a, b in BOARD.edges:
        pa, pb = BOARD.point(a), BOARD.point(b)
        draw.line([point_xy(pa.x, pa.y), point_xy(pb.x, pb.y)], fill=PATH, width=4)
    for tent in BOARD.tents:
        entry = BOARD.point(tent.entry)
        draw.line([point_xy(tent.x, tent.y), point_xy(entry.x, entry.y)], fill=PATH, width=4)
    radius = 10
    for p in BOARD.points:
        if p.id == BOARD.mine:
            continue
        cx, cy = point_xy(p.x, p.y)
        fill = START_LINE if p.id in BOARD.start_line else POINT
        draw.ellipse([cx - radius, cy - radius, cx + radius, cy + radius], fill=fill, outline=PATH, width=2)
    return image


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

    image = _empty_board().copy()
    draw = ImageDraw.Draw(image)
    for point_id in barriers:
        cx, cy = point_xy(BOARD.point(point_id).x, BOARD.point(point_id).y)
        draw.rectangle([cx - 13, cy - 13, cx + 13, cy + 13], fill=BARRIER, outline=POINT, width=2)

    # The mine, with a gold nugget per miner already inside, in its colour.
    mx, my = point_xy(BOARD.point(BOARD.mine).x, BOARD.point(BOARD.mine).y)
    draw.rounded_rectangle([mx - 76, my - 20, mx + 76, my + 20], radius=10, fill=GOLD, outline=INK, width=2)
    _centered(draw, (mx, my - 6), t(lang, "barricade.table.picture_mine"), 18, INK, bold=True)
    arrived = [(p, i) for p in order for i, where in enumerate(miners.get(p, [])) if where == BOARD.mine]
    for k, (player, _) in enumerate(arrived[:30]):
        nx = mx - 66 + (k % 15) * 9.4
        ny = my + 9 + (k // 15) * 7
        draw.ellipse([nx - 3, ny - 3, nx + 3, ny + 3], fill=COLOUR_RGB.get(colours.get(player, ""), INK))

    # Tents: coloured by the player who sits there, with the count of miners still inside.
    seated = {index: player for player, index in tents.items() if player in miners}
    for tent in BOARD.tents:
        tx, ty = point_xy(tent.x, tent.y)
        sitter = seated.get(tent.index)
        colour = colours.get(sitter, "") if sitter else ""
        fill = COLOUR_RGB.get(colour, EMPTY_TENT)
        draw.polygon([(tx, ty - 18), (tx - 22, ty + 14), (tx + 22, ty + 14)], fill=fill, outline=INK)
        if sitter is not None:
            count = sum(1 for where in miners[sitter] if where == TENT)
            _centered(draw, (tx, ty + 4), str(count), 18, INK if colour in DARK_TEXT else POINT, bold=True)

    for player, positions in miners.items():
        colour = colours.get(player, "")
        fill = COLOUR_RGB.get(colour, INK)
        text = INK if colour in DARK_TEXT else POINT
        for index, where in enumerate(positions):
            if where in (TENT, BOARD.mine):
                continue
            p = BOARD.point(where)
            cx, cy = point_xy(p.x, p.y)
            draw.ellipse([cx - 14, cy - 14, cx + 14, cy + 14], fill=fill, outline=INK, width=2)
            _centered(draw, (cx, cy), str(index + 1), 18, text, bold=True)

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
            draw.ellipse([cx - 18, cy - 18, cx + 18, cy + 18], outline=MARKER, width=4)
            cx, cy = cx + 16, cy - 20
        label = "/".join(str(n) for n in found)
        size, half, tall = 22, 5 + 7 * len(label), 14
        if len(label) > LONG_LABEL and point_id != BOARD.mine:
            # Several miners reach this point (bounces from the three doors): a smaller label, set
            # above or below the point in turn along the row so that neighbours do not overlap.
            # Set half-way to the next row, they leave both rows' points and miners in sight.
            size, half, tall = 17, 4 + 5 * len(label), 11
            cy += -OFFSET if (p.x // 2) % 2 == 0 else OFFSET
        draw.rounded_rectangle(
            [cx - half, cy - tall, cx + half, cy + tall], radius=3, fill=MARKER, outline=INK, width=2
        )
        _centered(draw, (cx, cy), label, size, INK, bold=True)

    pending = data.get("barrier_from")
    if data.get("phase") == "barriere" and isinstance(pending, int):
        px, py = point_xy(BOARD.point(pending).x, BOARD.point(pending).y)
        draw.rectangle([px - 19, py - 19, px + 19, py + 19], outline=MARKER, width=4)

    _header(draw, data, order, colours, miners, names, BOARD.mine, lang)

    return small_png(image, fixed=PALETTE)


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
    """The players in turn order with their score (three to a line), and what is happening now."""
    current = data.get("current", 0)
    turn = order[current] if order and not data.get("over") and current < len(order) else None
    font = load_font(22)
    room = (WIDTH - 32) // PLAYERS_PER_LINE
    for index, player in enumerate(order):
        x = 16.0 + (index % PLAYERS_PER_LINE) * room
        y = 24 + (index // PLAYERS_PER_LINE) * 34
        colour = colours.get(player, "")
        in_mine = sum(1 for where in miners.get(player, []) if where == mine)
        draw.ellipse([x, y - 10, x + 20, y + 10], fill=COLOUR_RGB.get(colour, INK), outline=INK)
        label = _clipped(draw, f"{names.get(player, player)}", f" {in_mine}/{MINERS}", font, room - 40)
        draw.text((x + 26, y), label, font=font, fill=INK, anchor="lm")
        if player == turn:
            width = draw.textlength(label, font=font)
            draw.line([(x + 26, y + 14), (x + 26 + width, y + 14)], fill=INK, width=3)
    status = _status(data, turn, names, lang)
    bold = load_font(24, bold=True)
    draw.text((16, 94), fit(status, bold), font=bold, fill=INK, anchor="lm")


def _status(data: Mapping[str, Any], turn: str | None, names: Mapping[str, str], lang: str) -> str:
    """What is happening now, as the picture's second line says it."""
    who = names.get(turn, turn) if turn is not None else ""
    if data.get("over"):
        winners = ", ".join(names.get(p, p) for p in data.get("winners", []))
        return t(lang, "barricade.table.picture_won", winners=winners) if winners else t(lang, "barricade.table.picture_over")
    if turn is None:
        return ""
    if data.get("phase") == "deplacer":
        return t(lang, "barricade.table.picture_moves", player=who, value=data.get("throw"))
    if data.get("phase") == "barriere":
        return t(lang, "barricade.table.picture_barrier", player=who)
    return t(lang, "barricade.event.tour", player=who)


def describe_board(
    state: BaseModel | Mapping[str, Any], names: Mapping[str, str] | None = None, lang: str = SOURCE
) -> str:
    """The board picture's words, for screen readers (the image's description): each player's
    miners in the mine, and what is happening now (the table message tells the rest)."""
    data = _as_dict(state)
    names = names or {}
    miners: Mapping[str, list[int]] = data.get("miners", {})
    order: list[str] = data.get("order", list(miners))
    current = data.get("current", 0)
    turn = order[current] if order and not data.get("over") and current < len(order) else None
    players = ", ".join(
        f"{names.get(p, p)} {sum(1 for w in miners.get(p, []) if w == BOARD.mine)}/{MINERS}" for p in order
    )
    words = t(lang, "barricade.table.picture_words", players=players)
    status = _status(data, turn, names, lang)
    return f"{words} — {status}" if status else words


def _clipped(draw: ImageDraw.ImageDraw, name: str, tail: str, font: Any, room: float) -> str:
    """``name`` and ``tail`` within ``room`` pixels, the name shortened with « … » if it must be."""
    name, tail = fit(name, font), fit(tail, font)
    if draw.textlength(name + tail, font=font) <= room:
        return name + tail
    while name and draw.textlength(name + "…" + tail, font=font) > room:
        name = name[:-1]
    return name + "…" + tail
