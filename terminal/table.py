"""The table: feeds lines to a game and prints what happens, as text or as JSON lines."""

from __future__ import annotations

import json
import random
import shlex
from typing import Any, TextIO

from games.core import SYSTEM, TICK, Action, BaseState, Event, Game, IllegalAction
from games.core.autoplay import choose

from .reading import parse_action

WAIT_WORDS = {"attendre", "wait"}


class Runner:
    """Feeds lines to a game and prints what happens, as text or as JSON lines."""

    def __init__(self, game: Game[Any], state: BaseState, out: TextIO, as_json: bool) -> None:
        self.game = game
        self.state = state
        self.out = out
        self.as_json = as_json
        self.now = 0
        self.vocabulary = game.full_vocabulary()

    def emit_events(self, events: list[Event]) -> None:
        for event in events:
            if self.as_json:
                record: dict[str, Any] = {"t": self.now, "event": event.kind, **event.data}
                if event.to is not None:
                    record["to"] = event.to
                self.out.write(json.dumps(record, ensure_ascii=False) + "\n")
            else:
                prefix = f"[privé → {', '.join(event.to)}] " if event.to is not None else ""
                self.out.write(prefix + self.game.describe(event) + "\n")

    def emit_error(self, error: IllegalAction) -> None:
        if self.as_json:
            record = {"t": self.now, "error": error.code, "params": error.params}
            self.out.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")
        else:
            self.out.write(f"Refusé : {self.game.explain(error)}\n")

    def act(self, player: str, action: Action, at: int | None) -> None:
        if at is not None:
            self.now = max(self.now, at) if action.kind == TICK else at
        try:
            before = self.state.turn_no
            self.state, events = self.game.apply(self.state, player, action, self.now)
        except IllegalAction as error:
            self.emit_error(error)
            return
        self.emit_events(events)
        if not self.as_json and (self.state.turn_no != before or self.state.over):
            self.out.write(self.game.summary(self.state) + "\n")

    def line(self, text: str) -> None:
        text = text.strip()
        if not text or text.startswith("#"):
            return
        at: int | None = None
        words = shlex.split(text)
        if words and words[-1].startswith("@"):
            try:
                at = int(words.pop()[1:])
            except ValueError:
                self.emit_error(IllegalAction("bad_argument", name="@ms"))
                return
        if words and words[0] in WAIT_WORDS:
            words = [SYSTEM, TICK]
        if words[:2] == [SYSTEM, TICK] and at is None:
            deadline = self.game.deadline(self.state)
            at = deadline if deadline is not None else self.now
        if len(words) < 2:
            self.emit_error(IllegalAction("unknown_action"))
            return
        try:
            action = parse_action(self.vocabulary, words[1:])
        except IllegalAction as error:
            self.emit_error(error)
            return
        if at is None:
            at = self.now + 1
        self.act(words[0], action, at)

    def auto(self, seed: int, max_steps: int = 20_000) -> None:
        rng = random.Random(seed)
        for _ in range(max_steps):
            if self.state.over:
                return
            move = choose(self.game, self.state, rng, self.now)
            if move is None:
                return
            player, action, at = move
            if not self.as_json:
                shown = "(le temps passe)" if player == SYSTEM else f"{player} {action}"
                self.out.write(f"> {shown}\n")
            self.act(player, action, at)

    def final(self) -> None:
        if self.as_json:
            record = {
                "final": True,
                "over": self.state.over,
                "scores": self.game.scores(self.state),
                "winners": self.state.winners,
                "state": json.loads(self.state.model_dump_json()),
            }
            self.out.write(json.dumps(record, ensure_ascii=False) + "\n")
        else:
            self.out.write(self.game.summary(self.state) + "\n")
