"""The table: reads lines, plays them on the game, lets automatic seats play, prints what happens.

Text for people (French, only what the screen's owner may see), or ``--json``: one object per event
or refusal, then the final state (scripts read it; every private line is there, marked ``to``).
"""

from __future__ import annotations

import json
import sys
import traceback
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TextIO

from games.core import SYSTEM, TICK, Action, BaseState, Event, Game, IllegalAction, PlayerId
from speech import SOURCE, t, words_of

from .board import board_text
from .forced import forced_action
from .help import help_text, hint
from .keyboard import TIMEOUT, Clock
from .lines import typed_line
from .reading import Reader, Typed, Unreadable
from .screen import Screen, private_text
from .seats import Seats

CLEAR = "\033[H\033[2J\033[3J"
# Automatic moves in a row before the keyboard is read again (a guard, never reached in a game).
MAX_AUTOMATIC = 50_000


class Lines(Protocol):
    def read(self, timeout: float | None = None) -> str | None: ...


@dataclass
class Pending:
    """A robot's move that waits for its time (a shout after its reaction time), at a terminal."""

    version: int
    player: PlayerId
    action: Action
    at: int


@dataclass
class Runner:
    game: Game[Any]
    state: BaseState
    out: TextIO
    as_json: bool
    screen: Screen = field(default_factory=lambda: Screen(humans=[], secrets=False))
    seats: Seats | None = None
    clock: Clock | None = None
    # Whether a throw's single legal move is played for the player (text tables; scripts play all).
    forced: bool = False
    now: int = 0
    pending: Pending | None = None
    last_kind: str | None = None
    # What the table computes from a state, once per state: legal actions, whom it waits for, numbers.
    _memo: dict[str, Any] = field(default_factory=dict)
    _memo_key: tuple[int, int] = (0, -1)
    # The language the table speaks (--lang): its own words and the game's (game words stay French).
    lang: str = SOURCE

    def __post_init__(self) -> None:
        self.words = words_of(self.game)
        self.vocabulary = self.game.full_vocabulary()
        self.reader = Reader(
            self.game.name, self.vocabulary, list(self.state.players), self.lang, self.words.choice_of
        )
        self.tty_out = bool(getattr(self.out, "isatty", lambda: False)())

    # --- what the table knows ---------------------------------------------------------------
    def memo(self, name: str, compute: Any) -> Any:
        key = (id(self.state), self.state.version)
        if key != self._memo_key:
            self._memo, self._memo_key = {}, key
        if name not in self._memo:
            self._memo[name] = compute()
        return self._memo[name]

    def legal(self) -> dict[PlayerId, list[Action]]:
        """Every player's legal actions, computed once per state."""
        found: dict[PlayerId, list[Action]] = self.memo(
            "legal", lambda: {p: self.game.legal_actions(self.state, p) for p in self.state.players}
        )
        return found

    def waiting(self) -> list[PlayerId]:
        found: list[PlayerId] = self.memo("waiting", lambda: self.game.to_act(self.state))
        return found

    def destinations(self) -> list[Any]:
        """Barricade's numbered destinations of the current throw (none for the other games)."""
        if self.game.name != "barricade":
            return []
        from games.barricade import numbered_destinations

        found: list[Any] = self.memo("numbers", lambda: numbered_destinations(self.state))  # type: ignore[arg-type]
        return found

    def numbered(self, player: PlayerId | None = None) -> list[int]:
        if player is not None and player != getattr(self.state, "turn_player", None):
            return []
        return [d.number for d in self.destinations()]

    def time(self) -> int:
        return self.clock.now() if self.clock is not None else self.now

    # --- printing ------------------------------------------------------------------------
    def write(self, text: str) -> None:
        if text:
            self.out.write(text + "\n")
            self.out.flush()

    def emit_events(self, events: list[Event]) -> None:
        for event in events:
            if self.as_json:
                record: dict[str, Any] = {"t": self.now, "event": event.kind, **event.data}
                if event.to is not None:
                    record["to"] = event.to
                self.write(json.dumps(record, ensure_ascii=False))
            elif self.screen.shows(event):
                prefix = t(self.lang, "terminal.private", players=", ".join(event.to)) if event.to is not None else ""
                self.write(prefix + self.words.describe(event, {}, self.lang))

    def refuse(self, reason: str, code: str, params: dict[str, Any], player: PlayerId | None) -> None:
        if self.as_json:
            record = {"t": self.now, "error": code, "params": params}
            self.write(json.dumps(record, ensure_ascii=False, default=str))
            return
        self.write(t(self.lang, "terminal.refused", reason=reason))
        self.write(
            hint(self.game, self.state, self.legal(), self.screen, player, self.numbered(player), self.waiting(), self.lang)
        )

    def emit_error(self, error: IllegalAction, player: PlayerId | None = None) -> None:
        reason = self.words.explain(error, self.lang)
        if error.code == "unknown_action" and error.params.get("action"):
            reason = t(self.lang, "terminal.unknown_action", action=error.params["action"])
        self.refuse(reason, error.code, error.params, player)

    def position(self) -> None:
        """Scores and whose turn; the board (Barricade); the viewer's own hand when it is their turn."""
        if self.as_json:
            return
        if self.game.name == "barricade" and (self.state.version == 0 or self.numbered() or
                                              getattr(self.state, "phase", "") == "barriere"):
            self.write(board_text(self.state, self.lang))  # type: ignore[arg-type]
        self.write(self.words.summary(self.state, {}, self.lang))
        viewer = self.screen.viewer()
        if viewer is not None and viewer in self.waiting():
            self.write(private_text(self.game, self.state, viewer, self.lang) or "")

    # --- playing -------------------------------------------------------------------------
    def act(self, player: PlayerId, action: Action, at: int | None) -> bool:
        """Apply one action; print what happened. False (and nothing changes) when refused."""
        if at is not None:
            self.now = max(self.now, at) if action.kind == TICK else at
        try:
            before = self.state.turn_no
            self.state, events = self.game.apply(self.state, player, action, self.now)
        except IllegalAction as error:
            self.emit_error(error, player)
            return False
        except Exception as error:  # a bug must not end the game: apply is pure, nothing changed
            traceback.print_exc(file=sys.stderr)
            self.refuse(
                t(self.lang, "terminal.internal_error", error=type(error).__name__),
                "internal_error", {"detail": str(error)}, player,
            )
            return False
        if action.kind not in (TICK,):
            self.last_kind = action.kind
        self.emit_events(events)
        handing_over = self.screen.needs_hand_over(self.waiting()) is not None
        if not self.state.over and self.state.turn_no != before and not handing_over:
            self.position()
        return True

    def line(self, text: str) -> None:
        """One typed line: played, answered (aide, voir), or refused with its reason."""
        joined = [p for p in self.state.players if p not in self.reader.players]
        if joined:  # someone who joined mid-game (Chante-Sloubi) is recognised like the others
            self.reader = replace(self.reader, players=self.reader.players + joined)
        try:
            typed = self.reader.read(text.strip(), self.legal())
        except Unreadable as error:
            self.refuse(error.reason, "unreadable", {"reason": error.reason}, error.player)
            return
        except IllegalAction as error:
            self.emit_error(error)
            return
        if typed is None:
            return
        try:
            self.typed(typed)
        except Unreadable as error:
            self.refuse(error.reason, "unreadable", {"reason": error.reason}, error.player)
        except IllegalAction as error:
            self.emit_error(error, typed.player)

    def typed(self, typed: Typed) -> None:
        if typed.at is not None and self.clock is not None:
            raise Unreadable(t(self.lang, "terminal.no_stamp_at_console"))
        if typed.what == "help":
            self.write(
                help_text(self.game, self.state, self.legal(), self.screen, self.numbered(), self.waiting(), self.lang)
            )
            return
        if typed.what == "look":
            self.position()
            return
        if typed.what == "wait":
            self.wait(typed.at)
            return
        assert typed.player is not None
        action = typed.action
        if typed.what == "number":
            action = self.by_number(typed.player, typed.number or 0)
        assert action is not None
        if self.clock is not None:
            self.act(typed.player, action, self.clock.stamp())
        else:
            self.act(typed.player, action, typed.at if typed.at is not None else self.now + 1)

    def by_number(self, player: PlayerId, number: int) -> Action:
        numbers = self.numbered(player)
        if not numbers:
            raise Unreadable(t(self.lang, "terminal.no_number_now"), player)
        for destination in self.destinations():
            if destination.number == number:
                return destination.action
        raise Unreadable(t(self.lang, "terminal.no_destination", number=number, count=len(numbers)), player)

    def wait(self, at: int | None) -> None:
        deadline = self.game.deadline(self.state)
        if self.clock is not None:
            if deadline is None:
                raise Unreadable(t(self.lang, "terminal.nothing_to_wait"))
            self.clock.skip_to(deadline)
            self.act(SYSTEM, Action(kind=TICK), deadline)
            return
        if at is None:
            at = deadline if deadline is not None else self.now
        self.act(SYSTEM, Action(kind=TICK), at)

    # --- automatic seats and forced moves ---------------------------------------------------
    def automatic(self) -> None:
        """Forced moves and automatic seats, until the keyboard is awaited (or the game ends)."""
        for _ in range(MAX_AUTOMATIC):
            if self.state.over:
                return
            legal = self.legal()
            forced = forced_action(self.game, self.state, legal, self.last_kind) if self.forced else None
            if forced is not None:
                player, action = forced
                self.write(
                    t(self.lang, "terminal.forced", line=typed_line(self.game, player, action))
                )
                self.act(player, action, self.time() if self.clock else self.now + 1)
                continue
            if self.seats is None:
                return
            if self.pending is not None and self.pending.version != self.state.version:
                self.pending = None
            deadline = self.game.deadline(self.state)
            if self.pending is not None:
                if deadline is not None and deadline <= min(self.pending.at, self.time()):
                    self.pending = None  # the window closes before that shout
                    self.act(SYSTEM, Action(kind=TICK), deadline)
                    continue
                if self.pending.at > self.time():
                    return
                move, self.pending = self.pending, None
                self.play_automatic(move.player, move.action, move.at)
                continue
            humans = any(legal.get(p) for p in self.screen.humans)
            found = self.seats.move(self.state, legal, self.time(), humans)
            if found is None and deadline is not None and not humans and self.clock is None:
                # Only robots at the table, and none shouts: in a script, time passes to the deadline.
                found = (SYSTEM, Action(kind=TICK), deadline)
            if found is None:
                return
            player, action, at = found
            late = deadline is not None and at >= deadline and action.kind != TICK
            if (self.clock is not None and at > self.clock.now()) or (late and humans):
                # At a terminal it is played when its time comes; in a script, after a late shout,
                # the humans' lines decide (« attendre » closes the window first).
                self.pending = Pending(self.state.version, player, action, at)
                return
            if late and deadline is not None:
                self.act(SYSTEM, Action(kind=TICK), deadline)
                continue
            self.play_automatic(player, action, at)

    def play_automatic(self, player: PlayerId, action: Action, at: int) -> None:
        if not self.as_json:
            if player != SYSTEM:
                self.write(f"> {typed_line(self.game, player, action)}")
            elif self.screen.spectator:
                self.write(t(self.lang, "terminal.time_passes"))
        version = self.state.version
        if not self.act(player, action, at) and self.seats is not None:
            self.seats.refused(player, version)

    def timeout(self) -> float | None:
        """At a terminal, how long to wait for a line before time acts by itself (seconds)."""
        if self.clock is None:
            return None
        targets = [t for t in (self.game.deadline(self.state),) if t is not None]
        if self.pending is not None:
            targets.append(self.pending.at)
        if not targets:
            return None
        return max(0.0, (min(targets) - self.clock.now()) / 1000)

    def time_is_up(self) -> None:
        """At a terminal, a wait ended with no line: a window closes (a due robot move is played by
        ``automatic``, unless the window closes first)."""
        deadline = self.game.deadline(self.state)
        due = self.pending.at if self.pending is not None else None
        if deadline is not None and deadline <= self.time() and (due is None or deadline <= due):
            self.act(SYSTEM, Action(kind=TICK), deadline)

    def hand_over(self, lines: Lines) -> str | None:
        """Hot seat: clear the screen and wait for the next player's « Entrée » before their hand."""
        player = self.screen.needs_hand_over(self.waiting())
        if player is None:
            return None
        self.write(CLEAR if self.tty_out else "—" * 40)
        self.write(t(self.lang, "terminal.hand_over", player=player, pause=t(self.lang, "terminal.pause")))
        text = lines.read(None)
        self.screen.owner = player
        self.position()
        return text

    def play(self, lines: Lines) -> None:
        """Until the game ends or the lines run out: automatic seats, then one line, and again."""
        while True:
            self.automatic()
            if self.state.over:
                return
            typed = self.hand_over(lines)
            if typed is None:
                typed = lines.read(self.timeout())
            if typed is None:
                return
            if typed == TIMEOUT:
                self.time_is_up()
                continue
            self.line(typed)

    def script_then_automatic(self, lines: Lines | None) -> None:
        """``--auto``: the script's lines first (a prepared opening), then automatic play to the end."""
        while lines is not None and not self.state.over:
            text = lines.read(None)
            if text is None:
                break
            self.line(text)
        self.automatic()

    def final(self) -> None:
        if self.as_json:
            record = {
                "final": True,
                "over": self.state.over,
                "scores": self.game.scores(self.state),
                "winners": self.state.winners,
                "state": json.loads(self.state.model_dump_json()),
            }
            self.write(json.dumps(record, ensure_ascii=False))
        else:
            self.write(self.words.summary(self.state, {}, self.lang))
