"""Drawing a table, per game: what the presenter costs each time a click edits the table message
(the layout message: its words, its buttons, the payload discord.py sends; and the pictures for the
games that have them), on mid-game states.

The embed and the buttons are made on the bot's event loop before the answer goes out, so every
millisecond there is a millisecond every other table's click waits; the pictures are drawn in a
worker thread (bot/ui/drawing.py) but take the same CPU. Figures are CPU time of the drawing thread.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.sessions import Session
from bot.store import PLAYING, SessionRecord
from bot.tables import presenter_for
from games.core import Game

from .rules import seat_count
from .seeding import mid_game
from .table import Figure, number


@dataclass
class DisplayFigures:
    game: str
    drawn: int
    message_s: float  # the layout message (words, buttons, its JSON payload), in total
    picture_s: float  # the attached pictures, in total
    has_pictures: bool
    again_s: float = 0.0  # the same table's pictures drawn again (another reader, a refused click)

    @property
    def per_table_ms(self) -> float:
        return (self.message_s + self.picture_s) / self.drawn * 1000

    @property
    def picture_ms(self) -> float:
        return self.picture_s / self.drawn * 1000

    @property
    def again_ms(self) -> float:
        return self.again_s / self.drawn * 1000


async def measure(game: Game[Any], seconds: float, seed: int = 3) -> DisplayFigures:
    presenter = presenter_for(game)
    rng = random.Random(seed)
    players = [str(101 + i) for i in range(seat_count(game))]
    names = {p: f"Joueur·se {p}" for p in players}
    # The drawing's CPU (this thread's), not the wall clock: on a machine shared with other work
    # the wall clock counts the waits for a core too, and the figures would measure the load.
    clock = time.thread_time
    drawn = 0
    message_s = picture_s = again_s = 0.0
    has_pictures = False
    start = time.perf_counter()
    while drawn == 0 or time.perf_counter() - start < seconds:
        played = mid_game(game, players, rng, 0)
        rec = SessionRecord(
            channel_id=drawn + 1,
            game=game.name,
            host_id=players[0],
            names=dict(names),
            status=PLAYING,
            state=played.state,
            events=list(played.events),
            id=drawn + 1,
        )
        session = Session(rec=rec, game=game, state=game.load(played.state))
        # The layout first, as the embed and buttons were (it pays for the table's legal actions and
        # views, once per state); its gallery item costs nothing beside the picture it names.
        before = clock()
        presenter.table_view(session, []).to_components()
        middle = clock()
        files = presenter.files(session)
        after = clock()
        presenter.files(session)
        message_s += middle - before
        picture_s += after - middle
        again_s += clock() - after
        has_pictures = has_pictures or bool(files)
        drawn += 1
    return DisplayFigures(game.name, drawn, message_s, picture_s, has_pictures, again_s)


def figures(games: dict[str, Game[Any]], seconds: float) -> list[Figure]:
    out = []
    for name, game in games.items():
        result = asyncio.run(measure(game, seconds))
        what = f"{name} : table dessinée (mise en page et boutons"
        what += ", image)" if result.has_pictures else ")"
        value = f"{number(result.per_table_ms, 2)} ms"
        value += f" dont mise en page {number(result.message_s / result.drawn * 1000, 2)} ms"
        if result.has_pictures:
            value += f", image {number(result.picture_ms, 2)} ms (redessinée : {number(result.again_ms, 3)} ms)"
        out.append(Figure("affichage", what, value))
    return out


# --- the pictures alone ---------------------------------------------------------------------------
# Each picture drawn from the public views of mid-game states: cold (the content cache emptied
# before every drawing, as for a throw never seen) and cached (the same view drawn again, as when a
# click redraws the table without a new throw).


def _dice_drawers() -> dict[str, tuple[Callable[[dict[str, Any]], bytes | None], Callable[[], None]]]:
    from bot.render import cabane_dice, culdechouette_dice, ludicitude_dice
    from bot.render.cache import PICTURES

    return {
        "culdechouette": (culdechouette_dice.picture_of_view, PICTURES.clear),
        "cabane": (cabane_dice.picture_of_view, PICTURES.clear),
        "ludicitude": (ludicitude_dice.picture_of_view, PICTURES.clear),
    }


@dataclass
class PictureFigures:
    game: str
    drawn: int
    cold_s: float
    cached_s: float
    size_bytes: int

    @property
    def cold_ms(self) -> float:
        return self.cold_s / self.drawn * 1000

    @property
    def cached_ms(self) -> float:
        return self.cached_s / self.drawn * 1000

    @property
    def mean_kb(self) -> float:
        return self.size_bytes / self.drawn / 1000


def measure_pictures(game: Game[Any], seconds: float, seed: int = 5) -> PictureFigures | None:
    drawers = _dice_drawers()
    if game.name not in drawers:
        return None
    draw, clear = drawers[game.name]
    rng = random.Random(seed)
    players = [str(101 + i) for i in range(seat_count(game))]
    clock = time.thread_time  # CPU, as above
    wall = time.perf_counter
    drawn = 0
    cold_s = cached_s = 0.0
    size = 0
    start = wall()
    # Some states have nothing thrown yet; give up (None) rather than loop if none ever has.
    while wall() - start < seconds or (drawn == 0 and wall() - start < 10 * seconds + 5):
        played = mid_game(game, players, rng, 0)
        view = game.view(game.load(played.state), None)
        clear()
        before = clock()
        picture = draw(view)
        middle = clock()
        again = draw(view)
        after = clock()
        if picture is None or again is None:
            continue  # nothing thrown yet: no picture
        cold_s += middle - before
        cached_s += after - middle
        size += len(picture)
        drawn += 1
    return PictureFigures(game.name, drawn, cold_s, cached_s, size) if drawn else None


def picture_figures(games: dict[str, Game[Any]], seconds: float) -> list[Figure]:
    out = []
    for name, game in games.items():
        result = measure_pictures(game, seconds)
        if result is None:
            continue
        value = (
            f"{number(result.cold_ms, 2)} ms à froid, {number(result.cached_ms * 1000, 1)} µs en cache, "
            f"{number(result.mean_kb, 1)} Ko"
        )
        out.append(Figure("affichage", f"{name} : image des dés (par appel)", value))
    return out
