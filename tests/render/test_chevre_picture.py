"""The Chèvre pictures: a valid PNG of a sensible size for the chain and for a private hand."""

from __future__ import annotations

import io
import random

from PIL import Image

from bot.render.chevre import (
    GOLD,
    HALF,
    HAND_HALF,
    HEADER,
    MARGIN,
    MAX_WIDTH,
    ROW_GAP,
    render_chain,
    render_hand,
)
from games.chevre import GAME, ChevreState
from games.core.autoplay import choose

from .saving import keep

PHONE = 400  # pixels: how wide Discord shows a picture on a phone


def mid_game(tiles_laid: int) -> ChevreState:
    state, _ = GAME.start(["ana", "bob"], seed=8)
    rng = random.Random(2)
    while len(state.chain) < tiles_laid:
        move = choose(GAME, state, rng, 0)
        assert move is not None
        state, _ = GAME.apply(state, move[0], move[1], move[2])
    assert isinstance(state, ChevreState)
    return state


def opened(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_a_long_chain_wraps_into_rows_narrow_enough_for_a_phone() -> None:
    state = mid_game(24)
    image = opened(keep("chevre-chaine", render_chain(GAME.view(state, None))))
    assert image.format == "PNG" and image.mode == "P"  # a palette PNG: small and cheap to encode
    assert 420 <= image.width <= MAX_WIDTH
    # 24 tiles do not fit on one row of 620 pixels: at least three rows of 80 pixels, and the
    # picture stays shorter than a phone's screen.
    assert 3 * 2 * HALF <= image.height <= 640


def test_a_short_chain_is_a_small_picture_and_grows_with_the_chain() -> None:
    short = opened(render_chain(GAME.view(mid_game(3), None)))
    longer = opened(render_chain(GAME.view(mid_game(24), None)))
    assert short.height < longer.height
    assert short.width <= longer.width


def test_an_empty_chain_still_gives_a_picture() -> None:
    state, _ = GAME.start(["ana", "bob"], seed=1)
    image = opened(keep("chevre-chaine-vide", render_chain(GAME.view(state, None))))
    assert image.size[0] >= 200 and image.size[1] >= 50


def test_an_empty_chain_says_what_opens_the_round_not_only_that_it_is_empty() -> None:
    first = opened(render_chain({"chain": [], "round": 1, "bazar": 14}))
    later = opened(render_chain({"chain": [], "round": 2, "bazar": 14}))
    assert first.size == later.size
    # The first round names its opening tiles (two lines); later rounds leave the choice (one).
    assert first.tobytes() != later.tobytes()
    assert dark_or_light_pixels(first) > dark_or_light_pixels(later)


def dark_or_light_pixels(image: Image.Image) -> int:
    histogram = image.convert("L").histogram()
    return sum(histogram[200:])


def test_the_pips_stay_legible_shown_400_pixels_wide_on_a_phone() -> None:
    chain = opened(render_chain(GAME.view(mid_game(24), None)))
    hand = opened(render_hand([f"{a}-{b}" for a in range(7) for b in range(a, 7)][:20]))
    # A half of a tile shown at least 24 pixels wide: six pips stay apart (measured by eye at 400).
    assert HALF * min(1.0, PHONE / chain.width) >= 24
    assert HAND_HALF * min(1.0, PHONE / hand.width) >= 24


def gold_in(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    raw = image.convert("RGB").crop(box).tobytes()
    return sum(
        1 for i in range(0, len(raw), 3) if sum(abs(a - b) for a, b in zip(raw[i : i + 3], GOLD, strict=True)) < 40
    )


def test_the_row_ends_show_where_the_chain_goes_on() -> None:
    plain = [[1, 2], [2, 4], [4, 5], [5, 1], [1, 3], [3, 6], [6, 2], [2, 0], [0, 3], [3, 4], [4, 6], [6, 0]]
    plain += plain[:6]  # 18 tiles: three rows
    one_row = opened(render_chain({"chain": plain[:5], "ends": [1, 3], "round": 1, "bazar": 0}))
    three_rows = opened(keep("chevre-chaine-virages", render_chain({"chain": plain, "ends": [1, 0], "round": 1, "bazar": 0})))
    assert three_rows.height > 2 * one_row.height
    # Between two rows only the gold U-turn's upright is drawn: at the right end after the first
    # row (read left to right), at the left end after the second (read right to left).
    gap_1 = MARGIN + HEADER + 2 * HALF
    gap_2 = gap_1 + ROW_GAP + 2 * HALF
    right = (three_rows.width // 2, gap_1, three_rows.width, gap_1 + ROW_GAP)
    left = (0, gap_2, three_rows.width // 2, gap_2 + ROW_GAP)
    assert gold_in(three_rows, right) > 20 and gold_in(three_rows, left) > 20
    assert gold_in(three_rows, (0, gap_1, three_rows.width // 2, gap_1 + ROW_GAP)) == 0


def test_the_picture_draws_the_pips() -> None:
    blank = opened(render_chain({"chain": [[0, 0]], "ends": [0, 0], "round": 1, "bazar": 0}))
    six = opened(render_chain({"chain": [[6, 6]], "ends": [6, 6], "round": 1, "bazar": 0}))
    assert blank.size == six.size
    dark = [sum(img.convert("L").histogram()[:60]) for img in (blank, six)]
    assert dark[1] > dark[0]


def test_a_hand_of_twenty_tiles_wraps_and_playable_tiles_are_outlined() -> None:
    tiles = [f"{a}-{b}" for a in range(7) for b in range(a, 7)][:20]
    image = opened(keep("chevre-main", render_hand(tiles, playable=["0-3", "1-1"])))
    assert image.mode == "P" and image.width <= MAX_WIDTH
    assert image.height > opened(render_hand(tiles[:5])).height
    plain = opened(render_hand(["3-5", "1-2"]))
    marked = opened(render_hand(["3-5", "1-2"], playable=["3-5"]))
    assert plain.size == marked.size and plain.tobytes() != marked.tobytes()


def test_an_empty_hand_says_its_player_went_out() -> None:
    empty = opened(keep("chevre-main-vide", render_hand([])))
    assert empty.width >= 300 and dark_or_light_pixels(empty) > 200


def test_the_pictures_words_are_in_the_readers_language() -> None:
    from games.chevre import GAME as CHEVRE

    state, _ = CHEVRE.start(["ana", "bob"], seed=3)
    view = CHEVRE.view(state, None)
    assert render_chain(view, "en") != render_chain(view, "fr") == render_chain(view)
    assert render_hand([], (), "en") != render_hand([], (), "fr")
