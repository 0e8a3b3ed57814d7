"""Run the terminal table on a script, as ``printf … | python -m games play …`` would."""

from __future__ import annotations

import io

from terminal import main


def table(argv: list[str], script: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(["play", *argv], stdin=io.StringIO(script), stdout=out)
    return code, out.getvalue()


def shown(argv: list[str], script: str = "") -> str:
    code, text = table(argv, script)
    assert code == 0, text
    return text
