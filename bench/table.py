"""The one table ``python -m bench`` prints: a line per figure, with its target when it has one."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Figure:
    section: str
    what: str
    value: str
    # The target in words (« ≥ 50 % ») and whether it is met; None when the figure has no target.
    target: str = ""
    met: bool | None = None


def number(value: float, digits: int = 0) -> str:
    """French-looking numbers: thin spaces between thousands, a comma for decimals."""
    text = f"{value:,.{digits}f}"
    return text.replace(",", " ").replace(".", ",")


def ms(seconds: float) -> str:
    return f"{number(seconds * 1000, 1)} ms"


def render(figures: list[Figure]) -> str:
    headers = ("section", "mesure", "valeur", "cible")
    rows = [
        (
            f.section,
            f.what,
            f.value,
            "" if f.met is None else f"{f.target} {'✓' if f.met else '✗ MANQUÉE'}",
        )
        for f in figures
    ]
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    lines = [
        "  ".join(
            cell.rjust(widths[i]) if i == 2 else cell.ljust(widths[i]) for i, cell in enumerate(headers)
        ).rstrip(),
        "  ".join("-" * w for w in widths),
    ]
    for row in rows:
        lines.append(
            "  ".join(
                cell.rjust(widths[i]) if i == 2 else cell.ljust(widths[i]) for i, cell in enumerate(row)
            ).rstrip()
        )
    return "\n".join(lines)
