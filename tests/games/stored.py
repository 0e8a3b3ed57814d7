"""An event as a table stored it before the events were typed: ``{kind, data, to}``, the keys as
that day's code wrote them (French in most games)."""

from __future__ import annotations

from typing import Any


def old(kind: str, **data: Any) -> dict[str, Any]:
    return {"kind": kind, "data": data, "to": None}
