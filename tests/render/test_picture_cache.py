"""The one picture cache: a picture is drawn once per content, the memory it keeps stays bounded (by
count and by bytes), and what was shown last is what it keeps."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from bot.render.cache import PictureCache


class Drawer:
    """Draws ``size`` bytes named after the key, counting its drawings."""

    def __init__(self, size: int = 10) -> None:
        self.size = size
        self.drawn: list[object] = []

    def __call__(self, key: object) -> bytes:
        self.drawn.append(key)
        return str(key).encode().ljust(self.size, b".")


def test_each_content_is_drawn_once_then_served_from_memory() -> None:
    cache, draw = PictureCache(), Drawer()
    first = cache.get(("dice", 1, 2, 3), lambda: draw(("dice", 1, 2, 3)))
    again = cache.get(("dice", 1, 2, 3), lambda: draw(("dice", 1, 2, 3)))
    other = cache.get(("dice", 1, 2, 4), lambda: draw(("dice", 1, 2, 4)))
    assert again is first and other != first
    assert draw.drawn == [("dice", 1, 2, 3), ("dice", 1, 2, 4)] and cache.draws == 2


def test_the_least_recently_shown_picture_goes_first_when_the_count_is_full() -> None:
    cache, draw = PictureCache(entries=2), Drawer()
    for key in ("a", "b", "a", "c"):  # « a » shown again after « b »: « b » is the one forgotten
        cache.get(key, lambda key=key: draw(key))
    assert len(cache) == 2
    cache.get("a", lambda: draw("a"))
    cache.get("b", lambda: draw("b"))
    assert draw.drawn == ["a", "b", "c", "b"]


def test_the_bytes_kept_stay_under_the_bound() -> None:
    cache, draw = PictureCache(entries=100, size=1000), Drawer(size=300)
    for key in range(10):
        cache.get(key, lambda key=key: draw(key))
    assert cache.held <= 1000 and len(cache) == 3
    # A picture bigger than the whole bound is given but not kept.
    huge = PictureCache(size=100).get("board", lambda: b"x" * 500)
    assert len(huge) == 500


def test_threads_asking_at_once_get_the_same_pictures() -> None:
    cache, draw = PictureCache(entries=64), Drawer()
    keys = [k % 16 for k in range(400)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda k: cache.get(k, lambda: draw(k)), keys))
    assert got == [draw(k) for k in keys]
    assert len(cache) == 16 and cache.held == 16 * 10
