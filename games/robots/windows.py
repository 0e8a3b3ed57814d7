"""When the timed window a robot answers opened: its shout is stamped at that moment plus its delay."""

from __future__ import annotations

from .base import View


def window_opened(game: str, view: View) -> int | None:
    """The moment (ms) the open window started, read from a player's view; None without a window.

    Only Cul de chouette has timed windows: the shouts and the Sirop bets open for
    ``shout_window_ms``, a Grelottine call for the tie tolerance (plus 1 ms).
    """
    if game != "culdechouette" or view.get("over"):
        return None
    deadline = view.get("deadline_ms")
    if not isinstance(deadline, int):
        return None
    options = view.get("options", {})
    phase = view.get("phase")
    if phase in ("cris", "paris"):
        return deadline - int(options.get("shout_window_ms", 5000))
    if phase == "appel":
        return deadline - int(options.get("tie_tolerance_ms", 150)) - 1
    return None


def window_length(game: str, view: View) -> int | None:
    """How long the open window lasts in all (ms); None without a window."""
    opened = window_opened(game, view)
    deadline = view.get("deadline_ms")
    if opened is None or not isinstance(deadline, int):
        return None
    return deadline - opened
