"""``python -m bench.proposed_bot``: the bot as ``python -m bot`` runs it, with changes proposed in
docs/PERFORMANCE.md applied in this process only, so ``python -m bench --proposed`` measures their
effect end to end. Nothing here changes the bot's files.

Pictures (section 1): quantize with FASTOCTREE instead of MEDIANCUT, and save PNGs without
``optimize`` (Barricade's board, Chèvre's chain and hand). Same colours, slightly larger files, five
times faster.

Restart (section 2): a table that nothing happened to while the bot was away (a « resumed » notice
without events) is neither redrawn nor announced: its message already shows it as it is.
"""

from __future__ import annotations

import sys
from typing import Any

from PIL import Image

_quantize = Image.Image.quantize
_save = Image.Image.save


def _fast_quantize(
    self: Image.Image, colors: int = 256, method: Any = None, *args: Any, **kwargs: Any
) -> Image.Image:
    if method == Image.Quantize.MEDIANCUT:
        method = Image.Quantize.FASTOCTREE
    return _quantize(self, colors, method, *args, **kwargs)


def _fast_save(self: Image.Image, fp: Any, format: str | None = None, **params: Any) -> None:
    params.pop("optimize", None)
    _save(self, fp, format, **params)


def _quiet_resume() -> None:
    from bot.sessions import Notice, Session
    from bot.ui.clicks import ClickHandler
    from games.core import Event

    told = ClickHandler.table_changed

    async def table_changed(
        self: ClickHandler, session: Session, events: list[Event], notice: Notice
    ) -> None:
        if notice.kind == "resumed" and not events:
            return
        await told(self, session, events, notice)

    ClickHandler.table_changed = table_changed  # type: ignore[method-assign]


def main() -> int:
    Image.Image.quantize = _fast_quantize  # type: ignore[method-assign]
    Image.Image.save = _fast_save  # type: ignore[method-assign]
    _quiet_resume()
    from bot.__main__ import main as bot_main

    return bot_main()


if __name__ == "__main__":
    sys.exit(main())
