"""Who is looking at the terminal, so that a hidden hand reaches only its player's eyes.

- Nobody at the keyboard (every seat automatic): a spectator sees everything, private lines marked.
- One human: the screen is theirs; the other seats' private lines are never printed.
- Several humans at a game with secrets (Chèvre): hot seat. The screen belongs to one player at a
  time; before it changes hands the table clears it and waits for « Entrée », then shows the newcomer
  their own view only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.core import BaseState, Event, Game, PlayerId
from speech import SOURCE, t

PAUSE = t(SOURCE, "terminal.pause")  # the French one (the hot seat's pause line is the table's language)


def has_secrets(game: Game[Any], state: BaseState) -> bool:
    """Whether a seated player sees more than a spectator (their hand)."""
    public = game.view(state, None)
    return any(game.view(state, p) != public for p in state.players)


@dataclass
class Screen:
    humans: list[PlayerId]
    secrets: bool
    # Whose eyes are on the terminal now (hot seat), None before the first hand-over.
    owner: PlayerId | None = None

    @property
    def spectator(self) -> bool:
        return not self.humans

    @property
    def hot_seat(self) -> bool:
        return self.secrets and len(self.humans) > 1

    def viewer(self) -> PlayerId | None:
        if len(self.humans) == 1:
            return self.humans[0]
        return self.owner if self.hot_seat else None

    def may_see(self, player: PlayerId) -> bool:
        """Whether ``player``'s own lines (hand, what they may play) can be printed now."""
        if self.spectator or not self.secrets:
            return True
        return player == self.viewer()

    def shows(self, event: Event) -> bool:
        if event.to is None or self.spectator:
            return True
        viewer = self.viewer()
        return viewer is not None and viewer in event.to

    def needs_hand_over(self, waiting: list[PlayerId]) -> PlayerId | None:
        """The human who must take the screen before anything else is shown, if any."""
        if not self.hot_seat:
            return None
        humans = [p for p in waiting if p in self.humans]
        if len(humans) == 1 and humans[0] != self.owner:
            return humans[0]
        return None


def private_text(game: Game[Any], state: BaseState, player: PlayerId, lang: str = SOURCE) -> str | None:
    """What ``player`` sees that a spectator does not, in ``lang`` (Chèvre: their hand)."""
    mine = game.view(state, player)
    public = game.view(state, None)
    extra = {k: v for k, v in mine.items() if public.get(k) != v}
    if not extra:
        return None
    if "hand" in extra:
        hand = " ".join(extra["hand"]) or t(lang, "terminal.hand.empty")
        text = t(lang, "terminal.hand", player=player, hand=hand)
        if "opening" in extra:
            text += " " + t(lang, "terminal.hand.opening", tile=extra["opening"])
        return text
    return t(lang, "terminal.hand.other", player=player, what=", ".join(f"{k} = {v}" for k, v in extra.items()))
