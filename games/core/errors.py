"""The one error an illegal action raises: a code the bot turns into a sentence, and parameters."""

from __future__ import annotations

from typing import Any


class IllegalAction(Exception):
    """Raised by ``apply`` when an action is not allowed now; the state is left unchanged."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        detail = ", ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{code}({detail})" if detail else code)
