"""``python -m bench.proposed_bot``: the bot as ``python -m bot`` runs it, with the picture changes
proposed in docs/PERFORMANCE.md (section 1) applied in this process only, so ``python -m bench
--proposed`` measures their effect end to end. Nothing here changes the bot's files.

The changes: quantize with FASTOCTREE instead of MEDIANCUT, and save PNGs without ``optimize``
(Barricade's board, Chèvre's chain). Same colours, a few percent larger files, five times faster.
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


def main() -> int:
    Image.Image.quantize = _fast_quantize  # type: ignore[method-assign]
    Image.Image.save = _fast_save  # type: ignore[method-assign]
    from bot.__main__ import main as bot_main

    return bot_main()


if __name__ == "__main__":
    sys.exit(main())
