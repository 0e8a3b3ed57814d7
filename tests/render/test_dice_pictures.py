"""The dice pictures of Cul de chouette, la Cabane sul' Dos and Ludicitude: what each shows, that the
same throw is drawn once, that the files stay small, and the words that go with them."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from bot.render import cabane_dice, culdechouette_dice, ludicitude_dice
from bot.render.cache import PICTURES
from games.cabane import GAME as CABANE
from games.cabane.game import CabaneState
from games.core.autoplay import choose
from games.culdechouette import GAME as CUL
from games.ludicitude import GAME as LUDICITUDE

from .saving import keep, opened

SMALL = 12_000  # bytes: a dice picture is a few KB


def colour_share(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> float:
    """The share of the pixels of ``box`` that are near ``colour``."""
    part = image.convert("RGB").crop(box)
    raw = part.tobytes()
    pixels = [raw[i : i + 3] for i in range(0, len(raw), 3)]
    near = sum(1 for p in pixels if sum(abs(a - b) for a, b in zip(p, colour, strict=True)) < 60)
    return near / len(pixels)


# --- Cul de chouette ------------------------------------------------------------------------------


def test_the_cul_is_drawn_red_apart_from_the_two_ivory_chouettes() -> None:
    image = opened(keep("culdechouette-chouette", culdechouette_dice.render_throw((3, 3, 5))))
    side, top = culdechouette_dice.SIDE, culdechouette_dice.MARGIN
    first = (image.width - culdechouette_dice.WIDTH) // 2 + culdechouette_dice.MARGIN
    lefts = [first, first + side + culdechouette_dice.GAP, first + 2 * side + culdechouette_dice.GAP + culdechouette_dice.APART]
    red = [colour_share(image, (x + 10, top + 10, x + side - 10, top + side - 10), (178, 34, 34)) for x in lefts]
    assert red[2] > 0.5 and red[0] < 0.05 and red[1] < 0.05
    # The cul stands further from the second chouette than the chouettes from each other.
    assert lefts[2] - lefts[1] > lefts[1] - lefts[0]


def test_the_combination_changes_the_picture_and_the_words() -> None:
    assert "Velute de 5 : 50 points" in culdechouette_dice.describe_throw((2, 3, 5))
    assert "Cul de Chouette de 4 : 80 points" in culdechouette_dice.describe_throw((4, 4, 4))
    assert culdechouette_dice.describe_throw((1, 3, 6)).endswith("Néant")
    velute = keep("culdechouette-velute", culdechouette_dice.render_throw((2, 3, 5)))
    cul = keep("culdechouette-cul-de-chouette", culdechouette_dice.render_throw((4, 4, 4)))
    keep("culdechouette-neant", culdechouette_dice.render_throw((1, 3, 6)))
    assert velute != cul


def test_the_siroted_die_is_outlined_in_gold_and_said() -> None:
    plain = opened(culdechouette_dice.render_throw((6, 6, 2)))
    marked = opened(keep("culdechouette-a-siroter", culdechouette_dice.render_throw((6, 6, 2), 2, True)))
    assert plain.size == marked.size
    gold = (235, 185, 40)
    assert colour_share(marked, (0, 0, marked.width, marked.height), gold) > colour_share(
        plain, (0, 0, plain.width, plain.height), gold
    )
    assert "le cul à siroter" in culdechouette_dice.describe_throw((6, 6, 2), 2, True)
    keep("culdechouette-sirote", culdechouette_dice.render_throw((6, 6, 6), 2, False))


def test_the_picture_speaks_the_readers_language_and_keeps_the_game_words() -> None:
    assert culdechouette_dice.describe_throw((2, 3, 5), lang="en") == "Chouettes: 2 and 3 · cul: 5 — Velute of 5: 50 points"
    assert culdechouette_dice.describe_throw((6, 6, 2), 2, True, lang="en") == (
        "Chouettes: 6 and 6 · cul: 2 · the cul to sirote — Chouette of 6: 36 points"
    )
    assert culdechouette_dice.describe_throw((2, 5), lang="en") == "Chouettes: 2 and 5 · the cul is still to throw"
    english = culdechouette_dice.render_throw((2, 5), lang="en")
    assert english != culdechouette_dice.render_throw((2, 5))  # the caption under the dice differs
    keep("culdechouette-chouettes-en", english)


def test_before_the_cul_the_picture_shows_its_empty_place_and_what_is_next() -> None:
    image = opened(keep("culdechouette-chouettes", culdechouette_dice.render_throw((2, 5))))
    assert image.width >= culdechouette_dice.WIDTH
    assert culdechouette_dice.describe_throw((2, 5)) == "Chouettes : 2 et 5 · le cul reste à lancer"


def test_a_game_view_gives_the_throw_and_no_picture_before_any_dice() -> None:
    state, _ = CUL.start(["ana", "bob"], seed=4)
    assert culdechouette_dice.picture_of_view(CUL.view(state, None)) is None
    rng = random.Random(1)
    while len(state.throw) < 3:
        move = choose(CUL, state, rng, 0)
        assert move is not None
        state, _ = CUL.apply(state, move[0], move[1], move[2])
    view = CUL.view(state, None)
    picture = culdechouette_dice.picture_of_view(view)
    assert picture == culdechouette_dice.render_throw(tuple(state.throw))
    words = culdechouette_dice.words_of_view(view)
    assert words is not None and words.startswith(f"Chouettes : {state.throw[0]} et {state.throw[1]}")


def test_impossible_dice_are_refused() -> None:
    with pytest.raises(ValueError):
        culdechouette_dice.render_throw((0, 3, 3))
    with pytest.raises(ValueError):
        culdechouette_dice.render_throw((3,))


# --- La Cabane sul' Dos ---------------------------------------------------------------------------


@pytest.mark.parametrize("face", ["T", "F", "G", "D", "B", "C"])
def test_each_face_is_its_own_drawing(face: str) -> None:
    drawn = keep(f"cabane-{face}", cabane_dice.render_throw((face,)))
    others = {cabane_dice.render_throw((f,)) for f in "TFGDBC" if f != face}
    assert drawn not in others
    assert len(drawn) < SMALL


def test_the_cabin_on_its_back_is_the_front_upside_down() -> None:
    front = cabane_dice._cabin("F", 110)
    back = cabane_dice._cabin("C", 110)
    assert front.rotate(180).tobytes() == back.tobytes()


def test_the_two_dice_and_the_words_name_both_faces() -> None:
    image = opened(keep("cabane-deux-des", cabane_dice.render_throw(("F", "C"))))
    assert image.width > opened(cabane_dice.render_throw(("F",))).width
    assert cabane_dice.describe_throw(("F", "C")) == "Dés lancés : F (Façade) et C (Cabane)"


def test_the_ten_coups_show_the_standing_cabin_and_the_count() -> None:
    counted = opened(keep("cabane-dix-coups", cabane_dice.render_throw(("C",), True, 6, "5 ; 6")))
    fewer = opened(cabane_dice.render_throw(("C",), True, 4, "4"))
    assert counted.size == fewer.size
    gold = (235, 185, 40)
    whole = (0, 0, counted.width, counted.height)
    assert colour_share(counted, whole, gold) > colour_share(fewer, whole, gold)
    words = cabane_dice.describe_throw(("C",), True, 6, "5 ; 6")
    assert words.startswith("Première cabane debout (T)") and "6 coups sur 10" in words


def test_a_cabane_view_draws_its_last_throw() -> None:
    state, _ = CABANE.start(["ana", "bob"], seed=2)
    assert cabane_dice.picture_of_view(CABANE.view(state, None)) is None
    rng = random.Random(3)
    for _ in range(200):
        move = choose(CABANE, state, rng, 0)
        assert move is not None
        state, _ = CABANE.apply(state, move[0], move[1], move[2])
        assert isinstance(state, CabaneState)
        if state.phase == "dix_coups" and len(state.last_faces) == 1:
            break
    view = CABANE.view(state, None)
    assert cabane_dice.picture_of_view(view) == cabane_dice.render_throw(
        tuple(state.last_faces), True, state.count, state.count_said
    )
    with pytest.raises(ValueError):
        cabane_dice.render_throw(("X",))


# --- Ludicitude -----------------------------------------------------------------------------------


def test_the_seven_faces_of_a_first_throw() -> None:
    image = opened(keep("ludicitude-lancer", ludicitude_dice.render_dice((1, 2, 3, 4, 5, 6, 1))))
    assert image.width == ludicitude_dice.WIDTH
    words = ludicitude_dice.describe_dice((1, 2, 3, 4, 5, 6, 1))
    assert words == (
        "Sur la table : 2 lapins, 1 double lapin/clapier pour 2, 1 clapier pour 3, 1 clapier pour 4, "
        "1 clapier pour 5, 1 carotte"
    )


def test_the_dice_set_aside_and_the_clapier_pile_are_drawn_under_the_table() -> None:
    table_only = opened(ludicitude_dice.render_dice((6, 3, 1)))
    aside = (6, 3, 1), 1, 1, 0, (2, 3), 0, 33
    full = opened(keep("ludicitude-ecartes", ludicitude_dice.render_dice(*aside)))
    assert full.height > table_only.height + 150
    words = ludicitude_dice.describe_dice(*aside)
    assert "1 pile de lapins, 1 lapin" in words and "clapiers 2-3 (× 3)" in words and "33 points" in words
    carrots = (1, 2), 0, 0, 1, (2, 3, 4), 2, 8
    keep("ludicitude-carottes", ludicitude_dice.render_dice(*carrots))
    assert "2 carottes de côté" in ludicitude_dice.describe_dice(*carrots)


def test_a_ludicitude_view_is_drawn_with_the_turn_worth() -> None:
    state, _ = LUDICITUDE.start(["ana", "bob"], seed=5)
    rng = random.Random(4)
    for _ in range(3):
        move = choose(LUDICITUDE, state, rng, 0)
        assert move is not None
        state, _ = LUDICITUDE.apply(state, move[0], move[1], move[2])
    view = LUDICITUDE.view(state, None)
    picture, words = ludicitude_dice.picture_of_view(view), ludicitude_dice.words_of_view(view)
    assert picture is not None and picture[:8] == b"\x89PNG\r\n\x1a\n"
    assert words is not None and "le tour vaut" in words


# --- all of them ----------------------------------------------------------------------------------


def test_the_same_throw_is_drawn_once_and_every_picture_is_a_few_kilobytes() -> None:
    PICTURES.clear()
    draws = PICTURES.draws
    first = culdechouette_dice.render_throw((1, 2, 3))
    again = culdechouette_dice.render_throw((1, 2, 3))
    assert again is first
    assert PICTURES.draws == draws + 1
    pictures = [
        culdechouette_dice.render_throw((6, 6, 2), 2, True),
        cabane_dice.render_throw(("C",), True, 6, "5 ; 6"),
        ludicitude_dice.render_dice((1, 2), 0, 0, 1, (2, 3, 4), 2, 8),
    ]
    assert all(len(p) < SMALL for p in pictures)
    assert all(opened(p).mode == "P" for p in pictures)


def test_pictures_drawn_at_once_in_worker_threads_are_those_drawn_one_by_one() -> None:
    throws = [(a, b, c) for a in range(1, 7) for b in range(1, 7) for c in (1, 4)]
    PICTURES.clear()
    alone = [culdechouette_dice.render_throw(t) for t in throws]
    PICTURES.clear()
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda t: culdechouette_dice.render_throw(t), throws))
    assert together == alone
