"""What a game can say, gathered by playing it: every event it emits and every refusal it gives, in
random games where players also leave and try moves they may not make. The words tests then check
that each is said in French and in English (and in English without a French sentence)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from games.core import Action, BaseState, Event, Game, IllegalAction, PlayerId
from games.core.autoplay import choose, random_steps
from games.core.game import LEAVE
from speech.games import GameWords
from tests.french import french_lines

ROOT = Path(__file__).resolve().parents[2]

# The codes of the refusals the engine of a game writes (its events' kinds are its union's).
ERROR_CODE = re.compile(r'IllegalAction\(\s*"([a-z_]+)"')
# Refusals every game shares, said by games.po (error.<code>), not the game's own catalogue.
SHARED = {"unknown_action", "not_your_turn", "bad_argument", "game_over", "not_a_player"}

Tries = Callable[[BaseState, PlayerId], Iterable[Action]]


def refusals_written_in(game: str) -> set[str]:
    """The refusal codes written in ``games/<game>/``."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "games" / game).glob("*.py")))
    return set(ERROR_CODE.findall(source)) - SHARED


def said(
    game: Game[Any], tries: Tries, seeds: range, max_steps: int = 400
) -> tuple[list[Event], list[IllegalAction]]:
    """Random games (2 to max players): events, and the refusals of ``tries`` at every few steps.

    In two games of three a player leaves, at the start or midway, so the leaving's words are said too.
    """
    events: list[Event] = []
    errors: dict[tuple[str, str], IllegalAction] = {}
    for seed in seeds:
        rng = random.Random(seed)
        players = [f"p{i}" for i in range(2 + seed % (game.max_players - 1))]
        state, first = game.start(players, seed=seed)
        events += first
        now = 0
        for step in range(max_steps):
            leaves_at = (0, max_steps // 4, None)[seed // 2 % 3]
            if step == leaves_at and len(state.players) > 1:
                state, out = game.apply(state, rng.choice(state.players), Action(kind=LEAVE), now)
                events += out
                continue
            if step % 5 == 0 and state.players:
                # One player waited for and one who may not be: refusals of both kinds.
                for player in {*game.to_act(state)[:1], state.players[step % len(state.players)]}:
                    for action in tries(state, player):
                        try:
                            game.apply(state, player, action, now)
                        except IllegalAction as error:
                            errors.setdefault((error.code, repr(sorted(error.params))), error)
            move = choose(game, state, rng, now)
            if move is None:
                break
            player, action, now = move
            state, out = game.apply(state, player, action, now)
            events += out
    return events, list(errors.values())


def assert_events_said(words: GameWords, events: Iterable[Event], names: dict[str, str], lang: str) -> None:
    """Each event said in ``lang`` with a sentence of its own (not its bare kind, no placeholder left),
    and in English without a French line but the game words."""
    for event in events:
        text = words.describe(event, names, lang)
        assert text and not text.startswith(event.kind) and "{" not in text, (lang, event, text)
        if lang == "en":
            assert not french_lines(text), (event, text)
            assert text != words.describe(event, names, "fr"), (event, text)


def assert_refusals_said(words: GameWords, errors: Iterable[IllegalAction]) -> None:
    """Each refusal explained in both languages with its own sentence, not the generic fallback."""
    for error in errors:
        french, english = words.explain(error, "fr"), words.explain(error, "en")
        assert "Action refusée" not in french and "{" not in french + english, error
        assert english != french and not french_lines(english), (error, english)


def random_play(
    game: Game[Any], starts: Callable[[int], tuple[BaseState, list[Event]]], games: int
) -> tuple[list[Event], list[BaseState]]:
    """The events and the states of ``games`` random games, each started by ``starts(seed)``."""
    events: list[Event] = []
    states: list[BaseState] = []
    for seed in range(games):
        state, first = starts(seed)
        events += first
        for step in random_steps(game, state, random.Random(seed), max_steps=5000):
            events += step.events
            states.append(step.after)
    return events, states
