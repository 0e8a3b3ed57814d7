"""The Barricade board picture: a small PNG where tents, miners, barriers and moves can be seen."""

from __future__ import annotations

import io
import random

from PIL import Image

from bot.render.barricade import COLOUR_RGB, HEIGHT, MARKER, OFFSET, POINT, WIDTH, point_xy, render_board
from games.barricade import GAME, BarricadeState, load_board, numbered_destinations
from games.core.autoplay import play_out

from .saving import PHONE, keep

BOARD = load_board()


def mid_game() -> BarricadeState:
    """Four players some hundred moves in, a throw waiting to be played."""
    state, _ = GAME.start(["ana", "bob", "cid", "dan"], seed=4)
    rng = random.Random(4)
    end, _ = play_out(GAME, state, rng, max_steps=400)
    while end.phase != "deplacer":
        end, _ = play_out(GAME, end, rng, max_steps=1)
    assert isinstance(end, BarricadeState)
    return end


def pixels(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def near(colour: tuple[int, ...], wanted: tuple[int, int, int]) -> bool:
    """The same colour give or take the palette's rounding (the picture keeps 48 colours)."""
    return all(abs(a - b) <= 4 for a, b in zip(colour, wanted, strict=True))


def test_a_mid_game_picture_is_a_small_png_of_the_expected_size() -> None:
    state = mid_game()
    png = keep("barricade-plateau", render_board(state, numbered_destinations(state)))
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "P"
    assert image.size == (WIDTH, HEIGHT) == (960, 766)
    assert len(png) < 150_000


def test_the_view_dict_draws_the_same_picture_as_the_state() -> None:
    state = mid_game()
    assert render_board(GAME.view(state, None)) == render_board(state)


def test_seated_tents_wear_their_players_colour_and_miners_stand_where_they_are() -> None:
    state, _ = GAME.start(["ana", "bob"], seed=2)
    state.miners["ana"][0] = BOARD.at(4, 6)
    image = pixels(render_board(state))
    ana_tent = BOARD.tents[state.tents["ana"]]
    x, y = point_xy(ana_tent.x, ana_tent.y)
    assert image.getpixel((int(x) - 14, int(y) + 10)) == COLOUR_RGB["rouge"]  # beside its count
    free_tent = BOARD.tents[0]
    x, y = point_xy(free_tent.x, free_tent.y)
    assert image.getpixel((int(x) - 14, int(y) + 10)) not in COLOUR_RGB.values()
    x, y = point_xy(4, 6)
    assert image.getpixel((int(x) + 6, int(y) + 6)) == COLOUR_RGB["rouge"]


def test_barriers_are_dark_squares_and_destinations_are_numbered_markers() -> None:
    state, _ = GAME.start(["ana", "bob"], seed=2, loaded=[5, 2, 1])
    state, _ = GAME.apply(state, "ana", GAME.legal_actions(state, "ana")[0], 0)
    destinations = numbered_destinations(state)
    assert len(destinations) == 1
    image = pixels(render_board(state, destinations))
    barrier = BOARD.point(BOARD.barriers[0])
    x, y = point_xy(barrier.x, barrier.y)
    assert max(image.getpixel((int(x) + 11, int(y) + 11))) < 80
    entry = BOARD.point(destinations[0].point)
    x, y = point_xy(entry.x, entry.y)
    assert image.getpixel((int(x) - 9, int(y) + 7)) == MARKER
    assert render_board(state) != render_board(state, destinations)


def test_points_reached_by_several_miners_keep_their_neighbours_visible() -> None:
    # Three miners at the three doors throw a 6: each may bounce back to either side of any row G,
    # so every such point carries three numbers. Bob's miner between two of them stays in sight.
    barriers = [b for b in BOARD.barriers if b != BOARD.by_label("I12")]
    state, _ = GAME.start(["ana", "bob"], seed=2)
    mine = BOARD.mine
    state.miners = {
        "ana": [BOARD.by_label("J11"), BOARD.by_label("J12"), BOARD.by_label("J13"), mine, mine],
        "bob": [BOARD.by_label("G18"), -1, -1, -1, -1],
    }
    state.barriers = sorted(barriers)
    state.phase, state.throw, state.current = "deplacer", 6, state.order.index("ana")
    destinations = numbered_destinations(state)
    assert len(destinations) == 36
    image = pixels(keep("barricade-rebonds", render_board(state, destinations)))
    x, y = point_xy(17, 6)
    assert image.getpixel((int(x) - 5, int(y) - 5)) == COLOUR_RGB["bleu"]
    # The numbers sit clear of the points they name, above and below them in turn.
    for label, dy in (("G17", -OFFSET), ("G19", OFFSET)):
        p = BOARD.point(BOARD.by_label(label))
        x, y = point_xy(p.x, p.y)
        assert near(image.getpixel((int(x), int(y))), POINT)
        band = [image.getpixel((int(x) + i, int(y) + dy + j)) for i in range(-25, 26) for j in range(-6, 7)]
        assert sum(near(c, MARKER) for c in band) > 100


def test_the_pictures_words_are_in_the_readers_language() -> None:
    state, _ = GAME.start(["ana", "bob"], seed=1)
    assert render_board(state, lang="en") != render_board(state, lang="fr") == render_board(state)



def rows_of(image: Image.Image, box: tuple[int, int, int, int], dark: bool) -> int:
    """How many pixel rows of ``box`` hold dark ink (or, ``dark`` False, light ink): the height of
    what is written there."""
    part = image.crop(box)
    ink = (lambda c: max(c) < 90) if dark else (lambda c: min(c) > 200)
    return sum(1 for y in range(part.height) if any(ink(part.getpixel((x, y))) for x in range(part.width)))


def test_the_destination_numbers_and_miners_stay_legible_shown_400_pixels_wide() -> None:
    state, _ = GAME.start(["ana", "bob"], seed=2, loaded=[5, 2, 1])
    state, _ = GAME.apply(state, "ana", GAME.legal_actions(state, "ana")[0], 0)
    state.miners["bob"][0] = BOARD.at(4, 6)
    [destination] = numbered_destinations(state)
    image = pixels(keep("barricade-une-destination", render_board(state, [destination])))
    scale = PHONE / WIDTH  # a phone shows the board this much smaller
    point = BOARD.point(destination.point)
    x, y = (int(v) for v in point_xy(point.x, point.y))
    # The digit on its marker (dark on cyan, inside the marker's outline)…
    assert rows_of(image, (x - 5, y - 10, x + 6, y + 11), dark=True) * scale >= 6
    # … and the miner's number (light on its colour, inside its ring) stay 6 and 5 pixels high on
    # a phone (5 and 4 when they were drawn 14 and 13 pixels high).
    x, y = (int(v) for v in point_xy(4, 6))
    assert rows_of(image, (x - 5, y - 9, x + 6, y + 10), dark=False) * scale >= 5
