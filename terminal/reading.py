"""A typed line into what the player means: an action, a number, a request for help, or a refusal.

Nothing here raises anything but ``Unreadable`` (a line the table cannot use, with the reason in
French) or ``IllegalAction`` (the game's own refusal codes, for arguments).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import SYSTEM, Action, ActionSpec, ArgSpec, ArgValue, IllegalAction, PlayerId
from games.core.values import ChoiceWords, read_value
from speech import SOURCE, t

from .synonyms import meanings
from .words import plain, tokens, unreadable

HELP_WORDS = {"aide", "?", "help", "aides"}
WAIT_WORDS = {"attendre", "wait", "attends"}
LOOK_WORDS = {"voir", "plateau", "main", "etat", "scores", "look", "show", "board", "hand"}


class Unreadable(Exception):
    """A line the table cannot use; ``reason`` is what the player reads."""

    def __init__(self, reason: str, player: PlayerId | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.player = player


@dataclass(frozen=True)
class Typed:
    """What a line asks for. ``what``: play, number, help, wait or look."""

    what: str
    player: PlayerId | None = None
    action: Action | None = None
    number: int | None = None
    at: int | None = None


def parse_value(
    spec: ArgSpec, raw: str, players: list[PlayerId] | None = None, choice_words: ChoiceWords | None = None
) -> ArgValue:
    """The bot's forms read values the same way (``games.core.values``); here the game judges the
    bounds and who is at the table (``strict=False``): its refusal names the limit or the player."""
    return read_value(spec, raw, {p: p for p in players or []}, strict=False, choice_words=choice_words)


def parse_action(
    vocabulary: list[ActionSpec],
    words: list[str],
    players: list[PlayerId] | None = None,
    choice_words: ChoiceWords | None = None,
) -> Action:
    """``kind arg1 arg2`` or ``kind name=value`` into an Action checked against the vocabulary."""
    if not words:
        raise IllegalAction("unknown_action")
    specs = {s.kind: s for s in vocabulary}
    spec = specs.get(words[0])
    if spec is None:
        raise IllegalAction("unknown_action", action=words[0])
    args: dict[str, ArgValue] = {}
    positional = [w for w in words[1:] if "=" not in w]
    named = dict(w.split("=", 1) for w in words[1:] if "=" in w)
    by_name = {a.name: a for a in spec.args}
    for key, raw in named.items():
        if key not in by_name:
            raise IllegalAction("bad_argument", name=key)
        args[key] = parse_value(by_name[key], raw, players, choice_words)
    free = [a for a in spec.args if a.name not in args]
    if len(positional) > len(free):
        raise IllegalAction("bad_argument", name=positional[len(free)])
    for arg_spec, raw in zip(free, positional, strict=False):
        args[arg_spec.name] = parse_value(arg_spec, raw, players, choice_words)
    for arg_spec in spec.args:
        if arg_spec.name not in args and not arg_spec.optional:
            raise IllegalAction("missing_argument", name=arg_spec.name)
    return Action(kind=spec.kind, args=args)


@dataclass(frozen=True)
class Reader:
    """Reads lines for one table: its game's words, its players, and who may act now."""

    game: str
    vocabulary: list[ActionSpec]
    # Everyone who sat at the table (a player who left is still recognised, and refused by the game).
    players: list[PlayerId]
    # The language of its refusals (--lang).
    lang: str = SOURCE
    # A choice typed in any language (« left » for Chèvre's « gauche »): the game's words.
    choice_words: ChoiceWords | None = None

    def read(self, line: str, may_act: dict[PlayerId, list[Action]]) -> Typed | None:
        """None for a blank line or a comment; ``may_act``: each player's legal actions now."""
        reason = unreadable(line, self.lang)
        if reason is not None:
            raise Unreadable(reason)
        words = tokens(line)
        if not words or words[0].startswith("#"):
            return None
        at, words = self._stamp(words)
        head = plain(words[0])
        if head in HELP_WORDS or words[0] == "?":
            return Typed("help", at=at)
        if head in WAIT_WORDS:
            return Typed("wait", at=at)
        if head in LOOK_WORDS and len(words) == 1:
            return Typed("look", at=at)
        player = self._player(words[0])
        if player is not None:
            words = words[1:]
        else:
            acting = [p for p, actions in may_act.items() if actions]
            if len(acting) == 1 and (words[0].isdigit() or self._names_an_action(words)):
                player = acting[0]
            elif len(words) == 1:
                raise Unreadable(t(self.lang, "terminal.read.neither", word=words[0]))
            elif self._names_an_action(words[1:]):
                # Someone not at the table: the game says whether they may act (Chante-Sloubi).
                player, words = words[0], words[1:]
            else:
                raise Unreadable(t(self.lang, "terminal.read.not_seated", word=words[0], players=", ".join(self.players)))
        if not words:
            raise Unreadable(t(self.lang, "terminal.read.no_action", player=player), player)
        if plain(words[0]) in HELP_WORDS or words[0] == "?":
            return Typed("help", player=player, at=at)
        if plain(words[0]) in LOOK_WORDS and len(words) == 1:
            return Typed("look", player=player, at=at)
        if words[0].isdigit() and len(words) == 1:
            return Typed("number", player=player, number=int(words[0]), at=at)
        if player == SYSTEM:
            return Typed("play", player, parse_action(self.vocabulary, words, choice_words=self.choice_words), at=at)
        legal = [a.kind for a in may_act.get(player, [])]
        return Typed("play", player, self._action(words, legal), at=at)

    def _names_an_action(self, words: list[str]) -> bool:
        try:
            self._action(words, [])
        except IllegalAction as error:
            return error.code != "unknown_action"
        return True

    def _stamp(self, words: list[str]) -> tuple[int | None, list[str]]:
        if len(words) > 1 and words[-1].startswith("@"):
            raw = words[-1][1:]
            if not raw.isdigit():
                raise Unreadable(t(self.lang, "terminal.read.bad_stamp", word=words[-1]))
            return int(raw), words[:-1]
        return None, words

    def _player(self, word: str) -> PlayerId | None:
        if word == SYSTEM:
            return SYSTEM
        for player in self.players:
            if player == word:
                return player
        folded = [p for p in self.players if plain(p) == plain(word)]
        return folded[0] if len(folded) == 1 else None

    def _action(self, words: list[str], legal: list[str]) -> Action:
        """The longest run of leading words that names an action (« pas mou le caillou »)."""
        kinds = [s.kind for s in self.vocabulary]
        for size in range(len(words), 0, -1):
            folded = "_".join(p for p in (plain(w) for w in words[:size]) if p)
            candidates = meanings(self.game, folded, kinds)
            if candidates:
                chosen = next((k for k in candidates if k in legal), candidates[0])
                return parse_action(self.vocabulary, [chosen, *words[size:]], self.players, self.choice_words)
            shortcut = self._choice_shortcut(folded)
            if shortcut is not None and size == len(words):
                return shortcut
        raise IllegalAction("unknown_action", action=" ".join(words))

    def _choice_shortcut(self, folded: str) -> Action | None:
        """A choice typed alone names its action when only one action takes it (a bird's name)."""
        found = [
            Action(kind=spec.kind, args={spec.args[0].name: choice})
            for spec in self.vocabulary
            if len(spec.args) == 1 and spec.args[0].type == "choice"
            for choice in spec.args[0].choices
            if plain(choice) == folded
        ]
        return found[0] if len(found) == 1 else None
