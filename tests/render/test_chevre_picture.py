"""The Chèvre pictures: a valid PNG of a sensible size for the chain and for a private hand."""

from __future__ import annotations

import io
import random

from PIL import Image

from bot.render.chevre import MAX_WIDTH, render_chain, render_hand
from games.chevre import GAME, ChevreState
from games.core.autoplay import choose


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
    image = opened(render_chain(GAME.view(state, None)))
    assert image.format == "PNG" and image.mode == "RGB"
    assert 420 <= image.width <= MAX_WIDTH
    # 24 tiles do not fit on one row of 900 pixels: at least two rows, each about 70 pixels high.
    assert 150 <= image.height <= 400


def test_a_short_chain_is_a_small_picture_and_grows_with_the_chain() -> None:
    short = opened(render_chain(GAME.view(mid_game(3), None)))
    longer = opened(render_chain(GAME.view(mid_game(24), None)))
    assert short.height < longer.height
    assert short.width <= longer.width


def test_an_empty_chain_still_gives_a_picture() -> None:
    state, _ = GAME.start(["ana", "bob"], seed=1)
    image = opened(render_chain(GAME.view(state, None)))
    assert image.size[0] >= 200 and image.size[1] >= 50


def test_the_picture_draws_the_pips() -> None:
    blank = opened(render_chain({"chain": [[0, 0]], "ends": [0, 0], "round": 1, "bazar": 0}))
    six = opened(render_chain({"chain": [[6, 6]], "ends": [6, 6], "round": 1, "bazar": 0}))
    assert blank.size == six.size
    dark = [sum(img.convert("L").histogram()[:60]) for img in (blank, six)]
    assert dark[1] > dark[0]


def test_a_hand_of_twenty_tiles_wraps_and_playable_tiles_are_outlined() -> None:
    tiles = [f"{a}-{b}" for a in range(7) for b in range(a, 7)][:20]
    image = opened(render_hand(tiles))
    assert image.mode == "RGB" and image.width <= MAX_WIDTH
    assert image.height > opened(render_hand(tiles[:5])).height
    plain = opened(render_hand(["3-5", "1-2"]))
    marked = opened(render_hand(["3-5", "1-2"], playable=["3-5"]))
    assert plain.size == marked.size and plain.tobytes() != marked.tobytes()
